// The schema check (docs/schema.md §5.1, §5.2) against a real ASP.NET Core server on Kestrel, started by
// tests/Pack.TypeScript.Tests/SchemaCheck (PACK_SCHEMA_SERVER is its base URL): the server writes and reads
// SchemaCheckContracts.Item; the client's types (test/generated/schema-check.ts) are an older, a newer and an
// incompatible view of it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PackClient, PackSchemaMismatchError, PackServerError, packBody, packStreamBody } from "../../build/src/index.js";
import { I32Payload, ItemNewerPayload, ItemOlderPayload, ItemRetypedPayload } from "../../build/test/generated/schema-check.js";

const base = process.env.PACK_SCHEMA_SERVER;
if (!base) throw new Error("PACK_SCHEMA_SERVER is not set: run through `dotnet test tests/Pack.TypeScript.Tests` (SchemaCheckTests).");

const counts = async () => (await fetch(new URL("counts", base))).json();
const rejection = (promise) => promise.then(() => assert.fail("expected an error"), (e) => e);

test("response: the server appended a member; the older client checks it once and reads", async () => {
  const client = new PackClient({ baseUrl: base });
  assert.deepEqual(await client.call("GET", "items/1", null, ItemOlderPayload), { Id: 1, Name: "one" });
  assert.deepEqual(await client.call("GET", "items/1", null, ItemOlderPayload), { Id: 1, Name: "one" });
  assert.equal(client.schemaFetches, 1, "the verdict is kept: one fetch of /pack/schema");
});

test("response: the newer client (an appended member the server lacks) reads, its member defaulted", async () => {
  const client = new PackClient({ baseUrl: base });
  assert.deepEqual(await client.call("GET", "items/1", null, ItemNewerPayload), { Id: 1, Name: "one", Note: "first", Rank: 0 });
});

test("response: an incompatible contract raises PackSchemaMismatchError with the violations, nothing decoded", async () => {
  const client = new PackClient({ baseUrl: base });
  const e = await rejection(client.call("GET", "items/1", null, ItemRetypedPayload));
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.equal(e.direction, "response");
  assert.equal(e.expected, ItemRetypedPayload.wireFingerprint);
  assert.deepEqual(e.violations.map((v) => `${v.ruleId} ${v.path}`), ["MEMBER_RETYPED $.Id"]);
  // The verdict is recorded: the second call fails without asking the server's schema again.
  assert.ok((await rejection(client.call("GET", "items/1", null, ItemRetypedPayload))) instanceof PackSchemaMismatchError);
  assert.equal(client.schemaFetches, 1);
});

test("response stream: checked before the first item", async () => {
  const client = new PackClient({ baseUrl: base });
  const items = [];
  for await (const item of client.stream("GET", "items/stream", null, ItemOlderPayload)) items.push(item.Id);
  assert.deepEqual(items, [1, 2, 3]);
  const seen = [];
  const e = await rejection((async () => {
    for await (const item of client.stream("GET", "items/stream", null, ItemRetypedPayload)) seen.push(item);
  })());
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.deepEqual(seen, []);
});

test("request: an unknown body schema is registered after the 412 and the body sent once more", async () => {
  const client = new PackClient({ baseUrl: base });
  const before = await counts();
  const echoed = await client.call("POST", "items", packBody(ItemOlderPayload, { Id: 7, Name: "seven" }), ItemNewerPayload);
  assert.deepEqual(echoed, { Id: 7, Name: "seven", Note: null, Rank: 0 });
  const after = await counts();
  assert.equal((after["POST /pack/schema"] ?? 0) - (before["POST /pack/schema"] ?? 0), 1);
  assert.equal((after["POST /items"] ?? 0) - (before["POST /items"] ?? 0), 2);
  // Registered: the next body is read at once.
  await client.call("POST", "items", packBody(ItemOlderPayload, { Id: 8, Name: "eight" }), ItemOlderPayload);
  assert.equal((await counts())["POST /items"] - after["POST /items"], 1);
});

test("request: an incompatible body is refused with 409, a PackSchemaMismatchError with the server's violations", async () => {
  const client = new PackClient({ baseUrl: base });
  const e = await rejection(client.call("POST", "items", packBody(ItemRetypedPayload, { Id: 7n, Name: "seven" }), ItemOlderPayload));
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.equal(e.direction, "request");
  assert.equal(e.actual, ItemRetypedPayload.wireFingerprint);
  assert.deepEqual(e.violations.map((v) => `${v.ruleId} ${v.path}`), ["MEMBER_RETYPED $.Id"]);
  assert.equal(e.problem.type, "urn:pack:problem:request-schema-incompatible");
});

test("request stream: the 412 is the caller's error; the schema is registered, so the next stream is read", async () => {
  const client = new PackClient({ baseUrl: base });
  const items = [{ Id: 1, Name: "a", Note: null, Rank: 1 }, { Id: 2, Name: "b", Note: "x", Rank: 2 }];
  const e = await rejection(client.call("POST", "items/stream", packStreamBody(ItemNewerPayload, items), I32Payload));
  assert.ok(e instanceof PackServerError, String(e));
  assert.equal(e.status, 412);
  assert.equal(e.type, "urn:pack:problem:request-schema-unknown");
  assert.equal(await client.call("POST", "items/stream", packStreamBody(ItemNewerPayload, items), I32Payload), 2);
});

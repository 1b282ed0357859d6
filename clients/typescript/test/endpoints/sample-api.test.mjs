// The typed client `pack ts` generates from the sample API's served schema (test/generated/sample-api-served.ts, its
// endpoints per docs/schema.md §5.3) against the real sample API on Kestrel, started by
// tests/Pack.TypeScript.Tests (EndpointClientTests; PACK_SAMPLE_API is its base URL).
import assert from "node:assert/strict";
import { test } from "node:test";
import { PackClient, PackDeadlineError, PackServerError } from "../../build/src/index.js";
import {
  membersStream,
  minimalCreateOrder,
  minimalGetOrder,
  operationsSlow,
  ordersCreate,
  ordersGet,
  ordersList,
  ordersReplace,
  OrderStatus,
  readingsScale,
  readingsUpload,
} from "../../build/test/generated/sample-api-served.js";

const base = process.env.PACK_SAMPLE_API;
if (!base) throw new Error("PACK_SAMPLE_API is not set: run through `dotnet test tests/Pack.TypeScript.Tests` (EndpointClientTests).");
const client = () => new PackClient({ baseUrl: base });

test("a route parameter: GET /api/orders/{id} reads a typed Order over Pack, schema checked", async () => {
  const c = client();
  const order = await ordersGet(c, 1);
  assert.equal(order?.Id, 1);
  assert.equal(order?.Customer, "Customer 1");
  assert.equal(c.lastResponse?.contentType?.startsWith("application/x-pack"), true);
  assert.equal(c.schemaFetches, 0, "the served schema's fingerprint is the generated one: no lookup");
});

test("a whole list, and the same call over JSON with fromJson", async () => {
  const orders = await ordersList(client());
  assert.ok((orders?.length ?? 0) >= 3);
  const json = new PackClient({ baseUrl: base, preferJson: true });
  const ids = await ordersList(json, { fromJson: (j) => j.map((o) => ({ Id: o.id })) });
  assert.equal(json.lastResponse?.contentType?.startsWith("application/json"), true);
  assert.ok(ids.some((o) => o.Id === 1));
});

test("a value body: POST creates, PUT replaces; a validation error is a PackServerError with field errors", async () => {
  const c = client();
  const request = { Customer: "Ada Lovelace", Lines: [{ Sku: "PACK-1", Quantity: 2, UnitPrice: "2.50" }], Status: OrderStatus.Paid };
  const created = await ordersCreate(c, request);
  assert.equal(created?.Customer, "Ada Lovelace");
  assert.equal(created?.Total, "5.00");
  const replaced = await ordersReplace(c, created.Id, { ...request, Customer: "Ada King" });
  assert.equal(replaced?.Customer, "Ada King");
  const e = await ordersCreate(c, { Customer: "A", Lines: [], Status: OrderStatus.Pending }).then(() => assert.fail("expected a 400"), (x) => x);
  assert.ok(e instanceof PackServerError, String(e));
  assert.equal(e.status, 400);
  assert.ok(Object.keys(e.errors).some((k) => k.startsWith("Customer")), JSON.stringify(e.errors));
});

test("a minimal API's named endpoint (WithTags, WithName): minimalCreateOrder, then minimalGetOrder reads it back", async () => {
  const c = client();
  const created = await minimalCreateOrder(c, { Customer: "Grace Hopper", Lines: [{ Sku: "PACK-2", Quantity: 1, UnitPrice: "3.25" }], Status: OrderStatus.Pending });
  assert.equal(created?.Customer, "Grace Hopper");
  const read = await minimalGetOrder(c, created.Id);
  assert.equal(read?.Total, "3.25");
});

test("a route value is percent-encoded; a missing order is a 404 PackServerError", async () => {
  const e = await minimalGetOrder(client(), 999_999).then(() => assert.fail("expected a 404"), (x) => x);
  assert.ok(e instanceof PackServerError, String(e));
  assert.equal(e.status, 404);
});

test("query parameters and a streamed response: for await over GET /api/members/stream", async () => {
  const ids = [];
  for await (const m of membersStream(client(), { count: 5, delayMs: 0 })) ids.push(m?.Id);
  assert.deepEqual(ids, [1, 2, 3, 4, 5]);
});

test("leaving a streamed response early cancels it", async () => {
  const ids = [];
  for await (const m of membersStream(client(), { count: 100_000, delayMs: 1 })) {
    ids.push(m?.Id);
    if (ids.length === 3) break;
  }
  assert.deepEqual(ids, [1, 2, 3]);
});

test("a streamed request body (client streaming): readingsUpload sums the readings, POST /api/readings", async () => {
  async function* readings() {
    for (let i = 1; i <= 4; i++) yield { Sensor: i, Timestamp: BigInt(i), Value: i * 1.5 };
  }
  const summary = await readingsUpload(client(), readings());
  assert.deepEqual(summary, { Count: 4, Total: 15, Max: 6 });
});

test("a streamed request body with a required query parameter reaches the endpoint: POST /minimal/readings/scale", async () => {
  // The endpoint streams both ways, which the server serves over HTTP/2 only; Node's fetch speaks HTTP/1.1, so the
  // server's typed refusal (problem+json) is what the generated call must surface.
  async function* readings() {
    for (let i = 1; i <= 3; i++) yield { Sensor: i, Timestamp: BigInt(i), Value: i };
  }
  const e = await (async () => {
    for await (const r of readingsScale(client(), readings(), { factor: 2.5 })) assert.fail(`read ${String(r)}`);
  })().then(() => assert.fail("expected the HTTP/2 problem"), (x) => x);
  assert.ok(e instanceof PackServerError, String(e));
  assert.equal(e.status, 400);
  assert.match(e.title ?? "", /HTTP\/2/);
});

test("a deadline: Pack-Timeout from timeoutMs, a PackDeadlineError", async () => {
  const e = await operationsSlow(client(), { delayMs: 5_000 }, { timeoutMs: 200 }).then(() => assert.fail("expected a deadline"), (x) => x);
  assert.ok(e instanceof PackDeadlineError, String(e));
});

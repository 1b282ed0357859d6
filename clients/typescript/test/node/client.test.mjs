// The fetch client against a real HTTP server on 127.0.0.1 (node:http, a free port, closed after the tests):
// negotiation, Pack-Timeout, typed errors, the Pack-Schema check, streams frame by frame, cancellation.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { after, before, test } from "node:test";
import {
  PackClient,
  PackDeadlineError,
  PackDecodeError,
  PackNetworkError,
  PackSchemaMismatchError,
  PackServerError,
  PackStreamError,
  MAX_LOOKUP_ATTEMPTS,
  SCHEMA_NOT_SERVED_TYPE,
  decode,
  encode,
  encodeEndFrame,
  encodeErrorFrame,
  encodeItemFrame,
  formatPackTimeout,
  int32,
  packBody,
  parseSchema,
  contractFingerprint,
  wireFingerprint,
} from "../../build/src/index.js";

const intReader = { decode: (b) => decode(int32, b), wireFingerprint: "00000000000000aa" };
// The schemas of i32 (the reader) and i64 (what a server wrote with), for the §5.1 check against a fake server.
const primitive = (name, width) => ({ format: "pack-schema/1", types: [{ kind: "primitive", nullable: false, primitive: name, signed: true, width }] });
const i32 = parseSchema(primitive("i32", 4));
const i64 = parseSchema(primitive("i64", 8));
const i32Schema = JSON.stringify(primitive("i32", 4));
const checkedIntReader = { decode: (b) => decode(int32, b), wireFingerprint: wireFingerprint(i32), contractFingerprint: contractFingerprint(i32), label: "i32", schema: i32Schema };
const setOf = (...schemas) => JSON.stringify({
  format: "pack-schema-set/1",
  schemas: schemas.map((s) => ({ type: s.types[0].primitive, wire: wireFingerprint(s), contract: contractFingerprint(s), schema: { format: "pack-schema/1", types: s.types.map((t) => ({ kind: t.kind, nullable: t.nullable, primitive: t.primitive, signed: t.signed, width: t.width })) } })),
});
const schemaRequests = (name) => requests.filter((r) => r.url.split("?")[0] === `/schemas/${name}`);

// Replicas behind a round-robin balancer (§5.1 step 5): request n to /schemas/rr/<name> gets replicas.get(name)[n % length],
// a schema set's JSON, or NOT_SERVED for MapPackSchema's 404 problem.
const NOT_SERVED = null;
const replicas = new Map();
const rawSetOf = (...schemas) => JSON.stringify({
  format: "pack-schema-set/1",
  schemas: schemas.map((raw) => ({ type: "t", wire: wireFingerprint(parseSchema(raw)), contract: contractFingerprint(parseSchema(raw)), schema: raw })),
});
// A compatible pair with different wire fingerprints (an appended member) from the shared compatibility vectors.
const compatibleCase = JSON.parse(readFileSync(new URL("../../../../docs/vectors/compatibility.json", import.meta.url), "utf8")).cases
  .find((c) => c.violations.length === 0 && wireFingerprint(parseSchema(c.reader)) !== wireFingerprint(parseSchema(c.writer)));
const appendedWire = wireFingerprint(parseSchema(compatibleCase.writer));
const appendedReader = {
  decode: (b) => decode(int32, b),
  wireFingerprint: wireFingerprint(parseSchema(compatibleCase.reader)),
  contractFingerprint: contractFingerprint(parseSchema(compatibleCase.reader)),
  label: "reader",
  schema: JSON.stringify(compatibleCase.reader),
};
const frame = (n) => encodeItemFrame(encode(int32, n));
const requests = [];
const closed = new Map(); // path -> promise resolved when the server sees the connection close
let release;
let server;
let base;

function onClose(req, res, path) {
  closed.set(path, new Promise((resolve) => res.on("close", () => resolve(!res.writableFinished))));
}

before(async () => {
  server = createServer(async (req, res) => {
    requests.push({ url: req.url, headers: req.headers });
    const path = req.url.split("?")[0];
    if (path.startsWith("/advertised/")) {
      // An int written under a Pack-Schema, with the schema endpoint advertised as MapPackSchema does (§5):
      // /advertised/<fingerprint>/<endpoint, URI-encoded>.
      const [fingerprint, endpoint] = path.slice("/advertised/".length).split("/");
      res.writeHead(200, { "content-type": "application/x-pack", "pack-schema": fingerprint, "pack-schema-endpoint": decodeURIComponent(endpoint) });
      res.end(encode(int32, 42));
      return;
    }
    if (path.startsWith("/written-as/")) {
      // An int written under the Pack-Schema the path names.
      res.writeHead(200, { "content-type": "application/x-pack", "pack-schema": path.slice("/written-as/".length) });
      res.end(encode(int32, 42));
      return;
    }
    if (path.startsWith("/schemas/rr/")) {
      const name = path.slice("/schemas/rr/".length);
      const sets = replicas.get(name);
      const n = sets.n ?? 0;
      sets.n = n + 1;
      const set = sets[n % sets.length];
      if (set === NOT_SERVED) {
        res.writeHead(404, { "content-type": "application/problem+json" });
        res.end(JSON.stringify({ type: SCHEMA_NOT_SERVED_TYPE, status: 404, wireSchema: new URL(req.url, "http://x").searchParams.get("wire") }));
        return;
      }
      const etag = `"${name}-${n % sets.length}"`;
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, { etag });
        res.end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json", etag });
      res.end(set);
      return;
    }
    if (path.startsWith("/schemas/")) {
      const name = path.slice("/schemas/".length);
      if (name === "i64" || name === "etag") {
        if (req.headers["if-none-match"] === '"e1"') {
          res.writeHead(304, { etag: '"e1"' });
          res.end();
          return;
        }
        res.writeHead(200, { "content-type": "application/json", etag: '"e1"' });
        res.end(setOf(i64));
        return;
      }
      if (name === "tampered") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(setOf(i64).replace(wireFingerprint(i64), "00000000000000cc").replace(/"width":8/, '"width":4').replace("00000000000000cc", wireFingerprint(i64)));
        return;
      }
      if (name === "slow") {
        setTimeout(() => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(setOf(i64));
        }, 200);
        return;
      }
      res.writeHead(404);
      res.end();
      return;
    }
    switch (path) {
      case "/echo-schema-header":
        res.writeHead(200, { "content-type": "application/x-pack" });
        res.end(encode(int32, req.headers["pack-schema"] === undefined ? 0 : 1));
        return;
      case "/int":
        res.writeHead(200, { "content-type": "application/x-pack", "pack-schema": "00000000000000aa" });
        res.end(encode(int32, 42));
        return;
      case "/int-other-schema":
        res.writeHead(200, { "content-type": "application/x-pack", "pack-schema": "00000000000000bb" });
        res.end(encode(int32, 42));
        return;
      case "/malformed":
        res.writeHead(200, { "content-type": "application/x-pack" });
        res.end(new Uint8Array([1, 2, 3]));
        return;
      case "/validation":
        res.writeHead(400, { "content-type": "application/problem+json" });
        res.end(JSON.stringify({
          type: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
          title: "One or more validation errors occurred.",
          status: 400,
          errors: { Customer: ["The Customer field is required."], "Lines[0].Quantity": ["Too many.", "Really."] },
          traceId: "00-abc-01",
        }));
        return;
      case "/expired":
        res.writeHead(504, { "content-type": "application/problem+json", "pack-timeout-expired": "true" });
        res.end(JSON.stringify({ type: "urn:pack:deadline-exceeded", title: "Deadline exceeded", status: 504 }));
        return;
      case "/slow":
        onClose(req, res, path);
        setTimeout(() => {
          if (!res.destroyed) {
            res.writeHead(200, { "content-type": "application/x-pack" });
            res.end(encode(int32, 1));
          }
        }, 3000);
        return;
      case "/stream": {
        res.writeHead(200, { "content-type": "application/x-pack-stream" });
        res.write(frame(1));
        await new Promise((resolve) => (release = resolve));
        res.write(frame(2));
        res.end(encodeEndFrame());
        return;
      }
      case "/stream-error":
        res.writeHead(200, { "content-type": "application/x-pack-stream" });
        res.write(frame(1));
        res.end(encodeErrorFrame({ status: 500, type: null, title: "Internal Server Error", detail: "boom", traceId: "t" }));
        return;
      case "/stream-deadline":
        res.writeHead(200, { "content-type": "application/x-pack-stream" });
        res.write(frame(1));
        res.end(encodeErrorFrame({ status: 504, type: "urn:pack:deadline-exceeded", title: "Deadline exceeded", detail: null, traceId: "t" }));
        return;
      case "/stream-cut":
        res.writeHead(200, { "content-type": "application/x-pack-stream" });
        res.end(frame(1));
        return;
      case "/stream-endless": {
        onClose(req, res, path);
        res.writeHead(200, { "content-type": "application/x-pack-stream" });
        let n = 0;
        const timer = setInterval(() => {
          if (res.destroyed) return clearInterval(timer);
          res.write(frame(n++));
        }, 20);
        res.on("close", () => clearInterval(timer));
        return;
      }
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

test("formatPackTimeout writes the finest unit within 8 digits, rounded up (docs/operations.md)", () => {
  assert.equal(formatPackTimeout(1500), "1500m");
  assert.equal(formatPackTimeout(0.2), "1m");
  assert.equal(formatPackTimeout(99_999_999), "99999999m");
  assert.equal(formatPackTimeout(100_000_000), "100000S");
  assert.equal(formatPackTimeout(100_000_000_001), "1666667M");
  assert.throws(() => formatPackTimeout(0), RangeError);
});

test("call: Accept negotiation, Pack decoded, no Pack-Timeout without a deadline", async () => {
  const client = new PackClient({ baseUrl: base });
  assert.equal(await client.call("GET", "int", null, intReader), 42);
  const sent = requests.at(-1).headers;
  assert.equal(sent.accept, "application/x-pack, application/json;q=0.9");
  assert.equal(sent["pack-timeout"], undefined);
  assert.equal(client.lastResponse.bytes, 4);
});

test("call: a deadline is sent as Pack-Timeout", async () => {
  const client = new PackClient({ baseUrl: base, timeoutMs: 1500 });
  await client.call("GET", "int", null, intReader);
  assert.equal(requests.at(-1).headers["pack-timeout"], "1500m");
  await client.call("GET", "int", null, intReader, { timeoutMs: 250 });
  assert.equal(requests.at(-1).headers["pack-timeout"], "250m");
});

test("call: problem+json becomes PackServerError with status, type, title and field errors", async () => {
  const client = new PackClient({ baseUrl: base });
  const e = await client.call("POST", "validation", new Uint8Array([1]), intReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackServerError, String(e));
  assert.equal(e.status, 400);
  assert.equal(e.title, "One or more validation errors occurred.");
  assert.equal(e.type, "https://tools.ietf.org/html/rfc9110#section-15.5.1");
  assert.deepEqual(e.errors, { Customer: ["The Customer field is required."], "Lines[0].Quantity": ["Too many.", "Really."] });
  assert.equal(e.problem.traceId, "00-abc-01");
  assert.equal(requests.at(-1).headers["content-type"], "application/x-pack");
});

test("call: the server's 504 with Pack-Timeout-Expired is a PackDeadlineError reported by the server", async () => {
  const client = new PackClient({ baseUrl: base, timeoutMs: 5000 });
  const e = await client.call("GET", "expired", null, intReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackDeadlineError, String(e));
  assert.equal(e.reportedByServer, true);
});

test("call: the client's own timer raises PackDeadlineError and aborts the request (the server sees it)", async () => {
  const client = new PackClient({ baseUrl: base });
  const e = await client.call("GET", "slow", null, intReader, { timeoutMs: 150 }).then(() => null, (x) => x);
  assert.ok(e instanceof PackDeadlineError, String(e));
  assert.equal(e.reportedByServer, false);
  assert.equal(await closed.get("/slow"), true);
});

test("call: the caller's AbortSignal aborts with its own reason, not a Pack error", async () => {
  const client = new PackClient({ baseUrl: base });
  const controller = new AbortController();
  const pending = client.call("GET", "slow", null, intReader, { signal: controller.signal });
  setTimeout(() => controller.abort(new Error("user left")), 100);
  await assert.rejects(pending, /user left/);
  assert.equal(await closed.get("/slow"), true);
});

test("call: a refused connection is a PackNetworkError", async () => {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = probe.address().port;
  await new Promise((resolve) => probe.close(resolve));
  const client = new PackClient({ baseUrl: `http://127.0.0.1:${port}/` });
  const e = await client.call("GET", "int", null, intReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackNetworkError, String(e));
});

test("schema check: a reader without a schema is not checked (§5.1 step 2)", async () => {
  const client = new PackClient({ baseUrl: base });
  assert.equal(await client.call("GET", "int-other-schema", null, intReader), 42);
  assert.equal(client.schemaFetches, 0);
});

test("schema check: an incompatible writer schema fails before decoding, with the violations; the verdict is kept", async () => {
  const client = new PackClient({ baseUrl: base, schemaPath: "/schemas/i64", headers: { Authorization: "Bearer t" } });
  const e = await client.call("GET", `written-as/${wireFingerprint(i64)}`, null, checkedIntReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.equal(e.direction, "response");
  assert.equal(e.readerType, "i32");
  assert.equal(e.expected, wireFingerprint(i32));
  assert.equal(e.actual, wireFingerprint(i64));
  assert.deepEqual(e.violations.map((v) => `${v.ruleId} ${v.path}`), ["TYPE_CHANGED $"]);
  const fetch = schemaRequests("i64").at(-1).headers;
  assert.equal(fetch.accept, "application/json");
  assert.equal(fetch.authorization, "Bearer t");
  await client.call("GET", `written-as/${wireFingerprint(i64)}`, null, checkedIntReader).then(() => assert.fail(), () => null);
  assert.equal(client.schemaFetches, 1);
});

test("schema check: without schemaPath, a server that advertises no endpoint is sent no lookup (§5.1 step 5)", async () => {
  const client = new PackClient({ baseUrl: base });
  const before = requests.length;
  assert.equal(await client.call("GET", "written-as/00000000000000de", null, checkedIntReader), 42);
  assert.equal(await client.call("GET", "written-as/00000000000000de", null, checkedIntReader), 42);
  assert.deepEqual(requests.slice(before).map((r) => r.url), ["/written-as/00000000000000de", "/written-as/00000000000000de"]);
  assert.equal(client.schemaFetches, 0);
  const strict = new PackClient({ baseUrl: base, schemaUnavailable: "fail" });
  const e = await strict.call("GET", "written-as/00000000000000de", null, checkedIntReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.match(e.message, /Pack-Schema-Endpoint/);
});

test("schema check: without schemaPath, the advertised endpoint of the request's origin is asked, another origin's never", async () => {
  const client = new PackClient({ baseUrl: base });
  const before = schemaRequests("i64").length;
  const e = await client.call("GET", `advertised/${wireFingerprint(i64)}/${encodeURIComponent("/schemas/i64")}`, null, checkedIntReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.deepEqual(e.violations.map((v) => `${v.ruleId} ${v.path}`), ["TYPE_CHANGED $"]);
  assert.equal(schemaRequests("i64").length - before, 1);
  const elsewhere = new PackClient({ baseUrl: base });
  assert.equal(await elsewhere.call("GET", `advertised/00000000000000df/${encodeURIComponent("http://other.test/schemas/i64")}`, null, checkedIntReader), 42);
  assert.equal(elsewhere.schemaFetches, 0);
});

test("schema check: compatibleFingerprints and checkResponseSchema: false skip the check", async () => {
  const tolerant = new PackClient({ baseUrl: base, schemaPath: "/schemas/i64", compatibleFingerprints: [wireFingerprint(i64)] });
  assert.equal(await tolerant.call("GET", `written-as/${wireFingerprint(i64)}`, null, checkedIntReader), 42);
  const off = new PackClient({ baseUrl: base, schemaPath: "/schemas/i64", checkResponseSchema: false });
  assert.equal(await off.call("GET", `written-as/${wireFingerprint(i64)}`, null, checkedIntReader), 42);
  assert.equal(tolerant.schemaFetches + off.schemaFetches, 0);
});

test("schema check: no schema endpoint reads by default and asks once a minute per fingerprint; 'fail' refuses", async () => {
  const client = new PackClient({ baseUrl: base, schemaPath: "/schemas/missing" });
  const before = schemaRequests("missing").length;
  assert.equal(await client.call("GET", "written-as/00000000000000dd", null, checkedIntReader), 42);
  assert.equal(await client.call("GET", "written-as/00000000000000dd", null, checkedIntReader), 42);
  assert.equal(schemaRequests("missing").length - before, 1);
  const strict = new PackClient({ baseUrl: base, schemaPath: "/schemas/missing", schemaUnavailable: "fail" });
  const e = await strict.call("GET", "written-as/00000000000000dd", null, checkedIntReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.deepEqual(e.violations, []);
  assert.match(e.message, /answered 404/);
});

test("schema check: a set whose recorded fingerprint does not match its schema is no schema", async () => {
  const client = new PackClient({ baseUrl: base, schemaPath: "/schemas/tampered", schemaUnavailable: "fail" });
  const e = await client.call("GET", `written-as/${wireFingerprint(i64)}`, null, checkedIntReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.match(e.message, /no valid schema set/);
});

test("schema check: a new fingerprint asks again with If-None-Match; after a 304 the retries ask without it", async () => {
  const client = new PackClient({ baseUrl: base, schemaPath: "/schemas/etag", schemaNotServed: "read" });
  await client.call("GET", `written-as/${wireFingerprint(i64)}`, null, checkedIntReader).then(() => assert.fail(), () => null);
  assert.equal(schemaRequests("etag").at(-1).headers["if-none-match"], undefined);
  assert.equal(await client.call("GET", "written-as/00000000000000ee", null, checkedIntReader), 42);
  assert.deepEqual(schemaRequests("etag").slice(-4).map((r) => r.headers["if-none-match"]), ['"e1"', undefined, undefined, undefined]);
  assert.equal(schemaRequests("etag").at(-1).url, "/schemas/etag?wire=00000000000000ee");
  assert.equal(client.schemaFetches, 1 + MAX_LOOKUP_ATTEMPTS);
});

test("schema check: behind round-robin, an incompatible replica's schema is found on a retry and fails the call", async () => {
  replicas.set("incompatible", [rawSetOf(compatibleCase.reader), setOf(i64)]);
  const client = new PackClient({ baseUrl: base, schemaPath: "/schemas/rr/incompatible" });
  const e = await client.call("GET", `written-as/${wireFingerprint(i64)}`, null, checkedIntReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.deepEqual(e.violations.map((v) => `${v.ruleId} ${v.path}`), ["TYPE_CHANGED $"]);
  assert.deepEqual(schemaRequests("rr/incompatible").map((r) => r.url), Array(2).fill(`/schemas/rr/incompatible?wire=${wireFingerprint(i64)}`));
});

test("schema check: behind round-robin, a compatible replica's schema is found after a not-served answer and the body is read", async () => {
  replicas.set("compatible", [NOT_SERVED, setOf(i64), rawSetOf(compatibleCase.writer)]);
  const client = new PackClient({ baseUrl: base, schemaPath: "/schemas/rr/compatible" });
  assert.equal(await client.call("GET", `written-as/${appendedWire}`, null, appendedReader), 42);
  assert.equal(schemaRequests("rr/compatible").length, 3);
});

test("schema check: no replica serves the fingerprint: fails by default after exactly MAX_LOOKUP_ATTEMPTS, then waits a minute", async () => {
  replicas.set("never", [setOf(i64), NOT_SERVED]);
  const client = new PackClient({ baseUrl: base, schemaPath: "/schemas/rr/never" });
  const e = await client.call("GET", `written-as/${appendedWire}`, null, appendedReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.deepEqual(e.violations, []);
  assert.match(e.message, /answered 4 times without a schema/);
  assert.match(e.message, /schemaNotServed is "fail"/);
  await client.call("GET", `written-as/${appendedWire}`, null, appendedReader).then(() => assert.fail(), () => null);
  assert.equal(MAX_LOOKUP_ATTEMPTS, 4);
  assert.equal(schemaRequests("rr/never").length, MAX_LOOKUP_ATTEMPTS);
  replicas.set("never-read", [setOf(i64)]);
  const tolerant = new PackClient({ baseUrl: base, schemaPath: "/schemas/rr/never-read", schemaNotServed: "read" });
  assert.equal(await tolerant.call("GET", `written-as/${appendedWire}`, null, appendedReader), 42);
  assert.equal(schemaRequests("rr/never-read").length, MAX_LOOKUP_ATTEMPTS);
});

test("schema check: calls that need the same endpoint meanwhile share one fetch", async () => {
  const client = new PackClient({ baseUrl: base, schemaPath: "/schemas/slow" });
  const results = await Promise.all([1, 2, 3].map(() => client.call("GET", `written-as/${wireFingerprint(i64)}`, null, checkedIntReader).then(() => null, (x) => x)));
  assert.ok(results.every((e) => e instanceof PackSchemaMismatchError));
  assert.equal(client.schemaFetches, 1);
});

test("request schema: packBody sends Pack-Schema, raw bytes and sendRequestSchema: false do not", async () => {
  const body = () => packBody({ wireFingerprint: wireFingerprint(i32), schema: i32Schema, encode: (v) => encode(int32, v) }, 5);
  const client = new PackClient({ baseUrl: base });
  assert.equal(await client.call("POST", "echo-schema-header", body(), intReader), 1);
  assert.equal(requests.at(-1).headers["pack-schema"], wireFingerprint(i32));
  assert.equal(await client.call("POST", "echo-schema-header", encode(int32, 5), intReader), 0);
  const off = new PackClient({ baseUrl: base, sendRequestSchema: false });
  assert.equal(await off.call("POST", "echo-schema-header", body(), intReader), 0);
});

test("call: a malformed body is a PackDecodeError with the offset", async () => {
  const client = new PackClient({ baseUrl: base });
  const e = await client.call("GET", "malformed", null, intReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackDecodeError, String(e));
  assert.equal(e.offset, 0);
  assert.match(e.message, /truncated/);
});

test("stream: each item is yielded as its frame arrives", async () => {
  const client = new PackClient({ baseUrl: base });
  const items = [];
  for await (const x of client.stream("GET", "stream", null, intReader)) {
    items.push(x);
    if (items.length === 1) release(); // the server sends the rest only after the client has the first item
  }
  assert.deepEqual(items, [1, 2]);
  assert.equal(requests.at(-1).headers.accept, "application/x-pack-stream, application/x-pack, application/json;q=0.9");
});

test("stream: an error frame raises PackStreamError after the items before it", async () => {
  const client = new PackClient({ baseUrl: base });
  const items = [];
  const e = await (async () => {
    for await (const x of client.stream("GET", "stream-error", null, intReader)) items.push(x);
  })().then(() => null, (x) => x);
  assert.deepEqual(items, [1]);
  assert.ok(e instanceof PackStreamError, String(e));
  assert.equal(e.status, 500);
  assert.equal(e.detail, "boom");
  assert.equal(e.traceId, "t");
});

test("stream: the server's deadline error frame is a PackDeadlineError reported by the server", async () => {
  const client = new PackClient({ baseUrl: base, timeoutMs: 5000 });
  const items = [];
  const e = await (async () => {
    for await (const x of client.stream("GET", "stream-deadline", null, intReader)) items.push(x);
  })().then(() => null, (x) => x);
  assert.deepEqual(items, [1]);
  assert.ok(e instanceof PackDeadlineError, String(e));
  assert.equal(e.reportedByServer, true);
});

test("stream: a stream without its End frame is a PackDecodeError", async () => {
  const client = new PackClient({ baseUrl: base });
  const items = [];
  const e = await (async () => {
    for await (const x of client.stream("GET", "stream-cut", null, intReader)) items.push(x);
  })().then(() => null, (x) => x);
  assert.deepEqual(items, [1]);
  assert.ok(e instanceof PackDecodeError, String(e));
  assert.equal(e.offset, 9);
});

test("stream: leaving the loop early closes the connection (the server sees the abort)", async () => {
  const client = new PackClient({ baseUrl: base });
  for await (const x of client.stream("GET", "stream-endless", null, intReader)) {
    if (x >= 2) break;
  }
  assert.equal(await closed.get("/stream-endless"), true);
});

test("stream: aborting the signal mid-stream rejects and closes the connection", async () => {
  const client = new PackClient({ baseUrl: base });
  const controller = new AbortController();
  const e = await (async () => {
    for await (const x of client.stream("GET", "stream-endless", null, intReader, { signal: controller.signal })) {
      if (x >= 1) controller.abort(new Error("cancelled by the page"));
    }
  })().then(() => null, (x) => x);
  assert.match(String(e), /cancelled by the page/);
  assert.equal(await closed.get("/stream-endless"), true);
});

// The fetch client against a real HTTP server on 127.0.0.1 (node:http, a free port, closed after the tests):
// negotiation, Pack-Timeout, typed errors, the Pack-Schema check, streams frame by frame, cancellation.
import assert from "node:assert/strict";
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
  decode,
  encode,
  encodeEndFrame,
  encodeErrorFrame,
  encodeItemFrame,
  formatPackTimeout,
  int32,
} from "../../build/src/index.js";

const intReader = { decode: (b) => decode(int32, b), wireFingerprint: "00000000000000aa" };
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
    switch (path) {
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

test("call: another Pack-Schema fingerprint is a PackSchemaMismatchError before decoding, unless declared compatible", async () => {
  const client = new PackClient({ baseUrl: base });
  const e = await client.call("GET", "int-other-schema", null, intReader).then(() => null, (x) => x);
  assert.ok(e instanceof PackSchemaMismatchError, String(e));
  assert.equal(e.expected, "00000000000000aa");
  assert.equal(e.actual, "00000000000000bb");
  const tolerant = new PackClient({ baseUrl: base, compatibleFingerprints: ["00000000000000bb"] });
  assert.equal(await tolerant.call("GET", "int-other-schema", null, intReader), 42);
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

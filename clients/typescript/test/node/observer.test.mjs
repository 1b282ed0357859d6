// PackClientOptions.observer: every exchange decoded (request, response, stream items and end, decode errors), and an
// observer that throws does not fail the call. The responses come from a fetch double: what is under test is the
// client's reporting, not the transport.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PackClient, PackDecodeError, decode, encode, encodeEndFrame, encodeItemFrame, int32 } from "../../build/src/index.js";

const intPayload = { decode: (b) => decode(int32, b), encode: (v) => encode(int32, v), wireFingerprint: "00000000000000aa" };
const concat = (...parts) => Uint8Array.from(parts.flatMap((p) => [...p]));

function clientAnswering(body, contentType, events, observer = (e) => events.push(e)) {
  const fetch = async () => new Response(body, { status: 200, headers: { "content-type": contentType, "pack-schema": "00000000000000aa" } });
  return new PackClient({ baseUrl: "http://127.0.0.1:1/", fetch, observer });
}

test("observer sees the request's value and the response's decoded value", async () => {
  const events = [];
  const client = clientAnswering(encode(int32, 42), "application/x-pack", events);
  const value = await client.call("POST", "answer", { kind: "value", bytes: intPayload.encode(7), schema: intPayload }, intPayload);
  assert.equal(value, 42);
  assert.deepEqual(events.map((e) => [e.phase, e.method, e.url, e.status, e.contentType, e.fingerprint, e.value]), [
    ["request", "POST", "http://127.0.0.1:1/answer", undefined, "application/x-pack", "00000000000000aa", 7],
    ["response", "POST", "http://127.0.0.1:1/answer", 200, "application/x-pack", "00000000000000aa", 42],
  ]);
});

test("observer sees each stream item as it arrives, then the end", async () => {
  const events = [];
  const frames = concat(encodeItemFrame(encode(int32, 1)), encodeItemFrame(encode(int32, 2)), encodeEndFrame());
  const client = clientAnswering(frames, "application/x-pack-stream", events);
  const items = [];
  for await (const item of client.stream("GET", "numbers", null, intPayload)) {
    items.push(item);
  }
  assert.deepEqual(items, [1, 2]);
  assert.deepEqual(events.map((e) => [e.phase, e.index, e.value]), [["request", undefined, undefined], ["item", 0, 1], ["item", 1, 2], ["end", 2, undefined]]);
});

test("observer sees a body that does not decode as an error, and the caller still gets it", async () => {
  const events = [];
  const client = clientAnswering(new Uint8Array([1, 2]), "application/x-pack", events);
  await assert.rejects(client.call("GET", "broken", null, intPayload), PackDecodeError);
  const error = events.find((e) => e.phase === "error");
  assert.ok(error.error instanceof PackDecodeError);
  assert.equal(error.bytes, 2);
});

test("an observer that throws does not fail the call", async () => {
  const client = clientAnswering(encode(int32, 5), "application/x-pack", [], () => {
    throw new Error("observer bug");
  });
  assert.equal(await client.call("GET", "five", null, intPayload), 5);
});

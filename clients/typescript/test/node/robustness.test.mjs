// Hostile input, one test per defect found: each input once made the package throw a native error, hang, or build
// an object whose prototype came from the bytes. Now every one is the package's own error (or a correct value), fast.
// The fuzzer (fuzz.test.mjs) covers the same ground at random.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  PackDecodeError,
  array,
  bool,
  decode,
  encode,
  encodeEndFrame,
  encodeItemFrame,
  fixedStruct,
  int32,
  lazy,
  object,
  readPackStream,
  uint8,
} from "../../build/src/index.js";

/** Runs `f` and fails when it takes longer than `ms` (the defects below took minutes, or forever). */
async function within(ms, f) {
  const t0 = performance.now();
  const result = await f();
  const took = performance.now() - t0;
  assert.ok(took < ms, `took ${took.toFixed(0)} ms, more than ${ms}`);
  return result;
}

/** {@link within} for a synchronous `f`. */
function quick(ms, f) {
  const t0 = performance.now();
  const result = f();
  const took = performance.now() - t0;
  assert.ok(took < ms, `took ${took.toFixed(0)} ms, more than ${ms}`);
  return result;
}

// ---- the stream reader ------------------------------------------------------------------------------------------

async function* pieces(bytes, size) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, Math.min(bytes.length, i + size));
}

test("stream: a large frame arriving in many small chunks is gathered once (was copied again at every chunk)", async () => {
  // One 4 MiB byte[] item in 64-byte chunks: 65,538 chunks. Joining the buffer at every chunk copied 2 MiB on average
  // each time (128 GiB in all); gathering the chunks and joining them once copies the 4 MiB once.
  const n = 4 * 1024 * 1024;
  const payload = new Uint8Array(4 + n);
  new DataView(payload.buffer).setInt32(0, n, true);
  for (let i = 0; i < n; i++) payload[4 + i] = i & 0xff;
  const frames = new Uint8Array([...encodeItemFrame(payload).subarray(0, 5)]);
  const stream = new Uint8Array(5 + payload.length + 5);
  stream.set(frames, 0);
  stream.set(payload, 5);
  stream.set(encodeEndFrame(), 5 + payload.length);
  const bytesOf = array(uint8);
  const items = await within(5_000, async () => {
    const out = [];
    for await (const item of readPackStream(pieces(stream, 64), (p) => decode(bytesOf, p))) out.push(item);
    return out;
  });
  assert.equal(items.length, 1);
  assert.equal(items[0].length, n);
  assert.equal(items[0][n - 1], (n - 1) & 0xff);
});

test("stream: a frame over MaxPayloadLength is refused from its header, before any payload arrives", async () => {
  let pulled = 0;
  async function* source() {
    pulled++;
    yield new Uint8Array([1, 0xff, 0xff, 0xff, 0x7f]); // Item, 2^31 − 1 bytes
    pulled++;
    yield new Uint8Array(1024);
  }
  await assert.rejects(async () => {
    for await (const _ of readPackStream(source(), (p) => decode(int32, p))) { /* none */ }
  }, (e) => e instanceof PackDecodeError && e.offset === 1 && /MaxPayloadLength/.test(e.reason));
  assert.equal(pulled, 1);
});

// ---- decoded objects ----------------------------------------------------------------------------------------------

test("object: a member named __proto__ is an own property; the bytes do not become the object's prototype", () => {
  const inner = object([{ name: "isAdmin", codec: bool }]);
  const codec = object([{ name: "__proto__", codec: inner }, { name: "x", codec: int32 }]);
  const bytes = new Uint8Array([0xfe, 0xff, 0xff, 0xff, 2, 0, 1, 0, 0, 0, 1, 7, 0, 0, 0]);
  const v = decode(codec, bytes);
  assert.equal(Object.getPrototypeOf(v), Object.prototype);
  assert.equal(v.isAdmin, undefined);
  assert.deepEqual(Object.keys(v), ["__proto__", "x"]);
  assert.deepEqual(Object.getOwnPropertyDescriptor(v, "__proto__").value, { isAdmin: true });
  assert.equal(({}).isAdmin, undefined);
  // and it writes back the same bytes
  assert.deepEqual(encode(codec, v), bytes);
});

test("fixed struct: one with no members, or a lazy codec with a minimum length below 1, is refused when built", () => {
  // A zero-byte element would let a 4-byte count of 2^31 − 1 pass the §5 check (count × 0 ≤ remaining) and loop
  // 2^31 − 1 times over nothing.
  assert.throws(() => fixedStruct([]), TypeError);
  assert.throws(() => lazy(() => int32, 0), TypeError);
  assert.throws(() => lazy(() => int32, Number.NaN), TypeError);
  assert.doesNotThrow(() => lazy(() => int32, 1));
});


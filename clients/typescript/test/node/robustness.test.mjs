// Hostile input, one test per defect found: each input once made the package throw a native error, hang, or build
// an object whose prototype came from the bytes. Now every one is the package's own error (or a correct value), fast.
// The fuzzer (fuzz.test.mjs) covers the same ground at random.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  MAX_LABEL_LENGTH,
  MAX_SCHEMA_JSON_DEPTH,
  MAX_VIOLATIONS,
  PackClient,
  PackDecodeError,
  PackSchemaFormatError,
  PackSchemaMismatchError,
  PackServerError,
  array,
  bool,
  checkCompatibility,
  decode,
  encode,
  encodeEndFrame,
  encodeItemFrame,
  fixedStruct,
  int32,
  lazy,
  object,
  packBody,
  parseSchema,
  parseSchemaSet,
  readPackStream,
  referencePositions,
  typeLabel,
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

// ---- schema documents ----------------------------------------------------------------------------------------------

const str = { kind: "primitive", nullable: true, primitive: "string" };
const holder = (nullability) => ({ kind: "object", nullable: true, name: "A", members: [{ name: "m", type: 1, nullability }] });

/** A type entry as parseSchema gives it, for the functions that take parsed entries (no §1.5 check on the way). */
const entry = (t) => ({ name: null, primitive: null, width: 0, signed: null, element: -1, key: -1, value: -1, members: [], cases: [], values: [], ...t });

test("schema: nested maps whose key and value share a type are counted once per type (was 2^depth paths)", () => {
  // map<M1,M1>, M1 = map<M2,M2>, … 40 levels: 2^41 − 1 positions. Listing them overflowed the stack at ~20 levels
  // (RangeError), and counting them would take hours; their label doubles as well, and §1.5 stops it at 4,096.
  const types = [holder("?")];
  for (let i = 1; i <= 40; i++) types.push({ kind: "map", nullable: true, key: i + 1, value: i + 1 });
  types.push(str);
  quick(1_000, () => assert.throws(() => parseSchema({ format: "pack-schema/1", types }), (e) => e instanceof PackSchemaFormatError && /^types\[\d+\]: its label .* longer than 4096/.test(e.message)));
  // one map that is its own key and value: a cycle (§1.5), not 2^65 paths
  const cycle = [holder("?"), { kind: "map", nullable: true, key: 1, value: 1 }];
  quick(1_000, () => assert.throws(() => parseSchema({ format: "pack-schema/1", types: cycle }), (e) => e instanceof PackSchemaFormatError && /^types\[1\] contains itself/.test(e.message)));
  // referencePositions takes entries that may not have been checked: it refuses 2^41 positions itself
  assert.throws(() => referencePositions(types.map(entry), 1), PackSchemaFormatError);
});

test("schema: shared parts still count every position, and the depth limit still applies through them", () => {
  // map<list<string>, list<string>>: the map, the key list and its string, the value list and its string
  const types = [holder("?!!!!"), { kind: "map", nullable: true, key: 2, value: 2 }, { kind: "list", nullable: true, element: 3 }, str];
  const schema = parseSchema({ format: "pack-schema/1", types });
  assert.equal(schema.types[0].members[0].nullability, "?!!!!");
  assert.deepEqual(referencePositions(schema.types, 1), [1, 2, 3, 2, 3]);
  // X, a chain of 64 lists over an i32 (64 levels below X), reached first from member a (X at depth 0: accepted) and
  // then from member b through one more list (X at depth 1: 65 levels, rejected as a walk of every path would)
  const chain = [{ kind: "object", nullable: true, name: "A", members: [{ name: "a", type: 1, nullability: "?".repeat(64) }] }];
  for (let i = 1; i <= 64; i++) chain.push({ kind: "list", nullable: true, element: i + 1 });
  chain.push({ kind: "primitive", nullable: false, primitive: "i32", width: 4, signed: true });
  assert.equal(parseSchema({ format: "pack-schema/1", types: chain }).types.length, 66);
  chain[0].members.push({ name: "b", type: 66, nullability: "?".repeat(65) });
  chain.push({ kind: "list", nullable: true, element: 1 });
  assert.throws(() => parseSchema({ format: "pack-schema/1", types: chain }), (e) => e instanceof PackSchemaFormatError && /^types\[1\]: .* nest deeper than 64 levels/.test(e.message));
});

const i32 = { kind: "primitive", nullable: false, primitive: "i32", width: 4, signed: true };
const nested = (depth, leaf) => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

test("schema: a document nesting deeper than 64 levels is a PackSchemaFormatError (a deep default overflowed the stack)", () => {
  // types → [ → { → members → [ → { → default: the default begins at level 6
  const doc = (defaultDepth) => ({ format: "pack-schema/1", types: [{ kind: "object", nullable: true, name: "A", members: [{ name: "m", type: 1, default: nested(defaultDepth, 0) }] }, i32] });
  assert.equal(parseSchema(doc(MAX_SCHEMA_JSON_DEPTH - 5)).types.length, 2);
  assert.throws(() => parseSchema(doc(MAX_SCHEMA_JSON_DEPTH - 4)), PackSchemaFormatError);
  const text = JSON.stringify({ format: "pack-schema/1", types: [{ kind: "object", nullable: true, name: "A", members: [{ name: "m", type: 1, default: 0 }] }, i32] }).replace('"default":0', `"default":${"[".repeat(100_000)}0${"]".repeat(100_000)}`);
  assert.throws(() => parseSchemaSet(text), PackSchemaFormatError);
  // not JSON, but parseSchema takes any value: one that contains itself
  const cyclic = doc(0);
  cyclic.types[0].members[0].default = [];
  cyclic.types[0].members[0].default.push(cyclic.types[0].members[0].default);
  assert.throws(() => parseSchema(cyclic), PackSchemaFormatError);
});

test("compatibility: a writer chained 100,000 types deep under a recursive reader type is checked without overflowing the stack", () => {
  const reader = parseSchema({ format: "pack-schema/1", types: [{ kind: "object", nullable: true, name: "Node", members: [{ name: "Next", type: 0 }, { name: "Value", type: 1 }] }, i32] });
  const n = 100_000;
  const types = [];
  for (let i = 0; i < n; i++) types.push({ kind: "object", nullable: true, name: `W${i}`, members: [{ name: "Next", type: i + 1 < n ? i + 1 : n }, { name: "Value", type: n }] });
  types.push(i32);
  const writer = parseSchema({ format: "pack-schema/1", types });
  const violations = quick(5_000, () => checkCompatibility(reader, writer));
  // the last writer type's Next is an i32 where the reader has Node: one violation, 100,000 members down
  assert.equal(violations.length, 1);
  assert.equal(violations[0].ruleId, "MEMBER_RETYPED");
  assert.ok(violations[0].path.length <= 1100, `path of ${violations[0].path.length} characters`);
  // a union reader against the same depth of frozen-struct cases goes through wireEqual, iterative too
});

test("compatibility: violations, names and labels are bounded (each violation repeated megabytes of names)", () => {
  // 3,000 members, each retyped to its own object type named with a name of 4,000 characters (the most a label may
  // have is 4,096, §1.5; it was 1 MiB before §1.5): 3,000 violations each naming one
  const n = 3000;
  const reader = parseSchema({ format: "pack-schema/1", types: [{ kind: "object", nullable: true, name: "R", members: Array.from({ length: n }, (_, i) => ({ name: `m${i}`, type: 1 })) }, i32] });
  const bigName = "N".repeat(4000);
  const writerTypes = [{ kind: "object", nullable: true, name: "R", members: Array.from({ length: n }, (_, i) => ({ name: `m${i}`, type: i + 1 })) }];
  for (let i = 0; i < n; i++) writerTypes.push({ kind: "object", nullable: true, name: bigName + i, members: [] });
  const writer = parseSchema({ format: "pack-schema/1", types: writerTypes });
  const violations = quick(5_000, () => checkCompatibility(reader, writer));
  assert.equal(violations.length, MAX_VIOLATIONS);
  for (const v of violations) assert.ok(v.message.length < 2 * MAX_LABEL_LENGTH, `message of ${v.message.length} characters`);
  const e = new PackSchemaMismatchError("http://x/", "response", "R", "a", "b", violations, "detail");
  assert.ok(e.message.length < 3_000_000);
  // a label doubles with each level of maps whose key and value are the next map: 8 levels make 3,066 characters,
  // which §1.5 allows, cut to MAX_LABEL_LENGTH in messages; 40 levels (2^40 characters) are cut as fast
  const maps = [];
  for (let i = 0; i < 8; i++) maps.push({ kind: "map", nullable: true, key: i + 1, value: i + 1 });
  maps.push(str);
  const label = quick(1_000, () => typeLabel(parseSchema({ format: "pack-schema/1", types: maps }), 0));
  assert.ok(label.length <= MAX_LABEL_LENGTH && label.endsWith("…"), label);
  const deep = [];
  for (let i = 0; i < 40; i++) deep.push(entry({ kind: "map", nullable: true, key: i + 1, value: i + 1 }));
  deep.push(entry(str));
  assert.ok(quick(1_000, () => typeLabel({ types: deep }, 0)).length <= MAX_LABEL_LENGTH);
  assert.equal(typeLabel(parseSchema({ format: "pack-schema/1", types: maps.slice(5).map((m, i) => (i < 3 ? { ...m, key: i + 1, value: i + 1 } : m)) }), 0),
    "map<map<map<string,string>,map<string,string>>,map<map<string,string>,map<string,string>>>");
});

// ---- the client's problem details ----------------------------------------------------------------------------------

/** A fetch that answers every request with `problem` (JSON text: `DEEP` stands for an array nested 10,000 deep). */
function answering(status, problem) {
  const deep = "[".repeat(10_000) + "1" + "]".repeat(10_000);
  const text = JSON.stringify(problem).replaceAll('"DEEP"', deep);
  return async () => new Response(text, { status, headers: { "content-type": "application/problem+json" } });
}

test("client: a 409 whose violations hold objects that cannot become strings is still a PackSchemaMismatchError", async () => {
  const client = new PackClient({ baseUrl: "http://example.test/", fetch: answering(409, {
    type: "urn:pack:problem:request-schema-incompatible",
    violations: [{ ruleId: { toString: 1 }, path: "DEEP", message: "m" }],
  }) });
  await assert.rejects(client.call("GET", "x", null, { decode: (b) => decode(int32, b) }),
    (e) => e instanceof PackSchemaMismatchError && e.violations.length === 1 && e.violations[0].message === "m");
});

test("client: field errors named __proto__ are own properties, and values that cannot become strings do not throw", async () => {
  const client = new PackClient({ baseUrl: "http://example.test/", fetch: answering(400, {
    title: "bad",
    errors: { ["__proto__"]: ["polluted"], Name: { toString: 1 }, Deep: ["DEEP"] },
  }) });
  await assert.rejects(client.call("GET", "x", null, { decode: (b) => decode(int32, b) }), (e) => {
    assert.ok(e instanceof PackServerError);
    assert.equal(Object.getPrototypeOf(e.errors), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(e.errors, "__proto__").value, ["polluted"]);
    assert.equal(e.errors.length, undefined);
    assert.equal(e.errors.Name.length, 1);
    return true;
  });
});

// ---- the request schema registration (docs/schema.md §5.2) -------------------------------------------------------

for (const [endpoint, registers] of [
  ["http://other.test/pack/schema", false],
  ["https://example.test/pack/schema", false],
  ["http://example.test:8080/pack/schema", false],
  ["//other.test/pack/schema", false],
  ["http://[", false],
  ["http://EXAMPLE.test:80/pack/schema", true],
  ["/pack/schema", true],
]) {
  test(`client: a 412 naming ${endpoint} is ${registers ? "followed" : "not followed (another origin)"}`, async () => {
    const sent = [];
    const fetch = async (url, init) => {
      sent.push(`${init.method} ${url}`);
      if (init.headers["Content-Type"] === "application/json") return new Response(null, { status: 200 });
      return new Response(JSON.stringify({ type: "urn:pack:problem:request-schema-unknown", status: 412, schemaEndpoint: endpoint }),
        { status: 412, headers: { "content-type": "application/problem+json" } });
    };
    const client = new PackClient({ baseUrl: "http://example.test/", fetch });
    const payload = { encode: (v) => encode(int32, v), wireFingerprint: "00000000000000aa", contractFingerprint: "00000000000000bb", label: "i32", schema: "{}" };
    await assert.rejects(client.call("POST", "orders", packBody(payload, 1), { decode: (b) => decode(int32, b) }),
      (e) => e instanceof PackServerError && e.status === 412);
    assert.deepEqual(sent, registers
      ? ["POST http://example.test/orders", "POST http://example.test/pack/schema", "POST http://example.test/orders"]
      : ["POST http://example.test/orders"]);
  });
}

// ---- whole bodies and error bodies are read with a bound --------------------------------------------------------

/** A body of 256 chunks of 64 KiB (16 MiB), produced as it is read; `state.pulled` counts them. */
function endless(state) {
  return new ReadableStream({
    pull(controller) {
      if (++state.pulled > 256) {
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(65_536));
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
}

test("client: a body longer than maxPayloadLength is refused as it arrives and the rest cancelled", { timeout: 10_000 }, async () => {
  const state = { pulled: 0, cancelled: false };
  const client = new PackClient({ baseUrl: "http://example.test/", maxPayloadLength: 1 << 20,
    fetch: async () => new Response(endless(state), { status: 200, headers: { "content-type": "application/x-pack" } }) });
  await assert.rejects(client.call("GET", "x", null, { decode: (b) => decode(int32, b) }),
    (e) => e instanceof PackDecodeError && e.offset === 1 << 20 && /maxPayloadLength/.test(e.reason));
  assert.ok(state.cancelled);
  assert.ok(state.pulled <= 17, `pulled ${state.pulled} chunks`);
});

test("client: a Content-Length above maxPayloadLength is refused before the body is read", { timeout: 10_000 }, async () => {
  const state = { pulled: 0, cancelled: false };
  const client = new PackClient({ baseUrl: "http://example.test/", maxPayloadLength: 1000,
    fetch: async () => new Response(endless(state), { status: 200, headers: { "content-type": "application/x-pack", "content-length": "1001" } }) });
  await assert.rejects(client.call("GET", "x", null, { decode: (b) => decode(int32, b) }),
    (e) => e instanceof PackDecodeError && e.offset === 0 && /Content-Length 1001/.test(e.reason));
  assert.equal(state.pulled, 0);
});

test("client: a body of exactly maxPayloadLength is read", async () => {
  const client = new PackClient({ baseUrl: "http://example.test/", maxPayloadLength: 4,
    fetch: async () => new Response(encode(int32, 7), { status: 200, headers: { "content-type": "application/x-pack" } }) });
  assert.equal(await client.call("GET", "x", null, { decode: (b) => decode(int32, b) }), 7);
});

test("client: the client's maxPayloadLength bounds a stream's frames too", async () => {
  const frames = new Uint8Array([...encodeItemFrame(encode(int32, 1)), ...encodeEndFrame()]);
  const client = new PackClient({ baseUrl: "http://example.test/", maxPayloadLength: 3,
    fetch: async () => new Response(frames, { status: 200, headers: { "content-type": "application/x-pack-stream" } }) });
  await assert.rejects(async () => {
    for await (const _ of client.stream("GET", "x", null, { decode: (b) => decode(int32, b) })) { /* none */ }
  }, (e) => e instanceof PackDecodeError && /above MaxPayloadLength 3/.test(e.reason));
});

test("client: a long error body is read to 1 MiB for its problem, then cancelled", { timeout: 10_000 }, async () => {
  const state = { pulled: 0, cancelled: false };
  const client = new PackClient({ baseUrl: "http://example.test/",
    fetch: async () => new Response(endless(state), { status: 500, headers: { "content-type": "text/plain" } }) });
  await assert.rejects(client.call("GET", "x", null, { decode: (b) => decode(int32, b) }),
    (e) => e instanceof PackServerError && e.status === 500);
  assert.ok(state.cancelled);
  assert.ok(state.pulled <= 17, `pulled ${state.pulled} chunks`);
});

test("client: maxPayloadLength must be a positive integer", () => {
  for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    assert.throws(() => new PackClient({ baseUrl: "http://example.test/", maxPayloadLength: bad }), RangeError);
  }
});

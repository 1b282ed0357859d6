// The allocation budget (docs/robustness.md, "The TypeScript client: the allocation budget"): payloads whose values take
// far more memory than their bytes (the amplification is set by the contract) are rejected in the interpreted codecs,
// the generated decoders, readPackStream (one budget per stream) and PackClient; honest payloads (every golden vector,
// the benchmark workloads) stay well inside, and what an accepted payload really allocates stays within the bound.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import * as runtime from "../../build/src/index.js";
import {
  ALLOCATION_ALLOWANCE,
  AllocationBudget,
  array,
  BIGINT_BYTES,
  dateTime,
  DATETIME_BYTES,
  decode,
  DECIMAL_BYTES,
  DEFAULT_MAX_ALLOCATION_RATIO,
  dictionary,
  encode,
  encodeEndFrame,
  encodeItemFrame,
  fixedStruct,
  float32,
  float64,
  int32,
  int64,
  NUMBER_BYTES,
  nullable,
  numericArray,
  object,
  PackClient,
  PackDecodeError,
  readPackStream,
  set,
  string,
  uint8,
  union,
} from "../../build/src/index.js";
import { ModelBuilder } from "../../build/test/vector-types.js";
import * as gv from "../../build/test/generated/vectors.js";
import * as ga from "../../build/test/generated/sample-api.js";
import { organization, smallObject, vectors } from "../../build/bench/workloads.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");

/** A collection of `count` copies of `element` (bytes). */
function payload(count, element) {
  const out = new Uint8Array(4 + count * element.length);
  new DataView(out.buffer).setInt32(0, count, true);
  for (let i = 0, p = 4; i < count; i++, p += element.length) out.set(element, p);
  return out;
}

/** What decoding `bytes` charges: decoded against a budget of its own, with the ratio and allowance of the default. */
function charged(run, bytes) {
  const budget = new AllocationBudget(DEFAULT_MAX_ALLOCATION_RATIO);
  const start = budget.left + DEFAULT_MAX_ALLOCATION_RATIO * bytes.length;
  run(bytes, { allocationBudget: budget });
  return start - budget.left;
}

const limit = (bytes) => DEFAULT_MAX_ALLOCATION_RATIO * bytes.length + ALLOCATION_ALLOWANCE;
const interpreted = (codec) => (bytes, options) => decode(codec, bytes, options);
const EMPTY_BODY = [0, 0, 0, 0];
const N = 50_000;
const wide = object(Array.from({ length: 50 }, (_, i) => ({ name: `m${i}`, codec: int32 })));
const wideFloats = object(Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, codec: float64 })));
const distinctKeys = (count, valueBytes) => {
  const width = 4 + valueBytes.length;
  const out = new Uint8Array(4 + count * width);
  const view = new DataView(out.buffer);
  view.setInt32(0, count, true);
  for (let i = 0; i < count; i++) {
    view.setInt32(4 + i * width, i, true);
    out.set(valueBytes, 8 + i * width);
  }
  return out;
};

const attacks = [
  ["interpreted: 50-member objects as empty bodies", interpreted(array(wide)), payload(N, EMPTY_BODY)],
  ["interpreted: 50-double objects (members prepaid, given back when absent) as empty bodies", interpreted(array(wideFloats)), payload(N, EMPTY_BODY)],
  ["interpreted: int[][] of empty typed arrays", interpreted(array(numericArray(Int32Array, int32))), payload(N, [0, 0, 0, 0])],
  ["interpreted: Dictionary<int, 50-member object>, empty bodies", interpreted(dictionary(int32, wide)), distinctKeys(N, EMPTY_BODY)],
  ["interpreted: union cases of 50 members as empty bodies", interpreted(array(union([{ tag: 0, name: "A", codec: wide }]))), payload(N, [0, 0, ...EMPTY_BODY])],
  ["generated: List<List<int>> of empty arrays", gv.decodeListOfListOfI32, payload(N, [0, 0, 0, 0])],
  ["generated: List<Member> as empty bodies (an older writer, 6 members)", ga.decodeListOfMember, payload(N, EMPTY_BODY)],
];
// Arrays of empty arrays, of nulls, of short strings cost at most 10 bytes a payload byte (a 32-byte JSArray and its
// slot for 4 bytes): under the ratio, they are accepted (the heap test below measures them).
for (const [name, run, bytes] of attacks) {
  test(`rejected by the budget: ${name}`, () => {
    assert.throws(
      () => run(bytes),
      (e) => {
        assert.ok(e instanceof PackDecodeError, String(e));
        assert.match(e.reason, /allocation budget \(maxAllocationRatio 16 × the input length \+ 256 KiB/);
        assert.ok(e.offset > 0 && e.offset < bytes.length, `offset ${e.offset}`);
        return true;
      },
    );
    // the budget is what rejects it: off, the same payload decodes (and takes the memory)
    const value = run(bytes, { maxAllocationRatio: 0 });
    assert.equal(value.size ?? value.length, N);
    // and a larger ratio moves the limit
    assert.equal(run(bytes, { maxAllocationRatio: 1000 }).size ?? N, N);
  });
}

test("the budget stops the decode early: at most the budget is charged before the error", () => {
  const bytes = payload(1_000_000, EMPTY_BODY);
  // 80 bytes charged an element (slot, object, 6 members): the budget of 16 × 4 MB + 256 KiB runs out after ~3.2 MB
  assert.throws(
    () => ga.decodeListOfMember(bytes),
    (e) => e instanceof PackDecodeError && e.offset > 3_100_000 && e.offset < 3_300_000,
  );
});

test("stream: one budget for the whole stream, so small frames that each fit cannot add up without bound", async () => {
  const item = payload(1000, [0, 0, 0, 0]); // 1,000 empty int[]: 200 KB charged, inside one frame's 256 KiB allowance
  assert.equal(gv.decodeListOfListOfI32(item).length, 1000);
  const frames = [];
  for (let i = 0; i < 100; i++) frames.push(encodeItemFrame(item));
  frames.push(encodeEndFrame());
  const source = async function* () {
    yield* frames;
  };
  const read = async (options, decodeItem = gv.decodeListOfListOfI32) => {
    let n = 0;
    for await (const v of readPackStream(source(), decodeItem, options)) n += v.length > 0 ? 1 : 0;
    return n;
  };
  for (const decodeItem of [gv.decodeListOfListOfI32, interpreted(array(numericArray(Int32Array, int32)))]) {
    await assert.rejects(read(undefined, decodeItem), (e) => {
      assert.ok(e instanceof PackDecodeError, String(e));
      assert.match(e.reason, /maxAllocationRatio 16/);
      // 16 × the bytes received + one allowance: each frame is charged 200 KB and brings 64 KB, so the second fails
      const frame = Math.floor(e.offset / (item.length + 5));
      assert.equal(frame, 1);
      return true;
    });
  }
  assert.equal(await read({ maxAllocationRatio: 0 }), 100);
  assert.equal(await read({ maxAllocationRatio: 64 }), 100);
});

test("PackClient: maxAllocationRatio applies to whole bodies and streams, 16 by default", async () => {
  const bytes = payload(N, [0, 0, 0, 0]);
  const fetchImpl = async () => new Response(bytes, { headers: { "content-type": "application/x-pack" } });
  const reader = { decode: gv.decodeListOfListOfI32 };
  await assert.rejects(new PackClient({ baseUrl: "http://127.0.0.1/", fetch: fetchImpl }).call("GET", "x", null, reader), /maxAllocationRatio 16/);
  const off = await new PackClient({ baseUrl: "http://127.0.0.1/", fetch: fetchImpl, maxAllocationRatio: 0 }).call("GET", "x", null, reader);
  assert.equal(off.length, N);
  assert.throws(() => new PackClient({ baseUrl: "http://127.0.0.1/", maxAllocationRatio: -1 }), RangeError);
  assert.throws(() => decode(int32, new Uint8Array(4), { maxAllocationRatio: Number.NaN }), RangeError);
});

test("absent members' zero values are charged: an older writer's bodies cannot make structs for nothing", () => {
  // An older writer sent `pad` only; the reader's `big` is a struct of 50 structs of 50 members, whose zero value (the
  // absent member's) is 51 objects. Before the zero values were charged, each 72-byte element made ~23 KB uncharged.
  const struct50 = object(Array.from({ length: 50 }, (_, i) => ({ name: `x${i}`, codec: int32 })), { nullable: false });
  const big = object(Array.from({ length: 50 }, (_, i) => ({ name: `s${i}`, codec: struct50 })), { nullable: false });
  const pad = { name: "pad", codec: numericArray(Uint8Array, uint8) };
  const older = array(object([pad]));
  const newer = array(object([pad, { name: "big", codec: big }]));
  const bytes = encode(older, Array.from({ length: 20_000 }, () => ({ pad: new Uint8Array(64) })));
  assert.throws(() => decode(newer, bytes), (e) => e instanceof PackDecodeError && /maxAllocationRatio 16/.test(e.reason));
  assert.equal(decode(newer, bytes, { maxAllocationRatio: 0 }).length, 20_000);
  // one element: the outer object, its typed array, and the zero struct of structs (each object as the interpreted codecs build it)
  const one = encode(older, [{ pad: new Uint8Array(64) }]);
  const interpretedObject = (members) => 24 + 32 + 8 * members;
  assert.equal(
    charged(interpreted(newer), one),
    48 + 8 + interpretedObject(2) + 192 + 64 + interpretedObject(50) + 50 * interpretedObject(50),
  );
  // generated decoders: an absent fixed struct (VectorMesh.Origin) is charged as a read one's object
  const mesh = encode(object([]), {});
  assert.equal(charged(gv.decodeVectorMesh, mesh), 24 + 2 * 8 + 24 + 3 * 8);
});

test("members and elements with fixed estimates are charged once per object or array, as much as one at a time", () => {
  // What each value was charged as it was read (before the charge moved to its object or array): the totals are the same.
  const number = NUMBER_BYTES;
  const bigint = BIGINT_BYTES;
  // generated: Member (6 members: Value a float, UpdateTime a bigint, prepaid after the header), strings null
  const member = { Id: 1, Name: null, Description: null, Address: null, Value: 1.5, UpdateTime: 7n };
  assert.equal(charged(ga.decodeListOfMember, ga.encodeListOfMember([member, member])), 48 + 2 * (8 + 24 + 6 * 8 + number + bigint));
  // an older writer's empty body: the prepaid estimates are given back (the zero values 0 and 0n are shared)
  assert.equal(charged(ga.decodeListOfMember, payload(2, EMPTY_BODY)), 48 + 2 * (8 + 24 + 6 * 8));
  // generated: a list of decimals charged after its count, read uncharged
  assert.equal(charged(gv.decodeListOfDecimal, gv.encodeListOfDecimal(["1.5", "-2", "0.125"])), 48 + 3 * (8 + DECIMAL_BYTES));
  // interpreted: an object of a double, a long and a DateTime; present, then absent (only the DateTime's zero object)
  const mixed = array(object([{ name: "d", codec: float64 }, { name: "l", codec: int64 }, { name: "t", codec: dateTime }]));
  const interpretedObject = 24 + 32 + 3 * 8;
  const value = { d: 0.1, l: 3n, t: { ticks: 5n, kind: "Utc" } };
  assert.equal(charged(interpreted(mixed), encode(mixed, [value])), 48 + 8 + interpretedObject + number + bigint + DATETIME_BYTES);
  assert.equal(charged(interpreted(mixed), payload(1, EMPTY_BODY)), 48 + 8 + interpretedObject + 24 + 2 * 8);
  // interpreted: a fixed struct of three floats (with itself), an array of bigints (after its count)
  const point = array(fixedStruct([{ name: "x", codec: float32 }, { name: "y", codec: float32 }, { name: "z", codec: float32 }]));
  assert.equal(charged(interpreted(point), encode(point, [{ x: 1, y: 2, z: 3 }])), 48 + 8 + 24 + 32 + 3 * 8 + 3 * number);
  assert.equal(charged(interpreted(array(int64)), encode(array(int64), [1n, 2n, 3n, 4n])), 48 + 4 * (8 + bigint));
});

test("each codec's valueBytes is what its charged read charges, and its readPrepaid charges nothing", () => {
  const { STRING_BYTES, BIGINT128_BYTES, GUID_BYTES, DATETIMEOFFSET_BYTES, OBJECT_BYTES, MEMBER_BYTES } = runtime;
  assert.equal(DECIMAL_BYTES, STRING_BYTES + 2 * 31);
  assert.equal(GUID_BYTES, STRING_BYTES + 2 * 36);
  assert.equal(DATETIME_BYTES, 2 * BIGINT_BYTES + OBJECT_BYTES + 2 * MEMBER_BYTES);
  assert.equal(DATETIMEOFFSET_BYTES, 2 * BIGINT_BYTES + OBJECT_BYTES + 2 * MEMBER_BYTES);
  const samples = [
    ["half", 1.5, NUMBER_BYTES], ["float32", 1.5, NUMBER_BYTES], ["float64", 0.1, NUMBER_BYTES],
    ["int64", -5n, BIGINT_BYTES], ["uint64", 5n, BIGINT_BYTES], ["int128", -5n, BIGINT128_BYTES], ["uint128", 5n, BIGINT128_BYTES],
    ["char", "a", STRING_BYTES], ["decimal", "-1.50", DECIMAL_BYTES], ["guid", "00112233-4455-6677-8899-aabbccddeeff", GUID_BYTES],
    ["dateTime", { ticks: 5n, kind: "Utc" }, DATETIME_BYTES], ["dateTimeOffset", { ticks: 638_000_000_000_000_000n, offsetMinutes: 60 }, DATETIMEOFFSET_BYTES],
    ["timeSpan", 5n, BIGINT_BYTES], ["timeOnly", 5n, BIGINT_BYTES],
  ];
  for (const [name, value, bytes] of samples) {
    const codec = runtime[name];
    assert.equal(codec.valueBytes, bytes, name);
    const payload = encode(codec, value);
    assert.equal(charged(interpreted(codec), payload), bytes, `${name}: charged read`);
    const prepaid = { ...codec, read: codec.readPrepaid };
    assert.equal(charged(interpreted(prepaid), payload), 0, `${name}: prepaid read`);
    assert.deepEqual(decode(prepaid, payload), decode(codec, payload), name);
  }
  // the others have none: their reads charge what they make (a string's length) or nothing
  for (const name of ["bool", "uint8", "int8", "int16", "uint16", "int32", "uint32", "dateOnly", "string"]) {
    assert.equal(runtime[name].valueBytes, undefined, name);
  }
});

test("a prepaid object's charge comes before its members are read: an exhausted budget stops it at its header", () => {
  // 1,000,000 objects of 50 doubles as 4-byte empty bodies: each charges 24 + 32 + 50 × 8 + 50 × 16 before reading
  // (and is given 800 back): rejected at the header of the object that overdraws, far before the end
  const bytes = payload(1_000_000, EMPTY_BODY);
  assert.throws(
    () => decode(array(wideFloats), bytes),
    (e) => e instanceof PackDecodeError && /maxAllocationRatio 16/.test(e.reason) && e.offset < 1_000_000 && (e.offset - 4) % 4 === 0,
  );
});

// ---- what accepted payloads really allocate -----------------------------------------------------------------------

function heapGrowth(run, bytes) {
  gc();
  gc();
  const before = process.memoryUsage();
  let kept = run(bytes);
  gc();
  gc();
  const after = process.memoryUsage();
  const growth = after.heapUsed + after.external - (before.heapUsed + before.external);
  kept = null;
  return growth;
}

const accepted = [
  ["string[][] of empty arrays", interpreted(array(array(string))), payload(200_000, [0, 0, 0, 0])],
  ["(int?)[] of nulls", interpreted(array(nullable(int32))), payload(800_000, [0])],
  ["string[] of 2-char strings", interpreted(array(string)), payload(200_000, [0x02, 0x00, 0x01, 0x00, 0x61, 0x62])],
  ["long[] as bigints", interpreted(array(int64)), payload(200_000, [1, 0, 0, 0, 0, 0, 0, 0])],
  ["HashSet<int>", interpreted(set(int32)), (() => { const b = payload(200_000, [0, 0, 0, 0]); const v = new DataView(b.buffer); for (let i = 0; i < 200_000; i++) v.setInt32(4 + 4 * i, i, true); return b; })()],
  ["generated List<VectorShape>, cases as empty bodies", gv.decodeListOfVectorShape, payload(200_000, [0, 0, ...EMPTY_BODY])],
  ["generated List<Member> (W4 members)", ga.decodeListOfMember, ga.encodeListOfMember(organization(20_000).Members)],
  ["generated List<VectorPoint3> (fixed structs, W5 × 20)", gv.decodeListOfVectorPoint3, gv.encodeListOfVectorPoint3(Array.from({ length: 20 }, vectors).flat())],
];

test("generated fixed structs are charged (chargeObject), as the interpreted fixedStruct is", () => {
  const bytes = gv.encodeListOfVectorPoint3(vectors());
  // 10,000 × (a slot, an object of 3 members, 3 boxed floats) + the array
  assert.equal(charged(gv.decodeListOfVectorPoint3, bytes), 48 + 10_000 * (8 + 24 + 3 * 8 + 3 * 16));
});

test("accepted payloads allocate no more than the documented bound (16 × length + 256 KiB), and no more than charged", () => {
  for (const [name, run, bytes] of accepted) {
    const c = charged(run, bytes);
    assert.ok(c <= limit(bytes), `${name}: charged ${c} above ${limit(bytes)}`);
    const growth = heapGrowth(run, bytes);
    assert.ok(growth <= limit(bytes), `${name}: heap grew ${growth}, bound ${limit(bytes)}`);
    // the estimates are upper bounds of what V8 takes (a Map or Set that has just doubled excepted): 10 % slack for GC noise
    assert.ok(growth <= 1.1 * c + 65_536, `${name}: heap grew ${growth}, charged ${c}`);
  }
});

// ---- honest payloads ----------------------------------------------------------------------------------------------

const vectorDir = fileURLToPath(new URL("../../../../docs/vectors/", import.meta.url));
const files = {};
for (const name of readdirSync(vectorDir)) {
  if (name.endsWith(".json")) files[name.slice(0, -5)] = JSON.parse(readFileSync(vectorDir + name, "utf8"));
}
const fromHex = (hex) => new Uint8Array(hex.match(/../g)?.map((h) => parseInt(h, 16)) ?? []);
const bytesOf = (v) => (v.hex !== undefined ? fromHex(v.hex) : fromHex(v.hexParts.map((p) => p.hex.repeat(p.repeat ?? 1)).join("")));

test("every golden vector decodes inside the budget, even without the 256 KiB allowance at ratio 16", () => {
  const builder = new ModelBuilder(files.types.types);
  let count = 0;
  let worst = 0;
  for (const file of ["primitives", "strings", "collections", "objects", "unions"]) {
    for (const v of files[file].vectors) {
      const bytes = bytesOf(v);
      const c = charged(interpreted(builder.model(v.type).codec), bytes);
      assert.ok(c <= limit(bytes), `${file}/${v.id}: charged ${c}`);
      worst = Math.max(worst, c);
      count++;
    }
  }
  assert.ok(count > 100);
  // every vector is small: the most any one charges is far under the allowance alone
  assert.ok(worst < ALLOCATION_ALLOWANCE / 4, `worst vector charged ${worst}`);
});

/** The benchmark workloads (WORKLOADS.md) and large honest payloads: [name, decoder, bytes]. */
export function honestPayloads() {
  const ints = new Int32Array(1_000_000).map((_, i) => i * 7);
  const strings = Array.from({ length: 200_000 }, (_, i) => `name-${i}`);
  const map = new Map(strings.map((s, i) => [s, i]));
  return [
    ["W4 Organization, 10,000 members", ga.decodeOrganization, ga.encodeOrganization(organization(10_000))],
    ["H2 List<Member>, 100", ga.decodeListOfMember, ga.encodeListOfMember(organization(100).Members)],
    ["W5 List<VectorPoint3>, 10,000", gv.decodeListOfVectorPoint3, gv.encodeListOfVectorPoint3(vectors())],
    ["W6 VectorSmallObject", gv.decodeVectorSmallObject, gv.encodeVectorSmallObject(smallObject())],
    ["List<Member>, 200,000", ga.decodeListOfMember, ga.encodeListOfMember(organization(200_000).Members)],
    ["List<int> (Int32Array), 1,000,000", gv.decodeListOfI32, gv.encodeListOfI32(ints)],
    ["List<bool>, 1,000,000", gv.decodeListOfBool, gv.encodeListOfBool(Array.from({ length: 1_000_000 }, (_, i) => i % 3 === 0))],
    ["Memory<byte>, 4 MiB", gv.decodeMemoryOfU8, gv.encodeMemoryOfU8(new Uint8Array(4 << 20).fill(7))],
    ["List<string>, 200,000", gv.decodeListOfString, gv.encodeListOfString(strings)],
    ["Dictionary<string, int>, 200,000", gv.decodeMapOfStringToI32, gv.encodeMapOfStringToI32(map)],
    ["Dictionary<double, int>, 200,000", gv.decodeMapOfF64ToI32, gv.encodeMapOfF64ToI32(new Map(Array.from({ length: 200_000 }, (_, i) => [i * 0.5, i])))],
    ["List<decimal>, 100,000", gv.decodeListOfDecimal, gv.encodeListOfDecimal(Array.from({ length: 100_000 }, (_, i) => `${i}.25`))],
    ["List<decimal>, 100,000 of 28 digits", gv.decodeListOfDecimal, gv.encodeListOfDecimal(Array.from({ length: 100_000 }, (_, i) => `${1234567890123 + i}.123456789012345`))],
  ];
}

test("honest payloads (the workloads, large arrays, strings, maps) use at most 3/4 of the budget", () => {
  for (const [name, run, bytes] of honestPayloads()) {
    const c = charged(run, bytes);
    assert.ok(c <= 0.75 * limit(bytes), `${name}: charged ${c} of ${limit(bytes)} (${(c / bytes.length).toFixed(1)} a byte)`);
  }
});

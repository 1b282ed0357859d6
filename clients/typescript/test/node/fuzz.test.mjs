// A deterministic fuzzer of everything that reads untrusted input: payload decoders (the Codec combinators through the
// vector interpreter, and the code `pack ts` generated for the vector types), the stream reader, strings' strict UTF-8,
// and the schema reader and compatibility check. Inputs are the golden vectors mutated by a seeded PRNG, plus random
// bytes; the checks are the robustness rules (clients/typescript/README.md, "Errors"; docs/robustness.md):
//
// - only the package's own error escapes (PackDecodeError with an integer offset inside the input, PackStreamError
//   for a stream's Error frame, PackSchemaFormatError for a schema), never a native error, and never a native error
//   wrapped as "unexpected failure";
// - each input is handled fast (no hang) and allocates no array buffers out of proportion to its length;
// - a stream's outcome does not depend on how its bytes are split into chunks;
// - a decoded value holds only plain objects, arrays, maps, sets and typed arrays, and nothing reaches a prototype.
//
// PACK_FUZZ_SEED and PACK_FUZZ_SCALE (a multiplier of the iteration counts) run it longer by hand; the defaults take a
// few seconds.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  PackDecodeError,
  PackSchemaFormatError,
  PackStreamError,
  checkCompatibility,
  contractFingerprint,
  decode,
  encode,
  int32,
  object,
  parseSchema,
  parseSchemaSet,
  readPackStream,
  string as stringCodec,
  wireFingerprint,
} from "../../build/src/index.js";
import * as generated from "../../build/test/generated/vectors.js";
import { ModelBuilder } from "../../build/test/vector-types.js";

const SEED = Number(process.env.PACK_FUZZ_SEED ?? 0x5eed_2026);
const SCALE = Number(process.env.PACK_FUZZ_SCALE ?? 1);
/** Longer than this for one input counts as a hang (the slowest legitimate input here takes a few milliseconds). */
const SLOW_MS = 250;

/**
 * The time `run` takes, in ms: a run over `limit` is timed twice more and the fastest counts, so a pause of the machine
 * (a GC, another process on the cores) is not taken for a slow input, while one that is slow every time still is.
 */
function fastestOf(took, limit, run) {
  for (let again = 0; again < 2 && took > limit; again++) {
    const t0 = performance.now();
    try {
      run();
    } catch {
      // the outcome was judged on the first run
    }
    took = Math.min(took, performance.now() - t0);
  }
  return took;
}

async function fastestOfAsync(took, limit, run) {
  for (let again = 0; again < 2 && took > limit; again++) {
    took = Math.min(took, (await run()).took);
  }
  return took;
}

const dir = fileURLToPath(new URL("../../../../docs/vectors/", import.meta.url));
const files = {};
for (const name of readdirSync(dir)) {
  if (name.endsWith(".json")) files[name.slice(0, -5)] = JSON.parse(readFileSync(dir + name, "utf8"));
}

/** mulberry32: small, fast, and the same sequence on every machine. */
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (xs) => xs[Math.floor(next() * xs.length)] };
}

const fromHex = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const toHex = (b) => Array.from(b.subarray(0, 64), (x) => x.toString(16).padStart(2, "0")).join("") + (b.length > 64 ? `… (${b.length} bytes)` : "");

function bytesOf(v) {
  if (v.hex !== undefined) return fromHex(v.hex);
  const parts = v.hexParts.map((p) => fromHex(p.hex.repeat(p.repeat ?? 1)));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// ---- the corpus ---------------------------------------------------------------------------------------------------

const builder = new ModelBuilder(files.types.types);
const corpus = []; // { type, bytes }
for (const file of ["primitives", "strings", "collections", "objects", "unions", "invalid"]) {
  for (const v of files[file].vectors) {
    const bytes = bytesOf(v);
    if (bytes.length <= 1 << 16) corpus.push({ type: v.type, bytes });
  }
}
const types = [...new Set(corpus.map((c) => c.type))];
const codecs = new Map(types.map((t) => [t, builder.model(t).codec]));
// A contract with members named like Object.prototype's own properties, read by the same combinators.
const hostileNames = object([
  { name: "__proto__", codec: object([{ name: "isAdmin", codec: int32 }, { name: "constructor", codec: stringCodec }]) },
  { name: "constructor", codec: stringCodec },
  { name: "toString", codec: int32 },
  { name: "hasOwnProperty", codec: int32 },
]);
codecs.set("(hostile names)", hostileNames);
corpus.push({
  type: "(hostile names)",
  bytes: encode(hostileNames, { ["__proto__"]: { isAdmin: 1, constructor: "c" }, constructor: "c", toString: 5, hasOwnProperty: 6 }),
});
/** Every generated payload reader (`XPayload.decode`), whatever type it reads. */
const generatedDecoders = Object.entries(generated)
  .filter(([name, p]) => name.endsWith("Payload") && typeof p?.decode === "function")
  .map(([name, p]) => [name, p.decode]);

const INTERESTING_32 = [0, 1, 2, 4, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x7fff8000, 0x80007fff];
const INTERESTING_8 = [0x00, 0x01, 0x02, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xfe, 0xff];

/** One to three random edits of `bytes` (a new array). */
function mutate(rng, bytes) {
  let b = Uint8Array.from(bytes);
  const edits = 1 + rng.int(3);
  for (let e = 0; e < edits; e++) {
    const at = b.length === 0 ? 0 : rng.int(b.length);
    switch (rng.int(9)) {
      case 0: // flip a bit
        if (b.length > 0) b[at] ^= 1 << rng.int(8);
        break;
      case 1: // an interesting byte
        if (b.length > 0) b[at] = rng.pick(INTERESTING_8);
        break;
      case 2: // an interesting i32/u32: counts, lengths, string headers, object headers
        if (b.length >= 4) new DataView(b.buffer, b.byteOffset, b.length).setUint32(rng.int(b.length - 3), rng.pick(INTERESTING_32) >>> 0, true);
        break;
      case 3: // a count or length just past what remains
        if (b.length >= 4) {
          const p = rng.int(b.length - 3);
          new DataView(b.buffer, b.byteOffset, b.length).setInt32(p, b.length - p - 4 + 1 + rng.int(3), true);
        }
        break;
      case 4: // truncate
        b = b.subarray(0, rng.int(b.length + 1));
        break;
      case 5: { // insert random bytes
        const n = 1 + rng.int(8);
        const out = new Uint8Array(b.length + n);
        out.set(b.subarray(0, at), 0);
        for (let i = 0; i < n; i++) out[at + i] = rng.int(256);
        out.set(b.subarray(at), at + n);
        b = out;
        break;
      }
      case 6: { // delete a run
        const n = Math.min(1 + rng.int(8), b.length - at);
        const out = new Uint8Array(b.length - n);
        out.set(b.subarray(0, at), 0);
        out.set(b.subarray(at + n), at);
        b = out;
        break;
      }
      case 7: { // splice in a piece of another vector
        const other = rng.pick(corpus).bytes;
        const from = rng.int(other.length + 1);
        const piece = other.subarray(from, from + 1 + rng.int(16));
        const out = new Uint8Array(b.length + piece.length);
        out.set(b.subarray(0, at), 0);
        out.set(piece, at);
        out.set(b.subarray(at), at + piece.length);
        b = out;
        break;
      }
      default: // random bytes over a run
        for (let i = at; i < Math.min(b.length, at + 1 + rng.int(6)); i++) b[i] = rng.int(256);
        break;
    }
  }
  return b;
}

// ---- the checks ---------------------------------------------------------------------------------------------------

const PROTOTYPES = new Set([Object.prototype, Array.prototype, Map.prototype, Set.prototype]);

/** Every object in a decoded value is a plain object, array, map, set or typed array (nothing took a prototype). */
function checkShape(v, depth = 0) {
  if (v === null || typeof v !== "object" || depth > 80) return null;
  if (ArrayBuffer.isView(v)) return null;
  if (!PROTOTYPES.has(Object.getPrototypeOf(v))) return "an object with a prototype read from the bytes";
  const children = v instanceof Map ? [...v.keys(), ...v.values()] : v instanceof Set ? [...v] : Object.values(v);
  for (const c of children) {
    const bad = checkShape(c, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

let slowest = 0;

/** Decodes `bytes` with `read`; null when the rules held, else what broke. */
function checkDecode(read, bytes) {
  const buffers = process.memoryUsage().arrayBuffers;
  const t0 = performance.now();
  let value;
  let failure = null;
  try {
    value = read(bytes);
  } catch (e) {
    if (!(e instanceof PackDecodeError)) failure = `threw ${e?.constructor?.name}: ${String(e?.message ?? e)}`;
    else if (e.reason.startsWith("unexpected failure")) failure = `a native error, wrapped: ${e.reason}`;
    else if (!Number.isInteger(e.offset) || e.offset < 0 || e.offset > bytes.length) failure = `offset ${e.offset} outside 0..${bytes.length}`;
    else if (typeof e.message !== "string" || typeof e.path !== "string") failure = "no message or path";
  }
  const took = fastestOf(performance.now() - t0, SLOW_MS, () => read(bytes));
  slowest = Math.max(slowest, took);
  if (failure === null && took > SLOW_MS) failure = `took ${took.toFixed(0)} ms`;
  const grew = process.memoryUsage().arrayBuffers - buffers;
  if (failure === null && grew > 64 * bytes.length + (1 << 20)) failure = `array buffers grew by ${grew} bytes for ${bytes.length} bytes of input`;
  if (failure === null && value !== undefined) failure = checkShape(value);
  return failure;
}

function report(failures, what, bytes, failure) {
  if (failures.length < 10) failures.push(`${what} ${toHex(bytes)}: ${failure}`);
}

// ---- payloads -----------------------------------------------------------------------------------------------------

test("fuzz: mutated golden vectors raise only PackDecodeError (interpreter codecs and generated decoders)", () => {
  const rng = prng(SEED);
  const failures = [];
  let runs = 0;
  for (const c of corpus) {
    const f = checkDecode((b) => decode(codecs.get(c.type), b), c.bytes);
    if (f !== null) report(failures, `codec ${c.type}, unmutated`, c.bytes, f);
  }
  for (let i = 0; i < 12_000 * SCALE; i++) {
    const base = rng.pick(corpus);
    const bytes = mutate(rng, base.bytes);
    // the vector's own type most of the time (deep into valid structure), another type otherwise
    const type = rng.next() < 0.7 ? base.type : rng.pick([...codecs.keys()]);
    const codec = codecs.get(type);
    const f1 = checkDecode((b) => decode(codec, b), bytes);
    if (f1 !== null) report(failures, `codec ${type}`, bytes, f1);
    const [name, read] = rng.pick(generatedDecoders);
    const f2 = checkDecode(read, bytes);
    if (f2 !== null) report(failures, `generated ${name}`, bytes, f2);
    runs += 2;
  }
  assert.deepEqual(failures, [], `${failures.length} failures in ${runs} decodes`);
});

test("fuzz: random bytes raise only PackDecodeError", () => {
  const rng = prng(SEED + 1);
  const failures = [];
  const allCodecs = [...codecs.entries()];
  for (let i = 0; i < 4_000 * SCALE; i++) {
    const bytes = new Uint8Array(rng.int(48));
    for (let j = 0; j < bytes.length; j++) bytes[j] = rng.next() < 0.3 ? rng.pick(INTERESTING_8) : rng.int(256);
    const [type, codec] = rng.pick(allCodecs);
    const f1 = checkDecode((b) => decode(codec, b), bytes);
    if (f1 !== null) report(failures, `codec ${type}`, bytes, f1);
    const [name, read] = rng.pick(generatedDecoders);
    const f2 = checkDecode(read, bytes);
    if (f2 !== null) report(failures, `generated ${name}`, bytes, f2);
  }
  assert.deepEqual(failures, []);
});

test("fuzz: strings decode exactly as a strict UTF-8 decoder says, on both paths (up to 64 bytes in JavaScript, longer by TextDecoder)", () => {
  const rng = prng(SEED + 2);
  const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const failures = [];
  const pieces = [[0x41], [0xc3, 0xa9], [0xe3, 0x81, 0x82], [0xf0, 0x9f, 0x98, 0x80], [0xef, 0xbf, 0xbf], [0xef, 0xbb, 0xbf], [0x00]];
  for (let i = 0; i < 6_000 * SCALE; i++) {
    // mostly valid UTF-8 with a few damaged bytes, around the 64-byte switch between the two decoders
    const target = rng.pick([1, 2, 3, 4, 30, 62, 63, 64, 65, 66, 100, 200]);
    const raw = [];
    while (raw.length < target) raw.push(...rng.pick(pieces));
    const bytes = Uint8Array.from(raw.slice(0, target));
    for (let k = rng.int(3); k > 0; k--) bytes[rng.int(bytes.length)] = rng.next() < 0.5 ? rng.pick(INTERESTING_8) : rng.int(256);
    let expected = null;
    try {
      expected = strict.decode(bytes);
    } catch {
      expected = null;
    }
    // the header tells the decoded UTF-16 length when there is one, a plausible one otherwise
    const u16 = expected !== null ? expected.length : Math.max(1, Math.ceil(bytes.length / 2));
    if (!(u16 <= bytes.length && bytes.length <= 3 * u16)) continue;
    const payload = new Uint8Array(8 + bytes.length);
    const view = new DataView(payload.buffer);
    view.setUint32(0, (0x80000000 | bytes.length) >>> 0, true);
    view.setInt32(4, u16, true);
    payload.set(bytes, 8);
    let got;
    try {
      got = decode(stringCodec, payload);
    } catch (e) {
      if (!(e instanceof PackDecodeError)) report(failures, "string", payload, `threw ${String(e)}`);
      got = null;
    }
    if (got !== expected) report(failures, "string", payload, `decoded ${JSON.stringify(got)}, a strict decoder says ${JSON.stringify(expected)}`);
  }
  assert.deepEqual(failures, []);
});

// ---- streams ------------------------------------------------------------------------------------------------------

async function* chunks(bytes, cuts) {
  let at = 0;
  for (const c of cuts) {
    yield bytes.slice(at, c);
    at = c;
  }
  yield bytes.slice(at);
}

/** How a stream read ends: the same for every split of its bytes into chunks. */
async function outcome(bytes, cuts, decodeItem) {
  const items = [];
  const t0 = performance.now();
  try {
    for await (const item of readPackStream(chunks(bytes, cuts), decodeItem, { maxPayloadLength: 1 << 20 })) items.push(item);
    return { sig: `end ${items.length}`, took: performance.now() - t0 };
  } catch (e) {
    const took = performance.now() - t0;
    if (e instanceof PackStreamError) return { sig: `error ${e.status} after ${items.length}`, took };
    if (e instanceof PackDecodeError) {
      if (e.reason.startsWith("unexpected failure") || !(e.offset >= 0 && e.offset <= bytes.length)) {
        return { sig: `bad PackDecodeError at ${e.offset}: ${e.reason}`, took, bad: true };
      }
      return { sig: `malformed at ${e.offset} after ${items.length}`, took };
    }
    return { sig: `threw ${e?.constructor?.name}: ${String(e?.message ?? e)}`, took, bad: true };
  }
}

test("fuzz: streams end the same way for every split into chunks, and only with Pack's errors", async () => {
  const rng = prng(SEED + 3);
  const all = [...files.streams.streams, ...files.streams.invalid];
  const decoders = new Map(all.map((s) => [s.itemType, builder.model(s.itemType).codec]));
  const failures = [];
  const check = async (what, bytes, decodeItem, splits) => {
    const whole = await outcome(bytes, [], decodeItem);
    whole.took = await fastestOfAsync(whole.took, SLOW_MS, () => outcome(bytes, [], decodeItem));
    if (whole.bad || whole.took > SLOW_MS) report(failures, what, bytes, whole.sig);
    for (const cuts of splits) {
      const split = await outcome(bytes, cuts, decodeItem);
      split.took = await fastestOfAsync(split.took, SLOW_MS, () => outcome(bytes, cuts, decodeItem));
      if (split.sig !== whole.sig || split.took > SLOW_MS) {
        report(failures, `${what} cut at ${cuts.join(",")}`, bytes, `${split.sig}, whole: ${whole.sig}`);
        return;
      }
    }
  };
  // the vectors themselves, cut once at every byte, and in 1-byte chunks
  for (const s of all) {
    const bytes = fromHex(s.hex);
    const codec = decoders.get(s.itemType);
    const splits = [Array.from({ length: Math.max(0, bytes.length - 1) }, (_, i) => i + 1)];
    for (let c = 0; c <= bytes.length; c++) splits.push([c]);
    await check(s.id, bytes, (p) => decode(codec, p), splits);
  }
  // mutated, with random cuts
  for (let i = 0; i < 1_500 * SCALE; i++) {
    const s = rng.pick(all);
    const bytes = mutate(rng, fromHex(s.hex));
    const codec = decoders.get(s.itemType);
    const splits = [];
    for (let k = 0; k < 3; k++) {
      const cuts = new Set();
      for (let n = rng.int(6); n > 0; n--) cuts.add(rng.int(bytes.length + 1));
      splits.push([...cuts].sort((a, b) => a - b));
    }
    await check(`mutated ${s.id}`, bytes, (p) => decode(codec, p), splits);
  }
  assert.deepEqual(failures, []);
});

// ---- schemas ------------------------------------------------------------------------------------------------------

const HOSTILE_JSON = [
  -1, 0.5, 2 ** 53, 1e308, Number.MAX_SAFE_INTEGER, "", "x", "__proto__", null, true, [], {}, { __proto__: null },
  JSON.parse('{"__proto__": {"kind": "object"}}'), JSON.parse('{"constructor": {"prototype": {"polluted": 1}}}'),
  "primitive", "enum", "nullable", "list", "set", "map", "object", "frozen-struct", "union", "?!~", "?".repeat(70),
];

function deepValue(depth) {
  let v = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** A copy of a JSON tree with one node replaced. */
function mutateJson(rng, doc, schemas) {
  const copy = structuredClone(doc);
  const nodes = [];
  const walk = (v, parent, key) => {
    if (parent !== null) nodes.push([parent, key]);
    if (v !== null && typeof v === "object") for (const k of Object.keys(v)) walk(v[k], v, k);
  };
  walk(copy, null, null);
  for (let e = 1 + rng.int(2); e > 0 && nodes.length > 0; e--) {
    const [parent, key] = rng.pick(nodes);
    switch (rng.int(6)) {
      case 0:
        parent[key] = rng.pick(HOSTILE_JSON);
        break;
      case 1: // an index that exists: cycles and shared parts
        parent[key] = rng.int(Array.isArray(copy.types) ? copy.types.length : 4);
        break;
      case 2:
        parent[key] = deepValue(rng.pick([10, 63, 64, 70, 5_000]));
        break;
      case 3: // a type entry from another schema
        parent[key] = structuredClone(rng.pick(rng.pick(schemas).types));
        break;
      case 4:
        delete parent[key];
        break;
      default:
        if (Array.isArray(parent)) parent.push(parent[key]); // shared, not cloned: it may be 5,000 deep
        else parent[`${key}x`] = parent[key];
        break;
    }
  }
  return copy;
}

test("fuzz: mutated schemas raise only PackSchemaFormatError, and the compatibility check always answers", () => {
  const rng = prng(SEED + 4);
  const schemas = [...files.schemas.schemas.map((s) => s.schema), ...files.compatibility.cases.flatMap((c) => [c.reader, c.writer])];
  const parsed = schemas.map((s) => parseSchema(s));
  const failures = [];
  for (let i = 0; i < 3_000 * SCALE; i++) {
    const doc = mutateJson(rng, rng.pick(schemas), schemas);
    const other = rng.pick(parsed);
    const t0 = performance.now();
    const run = () => {
      const schema = parseSchema(doc);
      wireFingerprint(schema);
      contractFingerprint(schema);
      const v1 = checkCompatibility(other, schema);
      const v2 = checkCompatibility(schema, other);
      for (const v of [...v1, ...v2]) {
        if (typeof v.ruleId !== "string" || typeof v.path !== "string" || typeof v.message !== "string") throw new Error("a violation without text");
      }
      // and the same document as the text of a schema set, whose recorded fingerprints must match
      const text = JSON.stringify({ format: "pack-schema-set/1", schemas: [{ type: "t", wire: wireFingerprint(schema), contract: contractFingerprint(schema), schema: doc }] });
      parseSchemaSet(text);
    };
    try {
      run();
    } catch (e) {
      if (!(e instanceof PackSchemaFormatError)) report(failures, "schema", new Uint8Array(0), `threw ${e?.constructor?.name}: ${String(e?.message ?? e).slice(0, 200)} for ${JSON.stringify(doc).slice(0, 300)}`);
    }
    const took = fastestOf(performance.now() - t0, SLOW_MS * 4, run);
    if (took > SLOW_MS * 4) report(failures, "schema", new Uint8Array(0), `took ${took.toFixed(0)} ms for ${JSON.stringify(doc).slice(0, 300)}`);
  }
  // texts that are barely JSON
  for (let i = 0; i < 1_000 * SCALE; i++) {
    const text = JSON.stringify(rng.pick(schemas));
    const cut = text.slice(0, rng.int(text.length + 1)) + rng.pick(["", "}", "]", "\"", "[".repeat(100_000), "{\"a\":".repeat(10_000)]);
    try {
      parseSchemaSet(cut);
    } catch (e) {
      if (!(e instanceof PackSchemaFormatError)) report(failures, "schema text", new Uint8Array(0), `threw ${String(e)}`);
    }
  }
  assert.deepEqual(failures, []);
});

test("fuzz: nothing reached a prototype, and no input was slow", () => {
  assert.deepEqual(Object.keys(Object.prototype), []);
  assert.equal(({}).polluted, undefined);
  assert.equal(({}).isAdmin, undefined);
  assert.equal(([]).polluted, undefined);
  assert.ok(slowest < SLOW_MS, `slowest decode ${slowest} ms`);
});

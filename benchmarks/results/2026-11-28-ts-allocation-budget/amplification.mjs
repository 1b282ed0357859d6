// Heap growth per payload byte of hostile payloads (docs/robustness.md, "The allocation budget"), interpreted codecs
// and generated decoders. Run from this folder after `npm run build:test` in clients/typescript:
//   node --expose-gc amplification.mjs [ratio]
// `ratio` is passed as maxAllocationRatio (omit it for the default; 0 turns the budget off).
import v8 from "node:v8";
import * as ts from "../../../clients/typescript/build/src/index.js";
import * as gv from "../../../clients/typescript/build/test/generated/vectors.js";
import * as ga from "../../../clients/typescript/build/test/generated/sample-api.js";

const ratioArg = process.argv[2];
const options = ratioArg === undefined ? undefined : { maxAllocationRatio: Number(ratioArg) };
const N = 1_000_000;

function payload(count, element) {
  const parts = [];
  const head = new Uint8Array(4);
  new DataView(head.buffer).setInt32(0, count, true);
  let len = 4 + count * element.length;
  const out = new Uint8Array(len);
  out.set(head, 0);
  for (let i = 0, p = 4; i < count; i++, p += element.length) out.set(element, p);
  return out;
}
const EMPTY_BODY = [0, 0, 0, 0];
const int50 = ts.object(Array.from({ length: 50 }, (_, i) => ({ name: `m${i}`, codec: ts.int32 })));

const shapes = [
  ["interpreted: 50-member objects, empty bodies", ts.array(int50), payload(N, EMPTY_BODY)],
  ["interpreted: string[][] of empty arrays", ts.array(ts.array(ts.string)), payload(N, [0, 0, 0, 0])],
  ["interpreted: int[][] (Int32Array) of empty arrays", ts.array(ts.numericArray(Int32Array, ts.int32)), payload(N, [0, 0, 0, 0])],
  ["interpreted: (int?)[] of nulls", ts.array(ts.nullable(ts.int32)), payload(4 * N, [0])],
  ["interpreted: string[] of 2-char strings", ts.array(ts.string), payload(N, [0x02, 0x00, 0x01, 0x00, 0x61, 0x62])],
  ["interpreted: Dictionary<int, 50-member object>, empty bodies", ts.dictionary(ts.int32, int50), null],
  ["interpreted: HashSet<int>", ts.set(ts.int32), null],
  ["interpreted: union of a 50-member object, empty bodies", ts.array(ts.union([{ tag: 0, name: "A", codec: int50 }])), payload(N, [0, 0, ...EMPTY_BODY])],
  ["interpreted: long[] as JS array (bigints)", ts.array(ts.int64), payload(N, [1, 0, 0, 0, 0, 0, 0, 0])],
  ["generated: List<List<int>> of empty arrays", gv.decodeListOfListOfI32, payload(N, [0, 0, 0, 0])],
  ["generated: List<VectorShape> (union), empty bodies", gv.decodeListOfVectorShape, payload(N, [0, 0, ...EMPTY_BODY])],
  ["generated: List<Member> (6 members), empty bodies", ga.decodeListOfMember, payload(N, EMPTY_BODY)],
  ["generated: List<string> of 2-char strings", gv.decodeListOfString, payload(N, [0x02, 0x00, 0x01, 0x00, 0x61, 0x62])],
];
// keyed payloads: distinct int keys
{
  const d = new Uint8Array(4 + N * 8);
  const v = new DataView(d.buffer);
  v.setInt32(0, N, true);
  for (let i = 0; i < N; i++) v.setInt32(4 + 8 * i, i, true);
  shapes[5][2] = d;
  const s = new Uint8Array(4 + N * 4);
  const sv = new DataView(s.buffer);
  sv.setInt32(0, N, true);
  for (let i = 0; i < N; i++) sv.setInt32(4 + 4 * i, i, true);
  shapes[6][2] = s;
}

function heap() {
  globalThis.gc();
  globalThis.gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

console.log(`node ${process.version}, maxAllocationRatio ${ratioArg ?? "default"}, heap limit ${(v8.getHeapStatistics().heap_size_limit / 2 ** 20).toFixed(0)} MiB`);
console.log("| shape | payload bytes | outcome | heap growth (MiB) | bytes per payload byte |");
console.log("|---|---:|---|---:|---:|");
for (const [name, codec, bytes] of shapes) {
  const before = heap();
  let kept = null;
  let outcome;
  try {
    kept = typeof codec === "function" ? codec(bytes, options) : ts.decode(codec, bytes, options);
    outcome = "decoded";
  } catch (e) {
    outcome = `rejected at ${e.offset}`;
    if (!(e instanceof ts.PackDecodeError)) throw e;
  }
  const growth = heap() - before;
  console.log(`| ${name} | ${bytes.length.toLocaleString("en")} | ${outcome} | ${(growth / 2 ** 20).toFixed(1)} | ${(growth / bytes.length).toFixed(1)} |`);
  kept = null;
}

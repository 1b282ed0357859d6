// V8 sizes behind the allocation budget's estimates (docs/robustness.md): `node --expose-gc estimates.mjs` from this folder after
// `npm run build:test` in clients/typescript; bytes retained per value, the slot that holds it excluded. The guid and
// decimal rows measure whichever reader is built (480 and 176 bytes before the flat strings, 56 and 48 after).
import * as ts from "../../../clients/typescript/build/src/index.js";
const K = 200_000;
function heap() { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.external; }
function per(name, make) {
  const keep = new Array(K); // slot excluded: allocated before
  for (let i = 0; i < K; i++) keep[i] = 0;
  const b = heap();
  for (let i = 0; i < K; i++) keep[i] = make(i);
  const a = heap();
  console.log(name.padEnd(44), ((a - b) / K).toFixed(1));
  return keep;
}
const mk = (n) => { const names = Array.from({length:n},(_, i)=>`m${i}`); return () => { const v = {}; for (const x of names) v[x] = 0; return v; }; };
per("literal {a}", () => ({ a: 1 }));
per("literal 6 members", (i) => ({ a: i, b: i, c: i, d: i, e: i, f: i }));
for (const n of [1, 4, 8, 12, 13, 16, 20, 50]) per(`{} + ${n} keyed stores`, mk(n));
per("new Array(0)", () => new Array(0));
per("new Array(10) filled", () => { const a = new Array(10); for (let j=0;j<10;j++) a[j]=j; return a; });
per("new Int32Array(buffer 0)", () => new Int32Array(new ArrayBuffer(0)));
per("Uint8Array(slice 16)", () => new Uint8Array(new Uint8Array(32).buffer.slice(0, 16)));
per("2-char string", (i) => String.fromCharCode(97 + (i % 26), 98 + (i % 20)));
per("10-char string", (i) => "abcdefghi" + String.fromCharCode(97 + (i % 26)));
per("30-char via TextDecoder", (i) => new TextDecoder().decode(new TextEncoder().encode("x".repeat(29) + String.fromCharCode(97 + i % 26))));
per("bigint 64", (i) => BigInt(i) * 1000000007n + (1n << 60n));
per("bigint 128", (i) => (BigInt(i) << 100n) | 5n);
const g = new Uint8Array(20); const gv = new DataView(g.buffer);
per("guid (reader)", (i) => { gv.setInt32(0, 0, true); gv.setUint32(4, i, true); const r = new ts.PackReader(g.subarray(4), {maxAllocationRatio: 0}); return r.guid(); });
const d = new Uint8Array(16); const dv = new DataView(d.buffer);
per("decimal 28 digits scale 10 (reader)", (i) => { dv.setUint32(0, i, true); dv.setUint32(4, 0xffffffff, true); dv.setUint32(8, 0x7fffffff, true); dv.setUint32(12, 10 << 16, true); return new ts.PackReader(d, {maxAllocationRatio: 0}).decimal(); });
per("union wrapper {case,value}", (i) => ({ case: "A", value: i }));
per("{ticks: bigint, kind}", (i) => ({ ticks: BigInt(i) + (1n << 60n), kind: "Utc" }));
{ const b = heap(); const m = new Map(); for (let i = 0; i < 1_000_000; i++) m.set(i, i); console.log("Map<int,int> per entry (1M)".padEnd(44), ((heap() - b) / 1e6).toFixed(1)); }
{ const b = heap(); const m = new Map(); for (let i = 0; i < 600_000; i++) m.set(i, i); console.log("Map<int,int> per entry (600k)".padEnd(44), ((heap() - b) / 6e5).toFixed(1)); }
{ const b = heap(); const m = new Set(); for (let i = 0; i < 600_000; i++) m.add(i); console.log("Set<int> per entry (600k)".padEnd(44), ((heap() - b) / 6e5).toFixed(1)); }
for (const n of [14, 15, 17, 18, 30, 100]) per(`{} + ${n} keyed stores`, mk(n));
globalThis.keepMap = null;
for (const n of [600_000, 1_000_000]) { const b = heap(); const m = new Map(); for (let i = 0; i < n; i++) m.set(i, i); globalThis.keepMap = m; console.log(`Map<int,int> per entry (${n})`.padEnd(44), ((heap() - b) / n).toFixed(1)); globalThis.keepMap = null; }
for (const n of [600_000, 1_000_000]) { const b = heap(); const m = new Set(); for (let i = 0; i < n; i++) m.add(i); globalThis.keepMap = m; console.log(`Set<int> per entry (${n})`.padEnd(44), ((heap() - b) / n).toFixed(1)); globalThis.keepMap = null; }
per("empty Map", () => new Map());
per("empty Set", () => new Set());

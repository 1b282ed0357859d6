import { HashFloodGuard, unseededHash } from "../../../clients/typescript/build/src/index.js";
const n = 1_000_000; const keys = Array.from({length:n},(_, i)=>i*3);
for (let r = 0; r < 5; r++) {
  let t = performance.now(); const g = new HashFloodGuard(n); let s = 0; for (let i = 0; i < n; i++) s += g.add(keys[i]); const a = performance.now() - t;
  t = performance.now(); let h = 0; for (let i = 0; i < n; i++) h ^= unseededHash(keys[i]); const b = performance.now() - t;
  t = performance.now(); const m = new Map(); for (let i = 0; i < n; i++) m.set(keys[i], i); const c = performance.now() - t;
  console.log("guard", a.toFixed(1), "hash only", b.toFixed(1), "Map.set", c.toFixed(1), s, h);
}

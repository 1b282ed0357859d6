import { dictionary, set, int32, int64, float64, string, encode, decode } from "../../../clients/typescript/build/src/index.js";
const n = 1_000_000;
const cases = [
  ["Dictionary<int, int>", dictionary(int32, int32), new Map(Array.from({ length: n }, (_, i) => [i * 3, i]))],
  ["Dictionary<long, int>", dictionary(int64, int32), new Map(Array.from({ length: n }, (_, i) => [638_000_000_000_000_000n + BigInt(i) * 10_000_000n, i]))],
  ["HashSet<double>", set(float64), new Set(Array.from({ length: n }, (_, i) => i + 0.5))],
  ["HashSet<string>", set(string), new Set(Array.from({ length: n / 4 }, (_, i) => "key-" + i))],
  ["List<HashSet<int>> (100,000 × 8)", (await import("../../../clients/typescript/build/src/index.js")).array(set(int32)), Array.from({ length: 100_000 }, (_, i) => new Set([i, i + 1, i + 2, i + 3, i + 4, i + 5, i + 6, i + 7]))],
];
for (const [name, codec, value] of cases) {
  const bytes = encode(codec, value);
  for (let w = 0; w < 3; w++) decode(codec, bytes);
  let best = Infinity;
  for (let r = 0; r < 9; r++) { const t = performance.now(); decode(codec, bytes); best = Math.min(best, performance.now() - t); }
  console.log(`| ${name} | ${bytes.length.toLocaleString("en")} | ${best.toFixed(1)} |`);
}

// Node: decode and encode of Dictionary<string, int> (1,000 entries), Dictionary<decimal, int> (1,000) and
// HashSet<string> (1,000) through the generated code of two builds (before: main, after: this branch), interleaved.
// Usage: node maps-node.mjs <before clients/typescript> <after clients/typescript>
const [beforeDir, afterDir] = process.argv.slice(2);
const load = async (dir) => import(`${dir}/build/test/generated/vectors.js`);
const sides = { before: await load(beforeDir), after: await load(afterDir) };
const strings = new Map(Array.from({ length: 1000 }, (_, i) => [`key-${i}`, i]));
const decimals = new Map(Array.from({ length: 1000 }, (_, i) => [`${i}.${i % 100}`, i]));
const set = new Set(Array.from({ length: 1000 }, (_, i) => `element-${i}`));
const cases = [
  ["Dictionary<string, int> (1,000)", "MapOfStringToI32Payload", strings],
  ["Dictionary<decimal, int> (1,000)", "MapOfDecimalToI32Payload", decimals],
  ["HashSet<string> (1,000)", "SetOfStringPayload", set],
];
let sink;
const ops = (run, ms) => {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 8; i++) sink = run();
    n += 8;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
};
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
console.log("| case | before ops/s | after ops/s | after/before |\n|---|---|---|---|");
for (const [label, name, value] of cases) {
  for (const direction of ["decode", "encode"]) {
    const runs = Object.entries(sides).map(([side, m]) => {
      const p = m[name];
      const bytes = p.encode(value);
      return [side, direction === "decode" ? () => p.decode(bytes) : () => p.encode(value)];
    });
    for (const [, run] of runs) ops(run, 300);
    const samples = { before: [], after: [] };
    for (let round = 0; round < 9; round++) for (const [side, run] of runs) samples[side].push(ops(run, 200));
    const b = median(samples.before), a = median(samples.after);
    console.log(`| ${label} ${direction} | ${Math.round(b).toLocaleString("en-US")} | ${Math.round(a).toLocaleString("en-US")} | ${(a / b).toFixed(2)} |`);
  }
}
console.log(`\nNode ${process.version}; load average ${(await import("node:os")).loadavg().map((x) => x.toFixed(2)).join(" / ")}; ${typeof sink}`);

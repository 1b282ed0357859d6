// The same payloads as decode-cost.mjs, but the three builds in one process, alternated: `node ab.mjs OFF BEFORE AFTER`
// (build folders as for decode-cost.mjs). For each payload: each build decodes it 3 times to warm up, then 15 turns, in
// each of which every build (order rotated a turn) takes the fastest of 3 decodes. Printed: each build's median over the
// turns and the median (with the quartiles) of the per-turn ratios. Back-to-back turns in one process see the same load
// and the same heap, which separate processes (decode-cost.mjs) do not: on a shared machine this resolves smaller
// differences. Payloads are encoded once, with the "after" build.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const names = ["off", "before", "after"];
const builds = [];
for (const dir of process.argv.slice(2, 5)) {
  const url = pathToFileURL(resolve(dir)).href;
  builds.push({
    ts: await import(`${url}/src/index.js`),
    gv: await import(`${url}/test/generated/vectors.js`),
    ga: await import(`${url}/test/generated/sample-api.js`),
  });
}
const { organization, vectors, smallObject } = await import(`${pathToFileURL(resolve(process.argv[4])).href}/bench/workloads.js`);
const { ts, gv, ga } = builds[2];
const strings = Array.from({ length: 200_000 }, (_, i) => `name-${i}`);
const wideOf = (t) => t.object(Array.from({ length: 8 }, (_, i) => ({ name: `m${i}`, codec: t.int32 })));
const times = (n, f) => (b) => { for (let i = 0; i < n; i++) f(b); };
const cases = [
  ["W4 Organization, 10,000 members (generated)", (b) => b.ga.decodeOrganization, ga.encodeOrganization(organization(10_000))],
  ["W4 Organization, 1,000 members (generated)", (b) => b.ga.decodeOrganization, ga.encodeOrganization(organization(1_000))],
  ["H2 List<Member>, 100 (generated), ×100 decodes", (b) => times(100, b.ga.decodeListOfMember), ga.encodeListOfMember(organization(100).Members)],
  ["W5 List<VectorPoint3>, 10,000 (generated)", (b) => b.gv.decodeListOfVectorPoint3, gv.encodeListOfVectorPoint3(vectors())],
  ["W6 VectorSmallObject (generated), ×10,000 decodes", (b) => times(10_000, b.gv.decodeVectorSmallObject), gv.encodeVectorSmallObject(smallObject())],
  ["List<Member>, 100,000 (generated)", (b) => b.ga.decodeListOfMember, ga.encodeListOfMember(organization(100_000).Members)],
  ["List<string>, 200,000 (generated)", (b) => b.gv.decodeListOfString, gv.encodeListOfString(strings)],
  ["List<long>, 500,000 (interpreted, bigints)", (b) => { const c = b.ts.array(b.ts.int64); return (x) => b.ts.decode(c, x); }, ts.encode(ts.array(ts.int64), Array.from({ length: 500_000 }, (_, i) => BigInt(i)))],
  ["8-int objects, 200,000 (interpreted)", (b) => { const c = b.ts.array(wideOf(b.ts)); return (x) => b.ts.decode(c, x); }, ts.encode(ts.array(wideOf(ts)), Array.from({ length: 200_000 }, (_, i) => Object.fromEntries(Array.from({ length: 8 }, (_, j) => [`m${j}`, i + j]))))],
  ["List<decimal>, 100,000 (generated)", (b) => b.gv.decodeListOfDecimal, gv.encodeListOfDecimal(Array.from({ length: 100_000 }, (_, i) => `${i}.25`))],
];
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const quart = (xs, q) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(q * (s.length - 1))]; };
const pct = (x) => `${x >= 1 ? "+" : ""}${((x - 1) * 100).toFixed(0)} %`;
console.log("| payload | off ms | before ms | after ms | after / before: median (quartiles) | before / off | after / off |");
console.log("|---|---:|---:|---:|---|---|---|");
for (const [name, make, bytes] of cases) {
  const runs = builds.map(make);
  for (const run of runs) for (let w = 0; w < 3; w++) run(bytes);
  const t = [[], [], []];
  for (let turn = 0; turn < 15; turn++) {
    for (let k = 0; k < 3; k++) {
      const i = (turn + k) % 3;
      let best = Infinity;
      for (let r = 0; r < 3; r++) {
        const s = performance.now();
        runs[i](bytes);
        best = Math.min(best, performance.now() - s);
      }
      t[i].push(best);
    }
  }
  const ratio = (a, b) => t[a].map((x, k) => x / t[b][k]);
  const cell = (a, b) => { const r = ratio(a, b); return `${pct(median(r))} (${pct(quart(r, 0.25))} to ${pct(quart(r, 0.75))})`; };
  console.log(`| ${name} | ${median(t[0]).toFixed(2)} | ${median(t[1]).toFixed(2)} | ${median(t[2]).toFixed(2)} | ${cell(2, 1)} | ${cell(1, 0)} | ${cell(2, 0)} |`);
}

// A steadier companion of decode-cost.mjs for the small payloads: `node median-cost.mjs <build>` decodes each payload in
// batches (W4 of 1,000 members ×20, H2 ×100, W5 ×20, W6 ×10,000, List<long> of 500,000 ×1), after 50 warm-up batches,
// 41 batches each in turn, and prints each payload's median batch (ms), so that one slow or fast batch does not decide.
// One build a process, as decode-cost.mjs (run-median-rounds.sh interleaves the processes).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const url = pathToFileURL(resolve(process.argv[2] ?? "../../../clients/typescript/build")).href;
const ts = await import(`${url}/src/index.js`);
const gv = await import(`${url}/test/generated/vectors.js`);
const ga = await import(`${url}/test/generated/sample-api.js`);
const { organization, vectors, smallObject } = await import(`${url}/bench/workloads.js`);
const longs = ts.array(ts.int64);
const cases = [
  ["W4 Organization, 1,000 members (generated), ×20", ga.decodeOrganization, ga.encodeOrganization(organization(1_000)), 20],
  ["H2 List<Member>, 100 (generated), ×100", ga.decodeListOfMember, ga.encodeListOfMember(organization(100).Members), 100],
  ["W5 List<VectorPoint3>, 10,000 (generated), ×20", gv.decodeListOfVectorPoint3, gv.encodeListOfVectorPoint3(vectors()), 20],
  ["W6 VectorSmallObject (generated), ×10,000", gv.decodeVectorSmallObject, gv.encodeVectorSmallObject(smallObject()), 10_000],
  ["List<long>, 500,000 (interpreted, bigints), ×1", (b) => ts.decode(longs, b), ts.encode(longs, Array.from({ length: 500_000 }, (_, i) => BigInt(i))), 1],
];
const batch = ([, decode, bytes, n]) => {
  const s = performance.now();
  for (let i = 0; i < n; i++) decode(bytes);
  return performance.now() - s;
};
for (let w = 0; w < 50; w++) for (const c of cases) batch(c);
const samples = cases.map(() => []);
for (let k = 0; k < 41; k++) cases.forEach((c, i) => samples[i].push(batch(c)));
cases.forEach((c, i) => {
  const s = samples[i].sort((a, b) => a - b);
  console.log(`| ${c[0]} | ${s[20].toFixed(3)} |`);
});

// What the allocation budget costs honest payloads: `node decode-cost.mjs <build>` from this folder, where <build> is
// clients/typescript/build (budget on, the default) or a copy whose PackReader.charge is empty (make-off-build.sh).
// Each payload is encoded once, decoded 3 times to warm up, then the fastest of 9 decodes is printed (ms).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const build = pathToFileURL(resolve(process.argv[2] ?? "../../../clients/typescript/build")).href;
const ts = await import(`${build}/src/index.js`);
const gv = await import(`${build}/test/generated/vectors.js`);
const ga = await import(`${build}/test/generated/sample-api.js`);
const { organization, vectors, smallObject } = await import(`${build}/bench/workloads.js`);

const strings = Array.from({ length: 200_000 }, (_, i) => `name-${i}`);
const members = organization(100_000).Members;
const wide = ts.object(Array.from({ length: 8 }, (_, i) => ({ name: `m${i}`, codec: ts.int32 })));
const cases = [
  ["W4 Organization, 10,000 members (generated)", ga.decodeOrganization, ga.encodeOrganization(organization(10_000))],
  ["H2 List<Member>, 100 (generated), ×100 decodes", (b) => { for (let i = 0; i < 100; i++) ga.decodeListOfMember(b); }, ga.encodeListOfMember(organization(100).Members)],
  ["W5 List<VectorPoint3>, 10,000 (generated)", gv.decodeListOfVectorPoint3, gv.encodeListOfVectorPoint3(vectors())],
  ["W6 VectorSmallObject (generated), ×10,000 decodes", (b) => { for (let i = 0; i < 10_000; i++) gv.decodeVectorSmallObject(b); }, gv.encodeVectorSmallObject(smallObject())],
  ["List<Member>, 100,000 (generated)", ga.decodeListOfMember, ga.encodeListOfMember(members)],
  ["List<string>, 200,000 (generated)", gv.decodeListOfString, gv.encodeListOfString(strings)],
  ["Dictionary<string, int>, 200,000 (generated)", gv.decodeMapOfStringToI32, gv.encodeMapOfStringToI32(new Map(strings.map((s, i) => [s, i])))],
  ["List<int>, 1,000,000 (Int32Array, generated)", gv.decodeListOfI32, gv.encodeListOfI32(new Int32Array(1_000_000).map((_, i) => i))],
  ["List<bool>, 1,000,000 (generated)", gv.decodeListOfBool, gv.encodeListOfBool(Array.from({ length: 1_000_000 }, (_, i) => i % 3 === 0))],
  ["List<long>, 500,000 (interpreted, bigints)", (b) => ts.decode(ts.array(ts.int64), b), ts.encode(ts.array(ts.int64), Array.from({ length: 500_000 }, (_, i) => BigInt(i)))],
  ["8-int objects, 200,000 (interpreted)", (b) => ts.decode(ts.array(wide), b), ts.encode(ts.array(wide), Array.from({ length: 200_000 }, (_, i) => Object.fromEntries(Array.from({ length: 8 }, (_, j) => [`m${j}`, i + j]))))],
];
for (const [name, run, bytes] of cases) {
  for (let w = 0; w < 3; w++) run(bytes);
  let best = Infinity;
  for (let r = 0; r < 9; r++) {
    const t = performance.now();
    run(bytes);
    best = Math.min(best, performance.now() - t);
  }
  console.log(`| ${name} | ${bytes.length.toLocaleString("en")} | ${best.toFixed(2)} |`);
}

// What the allocation budget costs honest payloads, and JSON.parse beside it: `node decode-cost.mjs <build>` from this
// folder, where <build> is a clients/typescript/build (after `npm run build && npm run build:test`): this change's, the
// one before it (main at 2f4c64e), or a copy with PackReader.charge emptied (make-off-build.sh).
// The rows of ../2026-11-28-ts-allocation-budget/decode-cost.mjs unchanged, then the browser workloads of WORKLOADS.md
// (W4 with 1,000 members, W5, W6, H2) decoded by the generated decoders and, in the same process, their JSON text
// (camelCase, as the server sends it) by JSON.parse plus the conversion JSON needs for the same values (Member's 64-bit
// UpdateTime to a bigint), as clients/typescript/bench/bench-entry.ts does in Chromium.
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

// ---- the browser workloads: Pack against JSON.parse ----
const camel = (v) =>
  JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? Number(x) : x)), (_k, x) => {
    if (x !== null && typeof x === "object" && !Array.isArray(x)) {
      const o = {};
      for (const [key, val] of Object.entries(x)) o[key[0].toLowerCase() + key.slice(1)] = val;
      return o;
    }
    return x;
  });
const membersFromJson = (list) => {
  for (const m of list) m.updateTime = BigInt(m.updateTime);
  return list;
};
const utf8 = (s) => new TextEncoder().encode(s);
const w4 = organization(1_000);
const h2 = organization(100).Members;
const w5 = vectors();
const w6 = smallObject();
const times = (n, f) => (x) => { for (let i = 0; i < n; i++) f(x); };
const pairs = [
  ["W4 Organization, 1,000 members", ga.decodeOrganization, ga.encodeOrganization(w4), (s) => { const o = JSON.parse(s); membersFromJson(o.members); return o; }, JSON.stringify(camel(w4)), 1],
  ["H2 List<Member>, 100, ×100 decodes", ga.decodeListOfMember, ga.encodeListOfMember(h2), (s) => membersFromJson(JSON.parse(s)), JSON.stringify(camel(h2)), 100],
  ["W5 Vector3[10,000]", gv.decodeListOfVectorPoint3, gv.encodeListOfVectorPoint3(w5), (s) => JSON.parse(s), JSON.stringify(camel(w5)), 1],
  ["W6 SmallObject, ×10,000 decodes", gv.decodeVectorSmallObject, gv.encodeVectorSmallObject(w6), (s) => JSON.parse(s), JSON.stringify(camel(w6)), 10_000],
];
for (const [name, pack, packBytes, json, jsonText, n] of pairs) {
  cases.push([`${name}: Pack (generated)`, times(n, pack), packBytes]);
  cases.push([`${name}: JSON.parse`, times(n, json), jsonText]);
}

for (const [name, run, input] of cases) {
  for (let w = 0; w < 3; w++) run(input);
  let best = Infinity;
  for (let r = 0; r < 9; r++) {
    const t = performance.now();
    run(input);
    best = Math.min(best, performance.now() - t);
  }
  const bytes = typeof input === "string" ? utf8(input).length : input.length;
  console.log(`| ${name} | ${bytes.toLocaleString("en")} | ${best.toFixed(2)} |`);
}

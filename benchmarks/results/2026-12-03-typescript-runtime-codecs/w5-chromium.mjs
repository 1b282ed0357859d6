// W5 (10,000 VectorPoint3) in one Chromium page holding both builds: BEFORE's and AFTER's generated
// test/generated/vectors.ts are bundled into one script (esbuild, minified, as scripts/run-bench.mjs does) and
// alternated round by round, the order of the two builds swapped every round. Not a test: timings depend on the machine.
//
//   BEFORE=<tree of c88f5f0>/clients/typescript AFTER=<tree>/clients/typescript taskset -c 1 node w5-chromium.mjs
//
// esbuild and playwright-core come from AFTER's node_modules. Prints one line per round and the medians.
import { createRequire } from "node:module";
import { createServer } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const before = path.resolve(process.env.BEFORE ?? "");
const after = path.resolve(process.env.AFTER ?? "");
const require = createRequire(path.join(after, "package.json"));
const { build } = require("esbuild");
const { chromium } = require("playwright-core");

const entry = `
import * as b from ${JSON.stringify(path.join(before, "test/generated/vectors.ts"))};
import * as a from ${JSON.stringify(path.join(after, "test/generated/vectors.ts"))};
const x = Math.fround(10.3), y = Math.fround(40.5), z = Math.fround(13411.3);
const points = Array.from({ length: 10_000 }, () => ({ X: x, Y: y, Z: z }));
const bytesB = b.encodeListOfVectorPoint3(points), bytesA = a.encodeListOfVectorPoint3(points);
let same = bytesA.length === bytesB.length;
for (let i = 0; same && i < bytesA.length; i++) same = bytesA[i] === bytesB[i];
let sink;
function ops(run, ms) {
  let n = 0; const start = performance.now(); let now = start;
  while (now - start < ms) { for (let i = 0; i < 8; i++) sink = run(); n += 8; now = performance.now(); }
  return (n * 1000) / (now - start);
}
const runs = {
  "before encode": () => b.encodeListOfVectorPoint3(points), "after encode": () => a.encodeListOfVectorPoint3(points),
  "before decode": () => b.decodeListOfVectorPoint3(bytesB), "after decode": () => a.decodeListOfVectorPoint3(bytesA),
};
async function main() {
  for (const run of Object.values(runs)) ops(run, 500);
  const rounds = [];
  for (let round = 0; round < 12; round++) {
    const order = round % 2 === 0 ? ["before", "after"] : ["after", "before"];
    const r = {};
    for (const direction of ["encode", "decode"]) for (const build of order) r[build + " " + direction] = ops(runs[build + " " + direction], 400);
    rounds.push(r);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  globalThis.w5 = { same, rounds, userAgent: navigator.userAgent, sink: sink === undefined };
}
main();
`;
const dir = mkdtempSync(path.join(os.tmpdir(), "w5-"));
writeFileSync(path.join(dir, "entry.js"), entry);
const script = (await build({ entryPoints: [path.join(dir, "entry.js")], bundle: true, format: "esm", target: "es2022", minify: true, write: false, logLevel: "error" })).outputFiles[0].text;
const server = createServer((req, res) => {
  res.writeHead(200, { "content-type": req.url === "/w5.js" ? "text/javascript" : "text/html" });
  res.end(req.url === "/w5.js" ? script : '<!doctype html><meta charset="utf-8"><script type="module" src="/w5.js"></script>');
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const browser = await chromium.launch({ executablePath: process.env.PACK_CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
let result;
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => globalThis.w5 !== undefined, null, { timeout: 120_000 });
  result = await page.evaluate(() => globalThis.w5);
  result.browser = browser.version();
} finally {
  await browser.close();
  server.close();
}
const median = (xs) => [...xs].sort((p, q) => p - q)[xs.length >> 1];
const f = (n) => Math.round(n).toLocaleString("en-US");
console.log(`same bytes: ${result.same}; Chromium ${result.browser}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")}`);
for (const [i, r] of result.rounds.entries()) {
  console.log(`round ${i}: encode before ${f(r["before encode"])} after ${f(r["after encode"])} (${(r["after encode"] / r["before encode"]).toFixed(2)}); decode before ${f(r["before decode"])} after ${f(r["after decode"])} (${(r["after decode"] / r["before decode"]).toFixed(2)})`);
}
for (const direction of ["encode", "decode"]) {
  const ratios = result.rounds.map((r) => r["after " + direction] / r["before " + direction]);
  console.log(`${direction}: before ${f(median(result.rounds.map((r) => r["before " + direction])))} ops/s, after ${f(median(result.rounds.map((r) => r["after " + direction])))} ops/s, after/before per round ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}, median ${median(ratios).toFixed(2)}`);
}

// Browser benchmark (WORKLOADS.md, "Browser workloads"): bundles bench/bench-entry.ts with esbuild, serves it from
// 127.0.0.1 and runs it in Debian's Chromium through playwright-core. Prints a markdown table; with --out DIR, writes
// DIR/README.md and DIR/results.json. Not a test: timings depend on the machine.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("..", import.meta.url));
const outIndex = process.argv.indexOf("--out");
const out = outIndex > 0 ? process.argv[outIndex + 1] : null;
const executablePath = process.env.PACK_CHROMIUM ?? "/usr/bin/chromium";

const bundle = await build({
  entryPoints: [root + "bench/bench-entry.ts"],
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  write: false,
  logLevel: "error",
});
const script = bundle.outputFiles[0].text;
const server = createServer((req, res) => {
  if (req.url === "/bench.js") {
    res.writeHead(200, { "content-type": "text/javascript" });
    res.end(script);
  } else {
    res.writeHead(200, { "content-type": "text/html" });
    res.end('<!doctype html><meta charset="utf-8"><title>Pack browser benchmark</title><script type="module" src="/bench.js"></script>');
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
let result;
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => globalThis.packBench !== undefined, null, { timeout: 30_000 });
  result = await page.evaluate(() => globalThis.packBench);
  result.browser = browser.version();
} finally {
  await browser.close();
  server.close();
}

const f = (n) => Math.round(n).toLocaleString("en-US");
const r2 = (n) => n.toFixed(2);
let table = "| workload | Pack bytes | JSON bytes | MessagePack bytes | Pack ops/s | JSON.parse ops/s | @msgpack/msgpack ops/s | Pack / JSON (median of per-round ratios) | Pack / msgpack |\n|---|---|---|---|---|---|---|---|---|\n";
for (const r of result.rows) {
  table += `| ${r.id} | ${f(r.packBytes)} | ${f(r.jsonBytes)} | ${f(r.msgpackBytes)} | ${f(r.pack)} | ${f(r.json)} | ${f(r.msgpack)} | ${r2(r.ratioJson)}x | ${r2(r.ratioMsgpack)}x |\n`;
}
const machine = `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} logical cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}; load average at the end ${os.loadavg().map((x) => x.toFixed(2)).join(" / ")}`;
console.log(table);
console.log(`Chromium ${result.browser}; ${result.userAgent}; ${machine}`);
if (out) {
  mkdirSync(out, { recursive: true });
  writeFileSync(`${out}/results.json`, JSON.stringify({ ...result, machine, date: new Date().toISOString() }, null, 2) + "\n");
  writeFileSync(`${out}/table.md`, table);
}

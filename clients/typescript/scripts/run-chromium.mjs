// Runs the golden-vector conformance suite in a real Chromium: bundles test/browser-entry.ts with esbuild, serves
// it from 127.0.0.1 (a secure context, for crypto.subtle) and drives Debian's chromium through playwright-core.
// Exit code 0 only when every vector passed; a missing browser is an error with a clear message, never a skip.
import { build } from "esbuild";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("..", import.meta.url));
const executablePath = process.env.PACK_CHROMIUM ?? "/usr/bin/chromium";
if (!existsSync(executablePath)) {
  console.error(`Chromium not found at ${executablePath}: install it (apt-get install chromium) or set PACK_CHROMIUM.`);
  process.exit(2);
}

const bundle = await build({
  entryPoints: [root + "test/browser-entry.ts"],
  bundle: true,
  format: "esm",
  target: "es2022",
  write: false,
  loader: { ".json": "json" },
  logLevel: "error",
});
const script = bundle.outputFiles[0].text;

const server = createServer((req, res) => {
  if (req.url === "/bundle.js") {
    res.writeHead(200, { "content-type": "text/javascript" });
    res.end(script);
  } else {
    res.writeHead(200, { "content-type": "text/html" });
    res.end('<!doctype html><meta charset="utf-8"><title>Pack conformance</title><script type="module" src="/bundle.js"></script>');
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
let failed = 0;
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => globalThis.packConformance !== undefined, null, { timeout: 60_000 });
  const results = await page.evaluate(() => globalThis.packConformance);
  const userAgent = await page.evaluate(() => navigator.userAgent);
  for (const r of results) {
    if (!r.ok) {
      failed++;
      console.log(`FAIL ${r.file}: ${r.id}: ${r.message}`);
    }
  }
  if (errors.length > 0) {
    failed++;
    console.log(`page errors: ${errors.join("; ")}`);
  }
  console.log(`chromium ${browser.version()} (${userAgent})`);
  console.log(`${results.length - failed} passed, ${failed} failed (golden vectors in Chromium)`);
  if (results.length === 0) failed++;
} finally {
  await browser.close();
  server.close();
}
process.exit(failed === 0 ? 0 : 1);

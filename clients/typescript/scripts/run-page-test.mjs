// End-to-end test of the sample page (samples/WebApi/wwwroot) in Chromium against a running sample API:
//   node scripts/run-page-test.mjs <base URL> <screenshot path> [HAR path]
// With a HAR path the page's context records every exchange there (playwright's recordHar, bodies attached as files
// beside it, so binary request bodies stay byte-exact), for `pack inspect --har`.
// The page's bundle is built fresh from page/page.ts and served in place of the committed wwwroot/pack-page.js, so the
// test always exercises the current sources. Exit code 0 only when every step passed.
import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const [baseUrl, screenshot, har] = process.argv.slice(2);
if (!baseUrl || !screenshot) {
  console.error("usage: run-page-test.mjs <base URL> <screenshot path>");
  process.exit(2);
}
const root = fileURLToPath(new URL("..", import.meta.url));
const bundle = await build({ entryPoints: [root + "page/page.ts"], bundle: true, format: "esm", target: "es2022", write: false, logLevel: "error" });
const script = bundle.outputFiles[0].text;

const browser = await chromium.launch({ executablePath: process.env.PACK_CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const step = (name) => console.log(`step: ${name}`);
let ok = false;
try {
  const context = await browser.newContext(har ? { recordHar: { path: har, content: "attach" } } : {});
  const page = await context.newPage();
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.route("**/pack-page.js", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: script }));
  await page.goto(baseUrl);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30_000 });

  step("orders listed over Pack");
  await page.waitForFunction(() => document.querySelectorAll("#orders tr").length >= 3);
  let wire = await page.textContent("#wire");
  if (!wire.includes("application/x-pack")) throw new Error(`expected a Pack response, the page says: ${wire}`);
  const first = await page.textContent("#orders tr[data-id='1']");
  if (!first.includes("Customer 1") || !first.includes("10.49")) throw new Error(`order 1 shows ${first}`);

  step("JSON toggle");
  await page.check("#format-json");
  await page.waitForFunction(() => document.querySelector("#wire").textContent.includes("application/json"));
  const firstJson = await page.textContent("#orders tr[data-id='1']");
  if (!firstJson.includes("Customer 1") || !firstJson.includes("10.49")) throw new Error(`order 1 over JSON shows ${firstJson}`);
  await page.check("#format-pack");
  await page.waitForFunction(() => document.querySelector("#wire").textContent.includes("application/x-pack"));
  wire = await page.textContent("#wire");
  console.log(`wire: ${wire}`);

  step("validation error shows field errors");
  await page.fill("#customer", "A");
  await page.fill("#quantity", "0");
  await page.click("#create button[type=submit]");
  await page.waitForSelector(".field-error", { timeout: 10_000 });
  const errors = await page.$$eval(".field-error", (els) => els.map((e) => e.textContent));
  if (!errors.some((e) => e.startsWith("Customer")) || !errors.some((e) => e.startsWith("Lines"))) throw new Error(`field errors: ${errors.join(" | ")}`);
  console.log(`field errors: ${errors.join(" | ")}`);

  step("create an order");
  await page.fill("#customer", "Grace Hopper");
  await page.fill("#quantity", "2");
  await page.fill("#price", "9.99");
  await page.click("#create button[type=submit]");
  await page.waitForFunction(() => document.querySelector("#created").textContent.startsWith("created order"));
  await page.waitForFunction(() => [...document.querySelectorAll("#orders tr")].some((tr) => tr.textContent.includes("Grace Hopper") && tr.textContent.includes("19.98")));

  step("live stream, then cancel");
  await page.click("#follow");
  await page.waitForFunction(() => Number(document.querySelector("#stream-count").textContent) >= 3, null, { timeout: 20_000 });
  await page.click("#stop");
  await page.waitForFunction(() => document.querySelector("#stream-state").textContent === "cancelled", null, { timeout: 10_000 });
  const countAtStop = Number(await page.textContent("#stream-count"));
  await page.waitForTimeout(600);
  const countLater = Number(await page.textContent("#stream-count"));
  if (countLater !== countAtStop) throw new Error(`items kept arriving after cancel: ${countAtStop} -> ${countLater}`);

  step("a finished stream from the page (a HAR holds no body for the cancelled one)");
  const finished = await page.evaluate(async (url) => {
    const r = await fetch(url, { headers: { accept: "application/x-pack-stream" } });
    return (await r.arrayBuffer()).byteLength;
  }, new URL("api/members/stream?count=3&delayMs=0", baseUrl).toString());
  if (!(finished > 0)) throw new Error(`the finished stream had ${finished} bytes`);

  step("the traffic panel shows each exchange decoded");
  const traffic = await page.$$eval("#traffic li", (els) => els.map((e) => `${e.dataset.phase}: ${e.textContent}`));
  if (!traffic.some((t) => t.startsWith("request: POST /api/orders") && t.includes("Grace Hopper"))) throw new Error(`no decoded request in the panel: ${traffic.join(" | ")}`);
  if (!traffic.some((t) => t.startsWith("response: POST /api/orders → 201") && t.includes("Grace Hopper"))) throw new Error(`no decoded response in the panel: ${traffic.join(" | ")}`);
  if (!traffic.some((t) => t.startsWith("item: GET ") && t.includes("item 2"))) throw new Error(`no stream items in the panel: ${traffic.join(" | ")}`);
  console.log(`traffic: ${traffic.length} lines, e.g. ${traffic.find((t) => t.startsWith("response:"))?.slice(0, 160)}`);

  step("appended members against the real server, both ways");
  const current = await import("../build/test/generated/sample-api.js");
  const newer = await import("../build/test/generated/sample-api-appended.js");
  const got = await fetch(new URL("api/orders/1", baseUrl), { headers: { accept: "application/x-pack" } });
  const orderBytes = new Uint8Array(await got.arrayBuffer());
  const asCurrent = current.decodeOrder(orderBytes);
  const asNewer = newer.decodeOrder(orderBytes); // the server's payload lacks Note: the newer reader gives it its default
  if (asCurrent.Id !== 1 || asCurrent.Total !== "10.49" || asNewer.Note !== "none" || asNewer.Total !== "10.49") {
    throw new Error(`order 1 read as ${JSON.stringify({ ...asNewer, CreatedAt: String(asNewer.CreatedAt.ticks) })}`);
  }
  // A newer client appends CreateOrderRequest.Coupon: the server's (older) contract skips it and answers 201.
  const posted = await fetch(new URL("api/orders", baseUrl), {
    method: "POST",
    headers: { accept: "application/x-pack", "content-type": "application/x-pack" },
    body: newer.encodeCreateOrderRequest({
      Customer: "Newer Client",
      Lines: [{ Sku: "PACK-9", Quantity: 3, UnitPrice: "1.10" }],
      Status: newer.OrderStatus.Paid,
      Coupon: "SPRING",
    }),
  });
  if (posted.status !== 201) throw new Error(`POST with an appended member: ${posted.status} ${await posted.text()}`);
  const created = current.decodeOrder(new Uint8Array(await posted.arrayBuffer()));
  if (created.Customer !== "Newer Client" || created.Total !== "3.30") throw new Error(`created ${created.Customer} ${created.Total}`);

  mkdirSync(dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot, fullPage: true });
  if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join("; ")}`);
  await context.close(); // writes the HAR
  ok = true;
  console.log(`page test passed (chromium ${browser.version()}); screenshot: ${screenshot}`);
} catch (e) {
  console.log(`page test FAILED: ${e?.stack ?? e}`);
} finally {
  await browser.close();
}
process.exit(ok ? 0 : 1);

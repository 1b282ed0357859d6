// The generated modules' checks (generated.test.mjs) with the runtime's compiled readers and writers turned off: the
// closures that a page whose Content-Security-Policy forbids `new Function` gets must pass the same golden vectors.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { setCompiledCodecs } from "../../build/src/codec-for.js";
import { runGeneratedChecks } from "../../build/test/generated-checks.js";

setCompiledCodecs(false);
const dir = fileURLToPath(new URL("../../../../docs/vectors/", import.meta.url));
const files = {};
for (const name of readdirSync(dir)) {
  if (name.endsWith(".json")) files[name.slice(0, -5)] = JSON.parse(readFileSync(dir + name, "utf8"));
}

const results = runGeneratedChecks(files);
test("the interpreted codecs ran every generated check", () => assert.ok(results.length > 100, String(results.length)));
for (const r of results) {
  test(`interpreted ${r.file}: ${r.id}`, () => {
    assert.ok(r.ok, r.message);
  });
}

// Golden vectors in Node: every vector of docs/vectors, decoded and re-encoded byte-exactly; invalid ones rejected
// with a PackDecodeError and an offset. The checks themselves are test/conformance.ts (also run in Chromium).
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { runConformance } from "../../build/test/conformance.js";

const dir = fileURLToPath(new URL("../../../../docs/vectors/", import.meta.url));
const files = {};
for (const name of readdirSync(dir)) {
  if (name.endsWith(".json")) files[name.slice(0, -5)] = JSON.parse(readFileSync(dir + name, "utf8"));
}

const results = await runConformance(files);

test("every vector file was read and every vector ran", () => {
  for (const f of ["primitives", "strings", "collections", "objects", "unions", "invalid", "streams", "types"]) {
    assert.ok(files[f], `docs/vectors/${f}.json missing`);
  }
  const expected =
    ["primitives", "strings", "collections", "objects", "unions", "invalid"].reduce((n, f) => n + files[f].vectors.length, 0) +
    files.streams.streams.length + files.streams.invalid.length;
  assert.equal(results.length, expected);
});

for (const r of results) {
  test(`${r.file}: ${r.id}`, () => {
    assert.ok(r.ok, r.message);
  });
}

// The differential check's Node side (tests/Pack.TypeScript.Tests/Differential/PayloadDifferentialTests.cs):
//   node scripts/run-differential.mjs <input.json> <output.json>
// input: { "types": <types.json's types>, "cases": [{ "type", "hex" }] } for payloads, plus "chunkSizes": [n…] for
// streams (StreamDifferentialTests: each case is a whole stream, read once per chunk size); output: one result per case,
// in order (test/differential.ts). Needs `npm run build:test` first.
import { readFileSync, writeFileSync } from "node:fs";
import { runDifferential, runStreamDifferential } from "../build/test/differential.js";

const [input, output] = process.argv.slice(2);
if (input === undefined || output === undefined) {
  console.error("usage: node scripts/run-differential.mjs <input.json> <output.json>");
  process.exit(2);
}
const batch = JSON.parse(readFileSync(input, "utf8"));
const started = performance.now();
const results = batch.chunkSizes === undefined
  ? runDifferential(batch.types, batch.cases)
  : await runStreamDifferential(batch.types, batch.cases, batch.chunkSizes);
writeFileSync(output, JSON.stringify(results));
console.log(`decoded ${batch.cases.length} inputs in ${Math.round(performance.now() - started)} ms`);

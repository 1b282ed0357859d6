// The TypeScript side of tests/Pack.TypeScript.Tests/RandomContracts: one Node process per batch of random contracts.
// Usage: node run-random-contracts.mjs <input.json> <output.json>
// Run in clients/typescript. input: { package: URL of build/src/index.js, model: URL of build/test/vector-types.js, module: the `pack ts` output
// (TypeScript) for the batch's schema set, types: types.json-style entries of the batch's declarations, roots: [{ type,
// contract }], cases: [{ root, hex, encode }] }. The generated module is transpiled with esbuild (types are not checked:
// `tsc --strict` runs on the committed fixtures) and imported; its payload functions are found by contract fingerprint.
// Each case is decoded by the interpreted codec (test/vector-types.ts, built from `types`) and by the generated
// decoder; with `encode`, an accepted value is encoded again by the same side. Output: one result per case, in order:
// { interpreted, generated, interpretedHex?, generatedHex? }, each verdict { outcome, json?, offset?, reason? }.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const [input, output] = process.argv.slice(2);
const batch = JSON.parse(readFileSync(input, "utf8"));
// esbuild is a dev dependency of clients/typescript (the working directory), not of this folder.
const { transform } = createRequire(`${process.cwd()}/package.json`)("esbuild");
const pack = await import(batch.package);
const { ModelBuilder } = await import(batch.model);

const source = readFileSync(batch.module, "utf8");
const { code } = await transform(source, { loader: "ts", format: "esm", target: "es2022" });
const modulePath = batch.module.replace(/\.ts$/, ".mjs");
writeFileSync(modulePath, code);
const generated = await import(pathToFileURL(modulePath).href);
const payloads = new Map();
for (const value of Object.values(generated)) {
  // By contract fingerprint: two roots of one wire form (names and annotations aside) have different payload functions.
  if (value !== null && typeof value === "object" && typeof value.contractFingerprint === "string" && typeof value.decode === "function") {
    payloads.set(value.contractFingerprint, value);
  }
}

const fromHex = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function verdict(model, run) {
  let value;
  try {
    value = run();
  } catch (e) {
    if (e instanceof pack.PackDecodeError) return [{ outcome: "rejected", offset: e.offset, reason: e.reason ?? e.message }];
    return [{ outcome: "crashed", reason: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }];
  }
  try {
    return [{ outcome: "accepted", json: model.toJson(value) }, value];
  } catch (e) {
    return [{ outcome: "crashed", reason: `accepted, but the value has no §14 JSON: ${e instanceof Error ? e.stack : String(e)}` }];
  }
}

function encoded(run) {
  try {
    return toHex(run());
  } catch (e) {
    return `encode failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
  }
}

const started = performance.now();
const builder = new ModelBuilder(batch.types);
const roots = batch.roots.map((r) => ({ model: builder.model(r.type), payload: payloads.get(r.contract) }));
const missing = batch.roots.filter((_, i) => roots[i].payload === undefined).map((r) => r.type);
const results = batch.cases.map((c) => {
  const { model, payload } = roots[c.root];
  const bytes = fromHex(c.hex);
  const [interpreted, interpretedValue] = verdict(model, () => pack.decode(model.codec, bytes));
  const result = { interpreted };
  if (c.encode && interpreted.outcome === "accepted") result.interpretedHex = encoded(() => pack.encode(model.codec, interpretedValue));
  if (payload !== undefined) {
    const [g, generatedValue] = verdict(model, () => payload.decode(bytes));
    result.generated = g;
    if (c.encode && g.outcome === "accepted") result.generatedHex = encoded(() => payload.encode(generatedValue));
  }
  return result;
});
writeFileSync(output, JSON.stringify({ missing, results }));
console.log(`decoded ${batch.cases.length} inputs of ${batch.roots.length} roots in ${Math.round(performance.now() - started)} ms`);

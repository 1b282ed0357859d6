// The TypeScript side of tests/Pack.TypeScript.Tests/SchemaParserDiff: reads a JSON array of schema texts and writes,
// for each, two lines: the verdict of parseSchemaText, then of parseSchemaSet. A verdict is `accepted` and the result
// (contract and wire fingerprint and canonical text; or each set entry's label, wire and contract fingerprint),
// `rejected` and the PackSchemaFormatError's message, or `crashed` and any other error. Every character outside
// printable ASCII, and `\`, is written as \uXXXX, so the C# side compares exact UTF-16 text.
// Usage: node parse-schema-texts.mjs <package index.js URL> <input.json> <output.txt>
import { readFileSync, writeFileSync } from "node:fs";

const [packageUrl, input, output] = process.argv.slice(2);
const pack = await import(packageUrl);
const texts = JSON.parse(readFileSync(input, "utf8"));

const escape = (s) => s.replace(/[^\x20-\x5b\x5d-\x7e]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));

function verdict(read) {
  try {
    return "accepted " + read();
  } catch (e) {
    return e instanceof pack.PackSchemaFormatError ? "rejected " + escape(e.message) : "crashed " + escape(`${e?.constructor?.name}: ${e?.message}`);
  }
}

const lines = [];
for (const text of texts) {
  lines.push(verdict(() => {
    const schema = pack.parseSchemaText(text);
    return `${pack.contractFingerprint(schema)} ${pack.wireFingerprint(schema)} ${escape(pack.canonicalText(schema))}`;
  }));
  // Entries in the set's order, each `label TAB wire TAB contract`, separated by two tabs (a label's own are escaped).
  lines.push(verdict(() => pack.parseSchemaSet(text).map((e) => `${escape(pack.schemaLabel(e.schema))}\t${e.wire}\t${e.contract}`).join("\t\t")));
}
writeFileSync(output, lines.join("\n") + "\n");

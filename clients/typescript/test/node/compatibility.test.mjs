// docs/vectors/compatibility.json through the TypeScript check of docs/schema.md §3 (the same file the .NET tests read:
// tests/Pack.Schema.Tests/CompatibilityVectorTests.cs), and docs/vectors/schemas.json through the canonical text and
// fingerprints the client computes to verify a served schema set (§2).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  PackSchemaFormatError,
  canonicalText,
  checkCompatibility,
  contractFingerprint,
  parseSchema,
  parseSchemaSet,
  parseSchemaText,
  wireFingerprint,
} from "../../build/src/index.js";
// Internals, not exported from the package root.
import { sha256 } from "../../build/src/sha256.js";

const dir = fileURLToPath(new URL("../../../../docs/vectors/", import.meta.url));
const compatibility = JSON.parse(readFileSync(dir + "compatibility.json", "utf8"));
const schemas = JSON.parse(readFileSync(dir + "schemas.json", "utf8"));

for (const c of compatibility.cases) {
  test(`compatibility.json: ${c.id}`, () => {
    const violations = checkCompatibility(parseSchema(c.reader), parseSchema(c.writer));
    assert.deepEqual(violations.map((v) => `${v.ruleId} ${v.path}`), c.violations.map((v) => `${v.ruleId} ${v.path}`));
    for (const v of violations) assert.ok(v.message.length > 0);
    // The roles swapped: which other direction of a rollout the change breaks (§3).
    const reverse = checkCompatibility(parseSchema(c.writer), parseSchema(c.reader));
    assert.deepEqual(reverse.map((v) => `${v.ruleId} ${v.path}`), c.reverseViolations.map((v) => `${v.ruleId} ${v.path}`));
  });
}

test("compatibility.json covers every rule ID of §3 and compatible cases", () => {
  const rules = new Set(compatibility.cases.flatMap((c) => c.violations.map((v) => v.ruleId)));
  assert.deepEqual([...rules].sort(), [
    "ENUM_UNDERLYING_CHANGED", "ENUM_VALUE_CHANGED", "FROZEN_STRUCT_CHANGED", "MEMBER_INSERTED", "MEMBER_REMOVED", "MEMBER_REORDERED",
    "MEMBER_RETYPED", "NULLABILITY_CHANGED", "TYPE_CHANGED", "UNION_TAG_CHANGED", "UNION_TAG_REUSED",
  ]);
  assert.ok(compatibility.cases.some((c) => c.violations.length === 0));
});

for (const s of schemas.schemas) {
  test(`schemas.json: ${s.type}: canonical texts and fingerprints`, () => {
    const schema = parseSchema(s.schema);
    assert.equal(canonicalText(schema), s.canonical);
    assert.equal(canonicalText(schema, true), s.wireCanonical);
    assert.equal(contractFingerprint(schema), s.contract);
    assert.equal(wireFingerprint(schema), s.wire);
  });
}

// The schema documents a reader rejects (docs/schema.md §1.5), each naming the entry .NET names, and those at the
// limits of the rules, which it reads: the same lists tests/Pack.Tests/Schema/SchemaVectorTests.cs runs.
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// An entry's `text`, when it has one, is read exactly as written (what a parsed `document` cannot hold: two members of one name).
const textOf = (v) => (v.text !== undefined ? v.text : JSON.stringify(v.document));
// Whether an entry's document is a schema set (for `text`: when the text holds `pack-schema-set/1`).
const isSet = (v) => (v.text !== undefined
  ? v.text.includes("pack-schema-set/1")
  : v.document !== null && typeof v.document === "object" && v.document.format === "pack-schema-set/1");
for (const v of schemas.invalid) {
  test(`schemas.json: invalid: ${v.id}`, () => {
    const text = textOf(v);
    const readers = isSet(v) ? [parseSchemaSet] : [parseSchemaText, parseSchemaSet];
    for (const read of readers) {
      assert.throws(() => read(text), (e) => {
        assert.ok(e instanceof PackSchemaFormatError, `${e?.constructor?.name}: ${e?.message}`);
        if (v.at !== undefined) assert.match(e.message, new RegExp(`^${escape(v.at)}[: ]`));
        return true;
      }, v.reason);
    }
  });
}

for (const v of schemas.edges) {
  test(`schemas.json: edge: ${v.id}`, () => {
    if (isSet(v)) {
      // A set at the limits of §2.4 and §5.3: read by a reader of sets only.
      const entries = parseSchemaSet(textOf(v));
      assert.ok(entries.length > 0);
      for (const e of entries) assert.equal(canonicalText(parseSchemaText(canonicalText(e.schema))), canonicalText(e.schema));
      return;
    }
    const schema = parseSchemaText(textOf(v));
    assert.equal(parseSchemaSet(textOf(v)).length, 1);
    assert.equal(canonicalText(parseSchema(JSON.parse(canonicalText(schema)))), canonicalText(schema));
  });
}

// Documents written otherwise than their canonical text (no `signed`, `1.0` for `1`, null or unknown properties): read as
// the `schemas` entry named by `as`, with its canonical texts and fingerprints (docs/schema.md §2.1: the schema as read).
const byType = new Map(schemas.schemas.map((s) => [s.type, s]));
for (const v of schemas.normalised) {
  test(`schemas.json: normalised: ${v.id}`, () => {
    const expected = byType.get(v.as);
    assert.ok(expected !== undefined, v.as);
    for (const schema of [parseSchemaText(textOf(v)), parseSchemaSet(textOf(v))[0].schema]) {
      assert.equal(canonicalText(schema), expected.canonical);
      assert.equal(canonicalText(schema, true), expected.wireCanonical);
      assert.equal(contractFingerprint(schema), expected.contract);
      assert.equal(wireFingerprint(schema), expected.wire);
    }
  });
}

test("schemas.json holds invalid documents and edges", () => {
  assert.ok(schemas.invalid.length >= 100 && schemas.edges.length >= 10);
});

test("sha256 agrees with node:crypto across block boundaries", () => {
  for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 70_000]) {
    const bytes = new Uint8Array(n).map((_, i) => (i * 31 + 7) & 0xff);
    assert.equal(Buffer.from(sha256(bytes)).toString("hex"), createHash("sha256").update(bytes).digest("hex"), `length ${n}`);
  }
});

test("parseSchemaSet verifies recorded fingerprints and rejects what is not a schema", () => {
  const entry = schemas.schemas[0];
  const set = { format: "pack-schema-set/1", schemas: [{ type: entry.type, wire: entry.wire, contract: entry.contract, schema: entry.schema }] };
  assert.equal(parseSchemaSet(JSON.stringify(set))[0].wire, entry.wire);
  set.schemas[0].wire = "0000000000000000";
  assert.throws(() => parseSchemaSet(JSON.stringify(set)), PackSchemaFormatError);
  assert.throws(() => parseSchemaSet("{"), PackSchemaFormatError);
  assert.throws(() => parseSchemaSet("[]"), PackSchemaFormatError);
  assert.throws(() => parseSchema({ format: "pack-schema/1", types: [{ kind: "list", nullable: true, element: 5 }] }), PackSchemaFormatError);
  assert.throws(() => parseSchema({ format: "pack-schema/1", types: [{ kind: "thing", nullable: true }] }), PackSchemaFormatError);
});

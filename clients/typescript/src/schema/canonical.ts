/** Canonical text and fingerprints (docs/schema.md §2): computed here only to verify a served set. */
import { PackSchemaFormatError } from "../errors.js";
import { sha256 } from "../sha256.js";
import { MAX_SCHEMA_JSON_DEPTH } from "./json-text.js";
import { type PackSchema, SCHEMA_FORMAT, type SchemaType } from "./model.js";

/** The canonical text (§2.1) of the contract form, or with `wire` of the wire form (§2.2). */
export function canonicalText(schema: PackSchema, wire = false): string {
  return canonicalJson({ format: SCHEMA_FORMAT, types: schema.types.map((t) => typeJson(t, wire)) });
}

/** The wire fingerprint (§2.3) of a schema: computed here only to verify a served set. */
export function wireFingerprint(schema: PackSchema): string {
  return fingerprint(canonicalText(schema, true));
}

/** The contract fingerprint (§2.3) of a schema. */
export function contractFingerprint(schema: PackSchema): string {
  return fingerprint(canonicalText(schema, false));
}

/** The first 8 bytes of the SHA-256 of a text's UTF-8 bytes, as 16 lowercase hex digits (§2.3). */
export function fingerprint(text: string): string {
  const hash = sha256(new TextEncoder().encode(text));
  let s = "";
  for (let i = 0; i < 8; i++) {
    s += hash[i]!.toString(16).padStart(2, "0");
  }
  return s;
}

function typeJson(t: SchemaType, wire: boolean): Record<string, unknown> {
  const o: Record<string, unknown> = { kind: t.kind, nullable: t.nullable };
  if (!wire && t.name !== null && t.kind !== "primitive" && t.kind !== "nullable" && t.kind !== "list" && t.kind !== "set" && t.kind !== "map") {
    o["name"] = t.name;
  }
  switch (t.kind) {
    case "primitive":
      o["primitive"] = t.primitive;
      if (t.width > 0) o["width"] = t.width;
      if (t.signed !== null) o["signed"] = t.signed;
      break;
    case "enum":
      o["underlying"] = t.element;
      o["values"] = t.values.map((v) => (wire || v.name === null ? { value: v.value } : { name: v.name, value: v.value }));
      break;
    case "nullable":
    case "list":
    case "set":
      o["element"] = t.element;
      break;
    case "map":
      o["key"] = t.key;
      o["value"] = t.value;
      break;
    case "union":
      o["cases"] = t.cases.map((c) => ({ tag: c.tag, type: c.type }));
      break;
    default:
      if (t.kind === "frozen-struct") o["width"] = t.width;
      o["members"] = t.members.map((m) => {
        const e: Record<string, unknown> = { type: m.type };
        if (!wire && m.name !== null) e["name"] = m.name;
        if (!wire && m.default !== undefined) e["default"] = m.default;
        if (!wire && m.nullability !== undefined) e["nullability"] = m.nullability;
        return e;
      });
      break;
  }
  return o;
}

/** RFC 8785 restricted to what a schema holds (§2.1): sorted properties, no whitespace, integers only. */
export function canonicalJson(v: unknown): string {
  return canonical(v, 1);
}

function canonical(v: unknown, depth: number): string {
  if (v === null || typeof v === "boolean") {
    return String(v);
  }
  if (typeof v === "number") {
    return Object.is(v, -0) ? "0" : String(v);
  }
  if (typeof v === "string") {
    return JSON.stringify(v);
  }
  if (depth > MAX_SCHEMA_JSON_DEPTH + 8) {
    // A schema set nests schemas 4 levels down; past that margin only a value that contains itself, or one that
    // parseSchema would have refused, is this deep.
    throw new PackSchemaFormatError(`the value nests deeper than ${MAX_SCHEMA_JSON_DEPTH} levels of arrays and objects`);
  }
  if (Array.isArray(v)) {
    return "[" + v.map((x) => canonical(x, depth + 1)).join(",") + "]";
  }
  const o = v as Record<string, unknown>;
  // Code-unit order: the default sort compares UTF-16 code units.
  const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
  return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonical(o[k], depth + 1)).join(",") + "}";
}

/**
 * Pack schemas (docs/schema.md): reading a schema document or schema set, canonical text and fingerprints (to verify a
 * served set), and the compatibility check of §3. Used by the client's check of a response's `Pack-Schema` (§5.1) only
 * when a fingerprint differs, so none of this runs on the common path; generated code carries each root's canonical
 * contract text and fingerprints as constants.
 */
import { PackError } from "./errors.js";

/** The `kind` of a schema type entry (§1.1). */
export type SchemaKind = "primitive" | "enum" | "nullable" | "list" | "set" | "map" | "object" | "frozen-struct" | "union";

/** A member of an object or frozen struct. */
export interface SchemaMember {
  readonly name: string | null;
  readonly type: number;
  readonly default?: unknown;
  /**
   * C#'s nullability annotation (§1.4): one of `?` (nullable), `!` (non-nullable), `~` (oblivious) per reference
   * position of the member's type, in walk order; absent when there is none or every one is oblivious.
   */
  readonly nullability?: string;
}

/** One type entry of a schema (§1.1); parts refer to other entries by index, −1 when absent. */
export interface SchemaType {
  readonly kind: SchemaKind;
  readonly nullable: boolean;
  readonly name: string | null;
  readonly primitive: string | null;
  /** Bytes of a fixed-width primitive or frozen struct; 0 otherwise. */
  readonly width: number;
  readonly signed: boolean | null;
  /** A nullable's, list's or set's element; an enum's underlying primitive. */
  readonly element: number;
  readonly key: number;
  readonly value: number;
  readonly members: readonly SchemaMember[];
  readonly cases: readonly { readonly tag: number; readonly type: number }[];
  readonly values: readonly { readonly name: string | null; readonly value: string }[];
}

/** A parsed schema document (`pack-schema/1`): `types[0]` is the root. */
export interface PackSchema {
  readonly types: readonly SchemaType[];
}

/** One schema of a schema set (§2.4), its recorded fingerprints verified. */
export interface PackSchemaSetEntry {
  readonly type: string;
  readonly wire: string;
  readonly contract: string;
  readonly schema: PackSchema;
}

/** One reason why a reader's schema cannot read a writer's payloads (§3). */
export interface SchemaViolation {
  /** The stable rule ID (`MEMBER_RETYPED` …). */
  readonly ruleId: string;
  /** `$` the root, `.Name` a member, `[]` an element, `{key}`/`{value}` a map's parts, `(tag)` a union case. */
  readonly path: string;
  /** What differs, for people. */
  readonly message: string;
}

/** The rule IDs of §3. */
export const SchemaRules = {
  typeChanged: "TYPE_CHANGED",
  memberRetyped: "MEMBER_RETYPED",
  memberRemoved: "MEMBER_REMOVED",
  memberInserted: "MEMBER_INSERTED",
  memberReordered: "MEMBER_REORDERED",
  nullabilityChanged: "NULLABILITY_CHANGED",
  frozenStructChanged: "FROZEN_STRUCT_CHANGED",
  enumUnderlyingChanged: "ENUM_UNDERLYING_CHANGED",
  enumValueChanged: "ENUM_VALUE_CHANGED",
  unionTagReused: "UNION_TAG_REUSED",
  unionTagChanged: "UNION_TAG_CHANGED",
} as const;

/** A document that is not a valid schema or schema set, or whose recorded fingerprints do not match. */
export class PackSchemaFormatError extends PackError {}

const KINDS: readonly SchemaKind[] = ["primitive", "enum", "nullable", "list", "set", "map", "object", "frozen-struct", "union"];
const SCHEMA_FORMAT = "pack-schema/1";
const SET_FORMAT = "pack-schema-set/1";

// ---- reading ---------------------------------------------------------------------------------------------------------

/** Reads a schema document (contract or wire form) from parsed JSON; every index is checked. */
export function parseSchema(json: unknown): PackSchema {
  const doc = asObject(json, "$");
  if (doc["format"] !== SCHEMA_FORMAT || !Array.isArray(doc["types"]) || doc["types"].length === 0) {
    throw new PackSchemaFormatError(`a schema is an object with "format": "${SCHEMA_FORMAT}" and a non-empty "types" array`);
  }
  const raw = doc["types"] as unknown[];
  const count = raw.length;
  const types = raw.map((t, i) => readType(asObject(t, `types[${i}]`), `types[${i}]`, count));
  types.forEach((t, i) => t.members.forEach((m, j) => {
    const member = m as { nullability?: string };
    if (member.nullability === undefined) return;
    const positions = referencePositions(types, m.type);
    if (member.nullability.length !== positions.length || !/^[?!~]*$/.test(member.nullability)) {
      throw new PackSchemaFormatError(`types[${i}].members[${j}]: "nullability" must have one of '?', '!', '~' for each of the type's ${positions.length} reference positions`);
    }
    if (/^~*$/.test(member.nullability)) delete member.nullability;
  }));
  return { types };
}

/**
 * The reference positions of the type at `index` (§1.4), in walk order: the type itself when its encoding has a null
 * and it is not a `nullable`, then those of its element, or of its key and then its value. Each is the index of the
 * type at that position; a member's `nullability` has one character per position.
 */
export function referencePositions(types: readonly SchemaType[], index: number, depth = 0): number[] {
  if (depth > 64) {
    throw new PackSchemaFormatError("the element, key and value types nest too deeply");
  }
  const t = types[index]!;
  const positions = t.nullable && t.kind !== "nullable" ? [index] : [];
  const parts = t.kind === "nullable" || t.kind === "list" || t.kind === "set" ? [t.element] : t.kind === "map" ? [t.key, t.value] : [];
  for (const part of parts) positions.push(...referencePositions(types, part, depth + 1));
  return positions;
}

/** Reads a schema set (or a single schema, a set of one) and verifies each recorded fingerprint against its schema. */
export function parseSchemaSet(text: string): PackSchemaSetEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new PackSchemaFormatError(`not JSON: ${String(e)}`);
  }
  const doc = asObject(json, "$");
  if (doc["format"] === SCHEMA_FORMAT) {
    const schema = parseSchema(doc);
    return [{ type: schemaLabel(schema), wire: wireFingerprint(schema), contract: contractFingerprint(schema), schema }];
  }
  if (doc["format"] !== SET_FORMAT || !Array.isArray(doc["schemas"])) {
    throw new PackSchemaFormatError(`not a Pack schema: expected "format": "${SET_FORMAT}" or "${SCHEMA_FORMAT}"`);
  }
  return (doc["schemas"] as unknown[]).map((e, i) => {
    const entry = asObject(e, `schemas[${i}]`);
    const schema = parseSchema(entry["schema"]);
    const wire = wireFingerprint(schema);
    const contract = contractFingerprint(schema);
    const recordedWire = entry["wire"];
    const recordedContract = entry["contract"];
    if ((recordedWire !== undefined && recordedWire !== wire) || (recordedContract !== undefined && recordedContract !== contract)) {
      throw new PackSchemaFormatError(`the schema of ${schemaLabel(schema)} does not match its recorded fingerprints (wire ${String(recordedWire)}, contract ${String(recordedContract)}; computed ${wire}, ${contract})`);
    }
    return { type: typeof entry["type"] === "string" ? entry["type"] : schemaLabel(schema), wire, contract, schema };
  });
}

function readType(json: Record<string, unknown>, at: string, count: number): SchemaType {
  const kind = json["kind"];
  if (typeof kind !== "string" || !(KINDS as readonly string[]).includes(kind)) {
    throw new PackSchemaFormatError(`${at}: unknown kind ${JSON.stringify(kind)}`);
  }
  if (typeof json["nullable"] !== "boolean") {
    throw new PackSchemaFormatError(`${at}: "nullable" must be true or false`);
  }
  const type: {
    kind: SchemaKind; nullable: boolean; name: string | null; primitive: string | null; width: number; signed: boolean | null;
    element: number; key: number; value: number; members: SchemaMember[]; cases: { tag: number; type: number }[]; values: { name: string | null; value: string }[];
  } = {
    kind: kind as SchemaKind, nullable: json["nullable"], name: optionalString(json, "name", at), primitive: null, width: 0, signed: null,
    element: -1, key: -1, value: -1, members: [], cases: [], values: [],
  };
  switch (type.kind) {
    case "primitive":
      type.primitive = optionalString(json, "primitive", at) ?? fail(`${at}: "primitive" is missing`);
      type.width = "width" in json ? index(json, "width", at, 0x7fffffff) : 0;
      type.signed = typeof json["signed"] === "boolean" ? json["signed"] : null;
      type.name = null;
      break;
    case "enum":
      type.element = index(json, "underlying", at, count);
      type.values = array(json, "values", at).map((v, i) => {
        const o = asObject(v, `${at}.values[${i}]`);
        return { name: optionalString(o, "name", `${at}.values[${i}]`), value: optionalString(o, "value", `${at}.values[${i}]`) ?? fail(`${at}.values[${i}]: "value" is missing`) };
      });
      break;
    case "nullable":
    case "list":
    case "set":
      type.element = index(json, "element", at, count);
      type.name = null;
      break;
    case "map":
      type.key = index(json, "key", at, count);
      type.value = index(json, "value", at, count);
      type.name = null;
      break;
    case "union":
      type.cases = array(json, "cases", at).map((c, i) => {
        const o = asObject(c, `${at}.cases[${i}]`);
        return { tag: index(o, "tag", `${at}.cases[${i}]`, 0xffff), type: index(o, "type", `${at}.cases[${i}]`, count) };
      });
      break;
    default:
      type.width = type.kind === "frozen-struct" ? index(json, "width", at, 0x7fffffff) : 0;
      type.members = array(json, "members", at).map((m, i) => {
        const o = asObject(m, `${at}.members[${i}]`);
        const member: { name: string | null; type: number; default?: unknown; nullability?: string } = { name: optionalString(o, "name", `${at}.members[${i}]`), type: index(o, "type", `${at}.members[${i}]`, count) };
        if (o["default"] !== undefined && o["default"] !== null) {
          member.default = o["default"];
        }
        const nullability = optionalString(o, "nullability", `${at}.members[${i}]`);
        if (nullability !== null) {
          member.nullability = nullability;
        }
        return member;
      });
      break;
  }
  return type;
}

function asObject(v: unknown, at: string): Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw new PackSchemaFormatError(`${at} is not an object`);
  }
  return v as Record<string, unknown>;
}

function array(json: Record<string, unknown>, property: string, at: string): unknown[] {
  const v = json[property];
  if (!Array.isArray(v)) {
    throw new PackSchemaFormatError(`${at}: "${property}" is missing`);
  }
  return v;
}

function optionalString(json: Record<string, unknown>, property: string, at: string): string | null {
  const v = json[property];
  if (v === undefined || v === null) {
    return null;
  }
  if (typeof v !== "string") {
    throw new PackSchemaFormatError(`${at}: "${property}" has the wrong type`);
  }
  return v;
}

function index(json: Record<string, unknown>, property: string, at: string, limit: number): number {
  const v = json[property];
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= limit) {
    throw new PackSchemaFormatError(`${at}: "${property}" must be an integer from 0 to ${limit - 1}`);
  }
  return v;
}

function fail(message: string): never {
  throw new PackSchemaFormatError(message);
}

// ---- canonical text and fingerprints (§2) ---------------------------------------------------------------------------

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
  if (v === null || typeof v === "boolean") {
    return String(v);
  }
  if (typeof v === "number") {
    return Object.is(v, -0) ? "0" : String(v);
  }
  if (typeof v === "string") {
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) {
    return "[" + v.map(canonicalJson).join(",") + "]";
  }
  const o = v as Record<string, unknown>;
  // Code-unit order: the default sort compares UTF-16 code units.
  const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
  return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonicalJson(o[k])).join(",") + "}";
}

/** The label (§1.2) of a schema's type. */
export function typeLabel(schema: PackSchema, i: number, depth = 0): string {
  const t = schema.types[i]!;
  if (depth > 16) return "…";
  switch (t.kind) {
    case "primitive": return t.primitive!;
    case "nullable": return `nullable<${typeLabel(schema, t.element, depth + 1)}>`;
    case "list": return `list<${typeLabel(schema, t.element, depth + 1)}>`;
    case "set": return `set<${typeLabel(schema, t.element, depth + 1)}>`;
    case "map": return `map<${typeLabel(schema, t.key, depth + 1)},${typeLabel(schema, t.value, depth + 1)}>`;
    default: return t.name ?? `#${i}`;
  }
}

/** The label of a schema's root. */
export function schemaLabel(schema: PackSchema): string {
  return typeLabel(schema, 0);
}

/** The short name (§1.2): the name after its last `.` outside angle brackets. */
export function shortName(name: string | null): string | null {
  if (name === null) return null;
  let depth = 0;
  for (let i = name.length - 1; i >= 0; i--) {
    const c = name[i];
    if (c === ">") depth++;
    else if (c === "<") depth--;
    else if (c === "." && depth === 0) return name.slice(i + 1);
  }
  return name;
}

// ---- compatibility (§3) ---------------------------------------------------------------------------------------------

/**
 * Whether a program built with `reader` reads every payload of `writer` as the writer meant it (docs/schema.md §3):
 * every violation, in the order the check meets them. Empty means compatible.
 */
export function checkCompatibility(reader: PackSchema, writer: PackSchema): SchemaViolation[] {
  const violations: SchemaViolation[] = [];
  const compared = new Set<string>();
  const reported = new Set<string>();
  const report = (ruleId: string, path: string, message: string) => {
    const key = ruleId + " " + path;
    if (!reported.has(key)) {
      reported.add(key);
      violations.push({ ruleId, path, message });
    }
  };
  const describe = (schema: PackSchema, i: number): string => {
    const t = schema.types[i]!;
    const label = typeLabel(schema, i);
    switch (t.kind) {
      case "object": return `object ${label} (${t.members.length} members)`;
      case "frozen-struct": return `frozen struct ${label} (${t.width} bytes, ${t.members.length} members)`;
      case "union": return `union ${label}`;
      case "enum": return `enum ${label}`;
      default: return label;
    }
  };
  const sameShape = (r: SchemaType, w: SchemaType): boolean => {
    if (r.kind !== w.kind) {
      return (r.kind === "list" || r.kind === "set") && (w.kind === "list" || w.kind === "set");
    }
    switch (r.kind) {
      case "primitive": return r.primitive === w.primitive;
      case "frozen-struct": return r.width === w.width && r.members.length === w.members.length;
      case "enum": return reader.types[r.element]!.primitive === writer.types[w.element]!.primitive;
      default: return true;
    }
  };
  const wireEqual = (r: number, w: number, seen: Set<string>): boolean => {
    const key = r + "," + w;
    if (seen.has(key)) return true;
    seen.add(key);
    const rt = reader.types[r]!;
    const wt = writer.types[w]!;
    if (rt.kind !== wt.kind || rt.nullable !== wt.nullable || rt.primitive !== wt.primitive || rt.width !== wt.width
      || rt.members.length !== wt.members.length || rt.cases.length !== wt.cases.length) {
      return false;
    }
    for (let i = 0; i < rt.members.length; i++) {
      if (!wireEqual(rt.members[i]!.type, wt.members[i]!.type, seen)) return false;
    }
    for (let i = 0; i < rt.cases.length; i++) {
      if (rt.cases[i]!.tag !== wt.cases[i]!.tag || !wireEqual(rt.cases[i]!.type, wt.cases[i]!.type, seen)) return false;
    }
    return (rt.element < 0 || wireEqual(rt.element, wt.element, seen))
      && (rt.key < 0 || wireEqual(rt.key, wt.key, seen))
      && (rt.value < 0 || wireEqual(rt.value, wt.value, seen));
  };
  const indexOf = (t: SchemaType, name: string): number => t.members.findIndex((m) => m.name === name);

  const compareMembers = (rt: SchemaType, wt: SchemaType, path: string) => {
    const common = Math.min(rt.members.length, wt.members.length);
    let shifted = false;
    for (let i = 0; i < common; i++) {
      const rm = rt.members[i]!;
      const wm = wt.members[i]!;
      const at = path + "." + (rm.name ?? `#${i}`);
      if (rm.name !== null && wm.name !== null && rm.name !== wm.name) {
        const rInWriter = indexOf(wt, rm.name);
        const wInReader = indexOf(rt, wm.name);
        if (rInWriter >= 0 || wInReader >= 0) {
          shifted ||= rInWriter < 0 || wInReader < 0;
          if (rInWriter < 0) {
            report(SchemaRules.memberRemoved, at, `the reader's member ${rm.name} (position ${i}) is not written any more; the writer's ${wm.name} takes its place`);
          } else if (wInReader < 0) {
            report(SchemaRules.memberInserted, path + "." + wm.name, `the writer inserted ${wm.name} at position ${i}, before the reader's ${rm.name} (now at ${rInWriter}); only appending is compatible`);
          } else {
            report(SchemaRules.memberReordered, at, `${rm.name} is at position ${i} in the reader and ${rInWriter} in the writer`);
          }
          continue;
        }
      }
      compare(rm.type, wm.type, at, true);
    }
    if (shifted) return;
    for (let i = common; i < wt.members.length; i++) {
      const name = wt.members[i]!.name;
      const j = name === null ? -1 : indexOf(rt, name);
      if (j >= 0 && j < common) report(SchemaRules.memberReordered, path + "." + name, `${name} is at position ${j} in the reader and ${i} in the writer`);
    }
    for (let i = common; i < rt.members.length; i++) {
      const name = rt.members[i]!.name;
      const j = name === null ? -1 : indexOf(wt, name);
      if (j >= 0 && j < common) report(SchemaRules.memberReordered, path + "." + name, `${name} is at position ${i} in the reader and ${j} in the writer`);
    }
  };

  const compare = (r: number, w: number, path: string, member: boolean): void => {
    const key = r + "," + w;
    if (compared.has(key)) return;
    compared.add(key);
    const rt = reader.types[r]!;
    const wt = writer.types[w]!;
    if (!sameShape(rt, wt)) {
      if (rt.kind === "frozen-struct" && wt.kind === "frozen-struct") {
        report(SchemaRules.frozenStructChanged, path, `the frozen struct changed from ${describe(writer, w)} (writer) to ${describe(reader, r)} (reader); a frozen struct has no header and cannot gain, lose or change members`);
      } else if (rt.kind === "enum" && wt.kind === "enum") {
        report(SchemaRules.enumUnderlyingChanged, path, `the enum's underlying type is ${typeLabel(writer, wt.element)} in the writer and ${typeLabel(reader, rt.element)} in the reader`);
      } else {
        report(member ? SchemaRules.memberRetyped : SchemaRules.typeChanged, path, `the writer writes ${describe(writer, w)}, the reader reads ${describe(reader, r)}`);
      }
      return;
    }
    switch (rt.kind) {
      case "nullable":
        compare(rt.element, wt.element, path, member);
        break;
      case "list":
      case "set":
        compare(rt.element, wt.element, path + "[]", false);
        break;
      case "map":
        compare(rt.key, wt.key, path + "{key}", false);
        compare(rt.value, wt.value, path + "{value}", false);
        break;
      case "enum":
        for (const value of wt.values) {
          if (value.name === null) continue;
          for (const readerValue of rt.values) {
            if (readerValue.name === value.name && readerValue.value !== value.value) {
              report(SchemaRules.enumValueChanged, path, `${value.name} is ${value.value} in the writer and ${readerValue.value} in the reader`);
            }
          }
        }
        break;
      case "union":
        for (const wc of wt.cases) {
          const writerCase = shortName(writer.types[wc.type]!.name);
          for (const rc of rt.cases) {
            const readerCase = shortName(reader.types[rc.type]!.name);
            if (rc.tag === wc.tag) {
              if (writerCase !== null && readerCase !== null && writerCase !== readerCase && !wireEqual(rc.type, wc.type, new Set())) {
                report(SchemaRules.unionTagReused, `${path}(${wc.tag})`, `tag ${wc.tag} is ${writerCase} in the writer and ${readerCase} in the reader`);
              } else {
                compare(rc.type, wc.type, `${path}(${wc.tag})`, false);
              }
            } else if (writerCase !== null && writerCase === readerCase) {
              report(SchemaRules.unionTagChanged, path, `${writerCase} has tag ${wc.tag} in the writer and ${rc.tag} in the reader`);
            }
          }
        }
        break;
      case "frozen-struct":
        for (let i = 0; i < rt.members.length; i++) {
          if (!wireEqual(rt.members[i]!.type, wt.members[i]!.type, new Set())) {
            report(SchemaRules.frozenStructChanged, path, `member ${i} (${rt.members[i]!.name ?? "#" + i}) is ${describe(writer, wt.members[i]!.type)} in the writer and ${describe(reader, rt.members[i]!.type)} in the reader; a frozen struct cannot change`);
            break;
          }
        }
        break;
      case "object":
        if (wt.nullable && !rt.nullable) {
          report(SchemaRules.nullabilityChanged, path, "the writer's type is a class (may be null), the reader's a struct (never null)");
        }
        compareMembers(rt, wt, path);
        break;
      default:
        break;
    }
  };

  compare(0, 0, "$", false);
  return violations;
}

/** The schema of `list<T>` (nullable, as `T[]`) around a schema of `T`: the reader of a whole array read item by item. */
export function listOf(item: PackSchema): PackSchema {
  const shift = (i: number) => (i < 0 ? i : i + 1);
  const types: SchemaType[] = [{ kind: "list", nullable: true, name: null, primitive: null, width: 0, signed: null, element: 1, key: -1, value: -1, members: [], cases: [], values: [] }];
  for (const t of item.types) {
    types.push({
      ...t,
      element: shift(t.element),
      key: shift(t.key),
      value: shift(t.value),
      members: t.members.map((m) => ({ ...m, type: m.type + 1 })),
      cases: t.cases.map((c) => ({ tag: c.tag, type: c.type + 1 })),
    });
  }
  return { types };
}

// ---- SHA-256 (FIPS 180-4) -------------------------------------------------------------------------------------------

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/**
 * SHA-256 of bytes. In JavaScript rather than `crypto.subtle`, which is asynchronous and missing outside secure
 * contexts (a page served over plain HTTP); it runs only to verify a schema set the server served.
 */
export function sha256(data: Uint8Array): Uint8Array {
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const total = ((data.length + 9 + 63) >>> 6) << 6;
  const padded = new Uint8Array(total);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = data.length * 8;
  view.setUint32(total - 8, Math.floor(bits / 0x100000000));
  view.setUint32(total - 4, bits >>> 0);
  const w = new Uint32Array(64);
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let a = h[0]!, b = h[1]!, c = h[2]!, d = h[3]!, e = h[4]!, f = h[5]!, g = h[6]!, hh = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i]! + w[i]!) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0; h[1] = (h[1]! + b) >>> 0; h[2] = (h[2]! + c) >>> 0; h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0; h[5] = (h[5]! + f) >>> 0; h[6] = (h[6]! + g) >>> 0; h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i]!);
  return out;
}

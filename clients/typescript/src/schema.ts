/**
 * Pack schemas (docs/schema.md): reading a schema document or schema set, canonical text and fingerprints (to verify a
 * served set), and the compatibility check of §3. Used by the client's check of a response's `Pack-Schema` (§5.1) only
 * when a fingerprint differs, so none of this runs on the common path; generated code carries each root's canonical
 * contract text and fingerprints as constants.
 */
import { PackSchemaFormatError } from "./errors.js";
import { sha256 } from "./sha256.js";

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


const KINDS: readonly SchemaKind[] = ["primitive", "enum", "nullable", "list", "set", "map", "object", "frozen-struct", "union"];
const SCHEMA_FORMAT = "pack-schema/1";
const SET_FORMAT = "pack-schema-set/1";

// ---- reading ---------------------------------------------------------------------------------------------------------

/** Reads a schema document (contract or wire form) from parsed JSON; every index is checked. */
export function parseSchema(json: unknown): PackSchema {
  checkJsonDepth(json);
  return readSchema(json);
}

/** {@link parseSchema} of a value whose depth is known to be within {@link MAX_SCHEMA_JSON_DEPTH}. */
function readSchema(json: unknown): PackSchema {
  const doc = asObject(json, "$");
  if (doc["format"] !== SCHEMA_FORMAT || !Array.isArray(doc["types"]) || doc["types"].length === 0) {
    throw new PackSchemaFormatError(`a schema is an object with "format": "${SCHEMA_FORMAT}" and a non-empty "types" array`);
  }
  // Array.from, not map: map skips the holes of a sparse array (parseSchema takes any value, not only parsed JSON).
  const raw = Array.from(doc["types"] as unknown[]);
  const count = raw.length;
  const types = raw.map((t, i) => readType(asObject(t, `types[${i}]`), `types[${i}]`, count));
  // §1.5, in .NET's order (each entry's own rules, then the references), so both name the same entry.
  const names = new Set<string>();
  for (let i = 0; i < types.length; i++) checkEntry(types, i, names);
  const walk = new InlineWalk(types);
  for (let i = 0; i < types.length; i++) walk.visit(i, 0);
  const counts = new PositionCounts(types);
  types.forEach((t, i) => t.members.forEach((m, j) => {
    const member = m as { nullability?: string };
    if (member.nullability === undefined) return;
    const positions = counts.count(m.type, member.nullability.length);
    if (member.nullability.length !== positions || !/^[?!~]*$/.test(member.nullability)) {
      const asked = Math.min(member.nullability.length, MAX_POSITIONS);
      const shown = positions > asked ? `more than ${asked}` : String(positions);
      throw new PackSchemaFormatError(`types[${i}].members[${j}]: "nullability" must have one of '?', '!', '~' for each of the type's ${shown} reference positions`);
    }
    if (/^~*$/.test(member.nullability)) delete member.nullability;
  }));
  return { types };
}

/** Each primitive of §1.1 and its width in bytes (0: a string, which has none). */
const PRIMITIVE_WIDTHS: ReadonlyMap<string, number> = new Map([
  ["bool", 1], ["u8", 1], ["i8", 1], ["u16", 2], ["i16", 2], ["char", 2], ["u32", 4], ["i32", 4], ["u64", 8], ["i64", 8],
  ["u128", 16], ["i128", 16], ["f16", 2], ["f32", 4], ["f64", 8], ["decimal", 16], ["guid", 16], ["datetime", 8],
  ["datetimeoffset", 10], ["timespan", 8], ["dateonly", 4], ["timeonly", 8], ["string", 0],
]);

/** `true` for `i8` … `i128`, `false` for `u8` … `u128`, `null` for the primitives that are not integers. */
function signedOf(primitive: string): boolean | null {
  return /^[iu][0-9]/.test(primitive) ? primitive[0] === "i" : null;
}

/** The widest frozen struct a schema may describe (§1.5), in bytes. */
const MAX_FROZEN_STRUCT_WIDTH = 1024 * 1024;

/** The longest label (§1.2) a schema may give a type (§1.5), in UTF-16 code units. */
const MAX_SCHEMA_LABEL_LENGTH = 4096;

/** An enum value (§1.5): ASCII decimal digits, an optional leading `-`, no leading zeros, no `+`, no `-0`. */
const ENUM_VALUE = /^(0|-?[1-9][0-9]*)$/;

/** The rules of §1.5 that concern one entry on its own (and the names it shares with the others). */
function checkEntry(types: readonly SchemaType[], index: number, names: Set<string>): void {
  const t = types[index]!;
  const at = `types[${index}]`;
  if (t.name !== null) {
    if (names.has(t.name)) fail(`${at}: the type ${cut(t.name, MAX_NAME_IN_MESSAGE)} is described twice; every type appears exactly once (docs/schema.md §1)`);
    names.add(t.name);
  }
  // Kinds whose `nullable` §1.1 fixes: an enum and a frozen struct have no null, a nullable and a union always one.
  if ((t.kind === "enum" || t.kind === "frozen-struct" || t.kind === "nullable" || t.kind === "union")
    && t.nullable !== (t.kind === "nullable" || t.kind === "union")) {
    fail(`${at}: "nullable" of ${t.kind} is always ${t.nullable ? "false" : "true"} (docs/schema.md §1.1)`);
  }
  switch (t.kind) {
    case "primitive": {
      const width = PRIMITIVE_WIDTHS.get(t.primitive!);
      if (width === undefined) fail(`${at}: unknown primitive ${JSON.stringify(cut(t.primitive!, MAX_NAME_IN_MESSAGE))} (docs/schema.md §1.1)`);
      const signed = signedOf(t.primitive!);
      if (t.width !== width || (t.signed !== null && t.signed !== signed) || t.nullable !== (width === 0)) {
        fail(`${at}: the primitive ${t.primitive} has width ${width}${width === 0 ? " (none)" : ""}, nullable ${width === 0} and ${signed === null ? "no signed" : `signed ${signed}`} (docs/schema.md §1.1)`);
      }
      break;
    }
    case "enum": {
      const underlying = types[t.element]!;
      const signed = underlying.kind === "primitive" && PRIMITIVE_WIDTHS.has(underlying.primitive!) ? signedOf(underlying.primitive!) : null;
      // An unknown primitive that looks like an integer (`i7`) is not an integer primitive either.
      if (signed === null) fail(`${at}: "underlying" must be an integer primitive (i8 … u128)`);
      // The table's width, not the entry's: the underlying entry may come later and is checked then.
      const bits = BigInt(PRIMITIVE_WIDTHS.get(underlying.primitive!)! * 8);
      const min = signed ? -(1n << (bits - 1n)) : 0n;
      const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
      const seen = new Set<string>();
      t.values.forEach((v, i) => {
        if (!ENUM_VALUE.test(v.value) || v.value.length > 41 || BigInt(v.value) < min || BigInt(v.value) > max) {
          fail(`${at}.values[${i}]: "value" must be an integer of the underlying ${underlying.primitive} in decimal digits with an optional '-', not ${JSON.stringify(cut(v.value, MAX_NAME_IN_MESSAGE))}`);
        }
        if (v.name !== null) {
          if (seen.has(v.name)) fail(`${at}.values[${i}]: the name ${cut(v.name, MAX_NAME_IN_MESSAGE)} is given twice`);
          seen.add(v.name);
        }
      });
      break;
    }
    case "nullable":
      if (types[t.element]!.kind === "nullable" || types[t.element]!.nullable) {
        fail(`${at}: a nullable's element is a type that is never null (a struct, a primitive other than string, an enum)`);
      }
      break;
    case "union": {
      const tags = new Set<number>();
      t.cases.forEach((c, i) => {
        const kind = types[c.type]!.kind;
        if (kind !== "object" && kind !== "frozen-struct") fail(`${at}.cases[${i}]: a union case is an object or a frozen struct`);
        if (tags.has(c.tag)) fail(`${at}.cases[${i}]: the tag ${c.tag} is given twice`);
        tags.add(c.tag);
      });
      break;
    }
    case "object":
    case "frozen-struct": {
      const seen = new Set<string>();
      t.members.forEach((m, i) => {
        if (m.name === null) return;
        if (seen.has(m.name)) fail(`${at}.members[${i}]: the name ${cut(m.name, MAX_NAME_IN_MESSAGE)} is given twice`);
        seen.add(m.name);
      });
      break;
    }
    default:
      break;
  }
}

/**
 * The references that no object header separates (§1.5), each entry walked once: a nullable's, list's, set's or map's
 * parts, a frozen struct's members, a struct object's non-nullable object and frozen-struct members. They must end (no
 * cycle) within {@link MAX_PART_DEPTH} references; on the way back, each frozen struct's width is added up and each
 * label's length is kept, so neither is ever computed by walking every path.
 */
class InlineWalk {
  /** The most entries on a chain from each entry: 0 not visited yet, −1 while its parts are visited. */
  private readonly depths: number[];
  /** Each entry's label length (§1.2), once visited. */
  private readonly labels: number[];

  constructor(private readonly types: readonly SchemaType[]) {
    this.depths = new Array<number>(types.length).fill(0);
    this.labels = new Array<number>(types.length).fill(0);
  }

  visit(index: number, level: number): number {
    if (this.depths[index] === -1) {
      fail(`types[${index}] contains itself without an object header in between (a nullable, collection or struct of itself); docs/schema.md §1.5`);
    }
    if (this.depths[index] === 0) {
      if (level > MAX_PART_DEPTH) this.tooDeep(index);
      this.depths[index] = -1;
      let deepest = 0;
      for (const part of this.inlineParts(this.types[index]!)) deepest = Math.max(deepest, this.visit(part, level + 1));
      this.check(index);
      this.depths[index] = deepest + 1;
    }
    if (level + this.depths[index]! > MAX_PART_DEPTH + 1) this.tooDeep(index);
    return this.depths[index]!;
  }

  private tooDeep(index: number): never {
    fail(`types[${index}]: the element, key, value and struct member types nest deeper than ${MAX_PART_DEPTH} levels without an object header in between; docs/schema.md §1.5`);
  }

  private inlineParts(t: SchemaType): number[] {
    switch (t.kind) {
      case "nullable": case "list": case "set": return [t.element];
      case "map": return [t.key, t.value];
      case "frozen-struct": return t.members.map((m) => m.type);
      case "object":
        // A struct holds its struct members by value (C# forbids a struct that contains itself).
        if (t.nullable) return [];
        return t.members.map((m) => m.type).filter((i) => {
          const member = this.types[i]!;
          return (member.kind === "object" || member.kind === "frozen-struct") && !member.nullable;
        });
      default: return [];
    }
  }

  /** An entry's checks once its parts are checked: a frozen struct's width, every label's length. */
  private check(index: number): void {
    const t = this.types[index]!;
    const at = `types[${index}]`;
    if (t.kind === "frozen-struct") {
      let width = 0;
      t.members.forEach((m, i) => {
        const member = this.types[m.type]!;
        if (member.kind === "primitive" && member.width > 0) width += member.width;
        else if (member.kind === "enum") width += this.types[member.element]!.width;
        else if (member.kind === "frozen-struct") width += member.width;
        else fail(`${at}.members[${i}]: a frozen struct's member has a fixed width (a primitive other than string, an enum or a frozen struct)`);
      });
      if (width !== t.width || width > MAX_FROZEN_STRUCT_WIDTH) {
        fail(`${at}: "width" is ${t.width}, but the members' widths add up to ${width}${width > MAX_FROZEN_STRUCT_WIDTH ? `, more than the ${MAX_FROZEN_STRUCT_WIDTH} bytes a frozen struct may have` : ""}`);
      }
    }
    let length: number;
    switch (t.kind) {
      case "primitive": length = t.primitive!.length; break;
      case "nullable": case "list": case "set": length = t.kind.length + 2 + this.labels[t.element]!; break;
      case "map": length = "map<,>".length + this.labels[t.key]! + this.labels[t.value]!; break;
      default: length = t.name !== null ? t.name.length : 1 + String(index).length; break;
    }
    if (length > MAX_SCHEMA_LABEL_LENGTH) {
      fail(`${at}: its label (docs/schema.md §1.2) is longer than ${MAX_SCHEMA_LABEL_LENGTH} characters; docs/schema.md §1.5`);
    }
    this.labels[index] = length;
  }
}

/** Deeper than this, a chain of nullable/list/set/map entries is malformed (each level is one type argument; §1.4). */
const MAX_PART_DEPTH = 64;

/**
 * Counts reference positions (§1.4) once per type entry. Counting by walking every path is exponential: a chain of
 * 60 `map` entries whose key and value are both the next one (or one `map` that is its own key and value, cut off only
 * by the depth limit) has 2⁶⁰ paths. Counts are capped just above {@link MAX_POSITIONS}, and each entry's height (its
 * longest chain of parts) is kept with it, so the depth limit rejects exactly what a walk of every path would.
 */
class PositionCounts {
  private readonly counts: number[] = [];
  private readonly heights: number[] = [];

  constructor(private readonly types: readonly SchemaType[]) {}

  /** The number of positions of `index`, or `cap + 1` when there are more than `cap` (at most {@link MAX_POSITIONS}). */
  count(index: number, cap: number): number {
    const limit = Math.min(cap, MAX_POSITIONS) + 1;
    return Math.min(this.visit(index, 0, MAX_POSITIONS + 1), limit);
  }

  private visit(index: number, depth: number, cap: number): number {
    if (depth > MAX_PART_DEPTH) {
      throw new PackSchemaFormatError("the element, key and value types nest too deeply (a cycle without a named type)");
    }
    const known = this.counts[index];
    if (known !== undefined) {
      if (depth + this.heights[index]! > MAX_PART_DEPTH) {
        throw new PackSchemaFormatError("the element, key and value types nest too deeply (a cycle without a named type)");
      }
      return known;
    }
    const t = this.types[index]!;
    let n = t.nullable && t.kind !== "nullable" ? 1 : 0;
    let height = 0;
    for (const part of partsOf(t)) {
      n = Math.min(n + this.visit(part, depth + 1, cap), cap);
      height = Math.max(height, 1 + this.heights[part]!);
    }
    this.counts[index] = n;
    this.heights[index] = height;
    return n;
  }
}

function partsOf(t: SchemaType): number[] {
  return t.kind === "nullable" || t.kind === "list" || t.kind === "set" ? [t.element] : t.kind === "map" ? [t.key, t.value] : [];
}

/** The most reference positions {@link referencePositions} lists. */
const MAX_POSITIONS = 1 << 16;

/**
 * The reference positions of the type at `index` (§1.4), in walk order: the type itself when its encoding has a null
 * and it is not a `nullable`, then those of its element, or of its key and then its value. Each is the index of the
 * type at that position; a member's `nullability` has one character per position. A type with more than 65 536
 * positions (only a hostile schema has them: they double with each level of nested maps) is a
 * {@link PackSchemaFormatError}, as is a chain of parts deeper than 64.
 */
export function referencePositions(types: readonly SchemaType[], index: number): number[] {
  if (new PositionCounts(types).count(index, MAX_POSITIONS) > MAX_POSITIONS) {
    throw new PackSchemaFormatError(`the type has more than ${MAX_POSITIONS} reference positions`);
  }
  const positions: number[] = [];
  const walk = (i: number): void => {
    const t = types[i]!;
    if (t.nullable && t.kind !== "nullable") positions.push(i);
    for (const part of partsOf(t)) walk(part);
  };
  walk(index);
  return positions;
}

/** The deepest nesting of JSON arrays and objects a schema document may have, as .NET's reader (System.Text.Json's default). */
export const MAX_SCHEMA_JSON_DEPTH = 64;

/**
 * Rejects a document nesting deeper than {@link MAX_SCHEMA_JSON_DEPTH} (the outermost object or array is level 1):
 * everything after this walks it recursively (a member's `default` is hashed by {@link canonicalJson}), and `JSON.parse`
 * reads any depth. Also stops a value that contains itself (not JSON, but `parseSchema` takes any value).
 */
function checkJsonDepth(v: unknown, depth = 1): void {
  if (v === null || typeof v !== "object") return;
  if (depth > MAX_SCHEMA_JSON_DEPTH) {
    throw new PackSchemaFormatError(`the document nests deeper than ${MAX_SCHEMA_JSON_DEPTH} levels of arrays and objects`);
  }
  if (Array.isArray(v)) {
    for (const x of v) checkJsonDepth(x, depth + 1);
  } else {
    for (const k of Object.keys(v)) checkJsonDepth((v as Record<string, unknown>)[k], depth + 1);
  }
}

/**
 * Reads the JSON text of a schema document or set under the text's own rules of §1.5: JSON, at most
 * {@link MAX_SCHEMA_JSON_DEPTH} levels deep, no object with two members of one name, and Unicode text (no unpaired
 * surrogate, written as itself or escaped: `JSON.parse` reads both). `JSON.parse` keeps the last
 * of two members silently (another reader may keep the first), so its result is used only once the text has been
 * scanned for them; the scan also checks the depth, in place of {@link checkJsonDepth}.
 */
function readSchemaJson(text: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new PackSchemaFormatError(`not JSON: ${String(e)}`);
  }
  const wrong = checkJsonText(text);
  if (wrong !== null) {
    throw new PackSchemaFormatError(wrong);
  }
  return json;
}

/** An open object (its names so far and its current member) or array (its current index) of {@link checkJsonText}. */
interface OpenContainer {
  readonly array: boolean;
  index: number;
  name: string;
  names: Set<string> | null;
}

/**
 * What is wrong with `text` under §1.5's text rules once it is JSON: an unpaired surrogate (raw, then escaped) or
 * nesting deeper than {@link MAX_SCHEMA_JSON_DEPTH} (checked first, over the whole text), or else the first member
 * name an object gives twice (the one whose second occurrence comes first), in .NET's words; `null` when none. One pass over the text, without recursion: a `Set`
 * of names per open object, at most {@link MAX_SCHEMA_JSON_DEPTH} open containers. Names are compared unescaped, as
 * UTF-16 code units: `"a"` and `"\u0061"` are one name. Meant for text `JSON.parse` has accepted; on any other it
 * still ends, in linear time.
 */
function checkJsonText(text: string): string | null {
  const unpaired = unpairedSurrogate(text);
  if (unpaired >= 0) {
    return `not JSON text this reader accepts: an unpaired surrogate U+${text.charCodeAt(unpaired).toString(16).toUpperCase()} at character ${unpaired} (docs/schema.md §1.5)`;
  }
  const open: OpenContainer[] = [];
  const length = text.length;
  let duplicate: string | null = null;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) { // { [
      if (open.length >= MAX_SCHEMA_JSON_DEPTH) {
        return `the document nests deeper than ${MAX_SCHEMA_JSON_DEPTH} levels of arrays and objects`;
      }
      nextValue(open);
      open.push({ array: c === 0x5b, index: -1, name: "", names: null });
      i++;
    } else if (c === 0x7d || c === 0x5d) { // } ]
      open.pop();
      i++;
    } else if (c === 0x22) { // "
      let end = i + 1;
      let escaped = false;
      while (end < length) {
        const d = text.charCodeAt(end);
        if (d === 0x22) break;
        if (d === 0x5c) {
          escaped = true;
          end++;
        }
        end++;
      }
      let after = end + 1;
      while (after < length && isJsonWhitespace(text.charCodeAt(after))) after++;
      // An escaped surrogate must pair with the next escape (§1.5): JSON.parse reads "\ud800" alone as a lone one.
      if (escaped && ESCAPED_SURROGATE.test(text.slice(i, end + 1)) && unpairedSurrogate(unescapeName(text.slice(i, end + 1))) >= 0) {
        return "not JSON text this reader accepts: a string holds an escaped unpaired surrogate (docs/schema.md §1.5)";
      }
      const top = open[open.length - 1];
      if (after < length && text.charCodeAt(after) === 0x3a && top !== undefined && !top.array) { // a name, before ':'
        if (duplicate !== null) { // found: the rest is only scanned for its depth
          i = after;
          continue;
        }
        const name = escaped ? unescapeName(text.slice(i, end + 1)) : text.slice(i + 1, end);
        top.names ??= new Set();
        if (top.names.has(name)) {
          duplicate = `${pathOf(open)}: the member ${JSON.stringify(cut(name, MAX_NAME_IN_MESSAGE))} is given twice`;
        }
        top.names.add(name);
        top.name = name;
      } else {
        nextValue(open);
      }
      i = after;
    } else if (c === 0x2c || c === 0x3a || isJsonWhitespace(c)) { // , :
      i++;
    } else { // a number, true, false or null
      nextValue(open);
      i++;
      while (i < length && !isValueEnd(text.charCodeAt(i))) i++;
    }
  }
  return duplicate;
}

/** A `\u` escape of a surrogate code unit (U+D800 … U+DFFF), in either case. */
const ESCAPED_SURROGATE = /\\u[dD][89a-fA-F]/;

/**
 * The index of the first unpaired surrogate in `s` (a high surrogate not followed by a low one, or a low one not
 * preceded by a high one), or −1: such text is not Unicode text, and .NET cannot read it as a string (§1.5).
 */
function unpairedSurrogate(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    return i;
  }
  return -1;
}

function nextValue(open: OpenContainer[]): void {
  const top = open[open.length - 1];
  if (top !== undefined && top.array) top.index++;
}

function isJsonWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isValueEnd(c: number): boolean {
  return c === 0x2c || c === 0x5d || c === 0x7d || c === 0x22 || c === 0x7b || c === 0x5b || c === 0x3a || isJsonWhitespace(c);
}

/** A quoted JSON string's value; one `JSON.parse` of a string cannot throw on text `JSON.parse` accepted whole. */
function unescapeName(quoted: string): string {
  try {
    const name: unknown = JSON.parse(quoted);
    return typeof name === "string" ? name : quoted;
  } catch {
    return quoted;
  }
}

/** The path of the innermost open object (§1.5): `$`, `types[0]`, `types[0].members[1]`, `x["a b"]`. */
function pathOf(open: readonly OpenContainer[]): string {
  let path = "$";
  for (let i = 0; i < open.length - 1; i++) {
    const container = open[i]!;
    path += container.array ? `[${container.index}]`
      : /^[A-Za-z_][A-Za-z0-9_]*$/.test(container.name) ? `.${container.name}`
      : `[${JSON.stringify(cut(container.name, MAX_NAME_IN_MESSAGE))}]`;
  }
  // As the other messages name entries: "types[0]", not "$.types[0]".
  return path.startsWith("$.") ? path.slice(2) : path;
}

/** Reads a schema document (contract or wire form) from its JSON text: {@link parseSchema} after the text's own rule of §1.5. */
export function parseSchemaText(text: string): PackSchema {
  return readSchema(readSchemaJson(text));
}

/**
 * Reads a schema set (or a single schema, a set of one), verifies each recorded fingerprint against its schema, and
 * checks the set's `endpoints` as §5.3 says (this client does not use them, but accepts the sets .NET accepts).
 */
export function parseSchemaSet(text: string): PackSchemaSetEntry[] {
  const json = readSchemaJson(text);
  const doc = asObject(json, "$");
  if (doc["format"] === SCHEMA_FORMAT) {
    const schema = readSchema(doc);
    return [{ type: fullLabel(schema), wire: wireFingerprint(schema), contract: contractFingerprint(schema), schema }];
  }
  if (doc["format"] !== SET_FORMAT || !Array.isArray(doc["schemas"])) {
    throw new PackSchemaFormatError(`not a Pack schema: expected "format": "${SET_FORMAT}" or "${SCHEMA_FORMAT}"`);
  }
  const entryOfLabel = new Map<string, { index: number; entry: PackSchemaSetEntry }>();
  const entries = Array.from(doc["schemas"] as unknown[]).map((e, i) => {
    const entry = asObject(e, `schemas[${i}]`);
    const schema = readInSet(entry["schema"], i);
    const wire = wireFingerprint(schema);
    const contract = contractFingerprint(schema);
    // A recorded fingerprint is optional: absent or null, it is not checked (§1.5: an optional property that is null is absent).
    const recordedWire = recordedFingerprint(entry, "wire", i);
    const recordedContract = recordedFingerprint(entry, "contract", i);
    if ((recordedWire !== null && recordedWire !== wire) || (recordedContract !== null && recordedContract !== contract)) {
      throw new PackSchemaFormatError(`the schema of ${schemaLabel(schema)} does not match its recorded fingerprints (wire ${String(recordedWire)}, contract ${String(recordedContract)}; computed ${wire}, ${contract})`);
    }
    // One schema per root (§2.4): a set that described a root two ways would leave a lookup by label ambiguous. The
    // same schema twice (string[] and List<string>) is one entry: the first.
    const label = fullLabel(schema);
    const first = entryOfLabel.get(label);
    if (first !== undefined) {
      if (first.entry.contract !== contract) {
        fail(`schemas[${i}]: the root ${cut(label, MAX_LABEL_LENGTH)} is also described, differently, by schemas[${first.index}]; a set describes each root once`);
      }
      return null;
    }
    const result: PackSchemaSetEntry = { type: typeof entry["type"] === "string" ? entry["type"] : label, wire, contract, schema };
    entryOfLabel.set(label, { index: i, entry: result });
    return result;
  });
  checkEndpoints(doc["endpoints"], new Set(entryOfLabel.keys()));
  return entries.filter((e): e is PackSchemaSetEntry => e !== null);
}

/** A set entry's recorded `wire` or `contract`: absent or null (not checked), else a string (§2.4). */
function recordedFingerprint(entry: Record<string, unknown>, name: string, i: number): string | null {
  const v = entry[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") fail(`schemas[${i}].${name} must be a string`);
  return v;
}

/** The kinds that have a `name` (§1.1). */
const NAMED_KINDS: ReadonlySet<string> = new Set(["enum", "object", "frozen-struct", "union"]);

/** An entry's schema, its errors named from the set as the text's own rules name them (§1.5): `schemas[0].schema.types[2]`. */
function readInSet(json: unknown, i: number): PackSchema {
  try {
    return readSchema(json);
  } catch (e) {
    if (!(e instanceof PackSchemaFormatError)) throw e;
    throw new PackSchemaFormatError(e.message.startsWith("types[") ? `schemas[${i}].schema.${e.message}` : `schemas[${i}].schema: ${e.message}`);
  }
}

/**
 * Checks a served set's `endpoints` (§5.3) as .NET's `PackSchemaSet.Parse` reads them, so that both readers accept the
 * same sets: absent or null, or an array of endpoint objects whose `group`, `name`, `method` and `route` are non-empty
 * strings; `parameters` absent, null or an array of objects with `in` (`route` or `query`), non-empty `name` and `type`,
 * boolean `optional`, and `catchAll` absent, null or a boolean, `true` only on a route parameter; `request` and
 * `response` absent, null or an object with a non-empty `type`, the label of one of the set's schemas, and a boolean
 * `stream`. Unknown properties are ignored. This client does not use the endpoints (`pack ts` does).
 */
function checkEndpoints(endpoints: unknown, labels: ReadonlySet<string>): void {
  if (endpoints === undefined || endpoints === null) return;
  if (!Array.isArray(endpoints)) fail(`"endpoints" must be an array`);
  const bodies: { type: string; method: string; route: string }[] = [];
  Array.from(endpoints as unknown[]).forEach((e, i) => {
    const at = `endpoints[${i}]`;
    if (e === null || typeof e !== "object" || Array.isArray(e)) fail(`${at} is not an object`);
    const endpoint = e as Record<string, unknown>;
    const parameters = endpoint["parameters"];
    if (parameters !== undefined && parameters !== null) {
      if (!Array.isArray(parameters)) fail(`${at}.parameters must be an array`);
      Array.from(parameters as unknown[]).forEach((p, j) => {
        const where = `${at}.parameters[${j}]`;
        if (p === null || typeof p !== "object" || Array.isArray(p)) fail(`${where} is not an object`);
        const source = endpointString(p, "in", where);
        if (source !== "route" && source !== "query") fail(`${where}.in must be "route" or "query", not "${source}"`);
        const catchAll = (p as Record<string, unknown>)["catchAll"];
        if (catchAll !== undefined && catchAll !== null && endpointBoolean(p, "catchAll", where) && source !== "route") {
          fail(`${where}.catchAll: only a route parameter can be a catch-all parameter`);
        }
        endpointString(p, "name", where);
        endpointString(p, "type", where);
        endpointBoolean(p, "optional", where);
      });
    }
    endpointString(endpoint, "group", at);
    endpointString(endpoint, "name", at);
    const method = endpointString(endpoint, "method", at);
    const route = endpointString(endpoint, "route", at);
    for (const part of ["request", "response"]) {
      const body = endpoint[part];
      if (body === undefined || body === null) continue;
      const type = endpointString(body, "type", `${at}.${part}`);
      endpointBoolean(body, "stream", `${at}.${part}`);
      bodies.push({ type, method, route });
    }
  });
  for (const body of bodies) {
    if (!labels.has(body.type)) fail(`The endpoint ${body.method} ${body.route} names the type ${cut(body.type, MAX_NAME_IN_MESSAGE)}, which the set does not describe.`);
  }
}

function endpointString(v: unknown, name: string, at: string): string {
  const s = v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[name] : undefined;
  if (typeof s !== "string" || s.length === 0) fail(`${at}.${name} must be a non-empty string`);
  return s as string;
}

function endpointBoolean(v: unknown, name: string, at: string): boolean {
  const b = v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[name] : undefined;
  if (typeof b !== "boolean") fail(`${at}.${name} must be true or false`);
  return b as boolean;
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
    // Only the named kinds have a name (§1.1); on any other it is a property the kind does not have, ignored (§1.5).
    kind: kind as SchemaKind, nullable: json["nullable"], name: NAMED_KINDS.has(kind) ? optionalString(json, "name", at) : null, primitive: null, width: 0, signed: null,
    element: -1, key: -1, value: -1, members: [], cases: [], values: [],
  };
  switch (type.kind) {
    case "primitive":
      type.primitive = optionalString(json, "primitive", at) ?? fail(`${at}: "primitive" is missing`);
      // A width is absent (a string) or a number of bytes: "width": 0 would be a string's width written out.
      type.width = "width" in json ? index(json, "width", at, 0x7fffffff) || fail(`${at}: "width" must be absent (a string) or an integer from 1 to ${0x7fffffff - 1}`) : 0;
      // Normalised (§2.1): an integer primitive's `signed` follows from its name, so leaving it out changes no fingerprint.
      type.signed = optionalBoolean(json, "signed", at) ?? signedOf(type.primitive);
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
      break;
    case "map":
      type.key = index(json, "key", at, count);
      type.value = index(json, "value", at, count);
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
          checkIntegers(o["default"], `${at}.members[${i}]`);
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
  return Array.from(v);
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

function optionalBoolean(json: Record<string, unknown>, property: string, at: string): boolean | null {
  const v = json[property];
  if (v === undefined || v === null) {
    return null;
  }
  if (typeof v !== "boolean") {
    throw new PackSchemaFormatError(`${at}: "${property}" has the wrong type`);
  }
  return v;
}

/**
 * Every number in a member's default is an integer below 2^53 in magnitude (§2.1): the canonical text holds no other,
 * and JavaScript reads no larger one exactly. The document's depth is already bounded.
 */
function checkIntegers(v: unknown, at: string): void {
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) throw new PackSchemaFormatError(`${at}: "default": a schema holds only integers below 2^53; ${v} is not one`);
  } else if (Array.isArray(v)) {
    for (const x of v) checkIntegers(x, at);
  } else if (v !== null && typeof v === "object") {
    for (const k of Object.keys(v)) checkIntegers((v as Record<string, unknown>)[k], at);
  }
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

/** The longest label {@link typeLabel} returns; a longer one ends in `…`. */
export const MAX_LABEL_LENGTH = 1024;

/**
 * The label (§1.2) of a schema's type, at most {@link MAX_LABEL_LENGTH} characters: it only names a type in messages,
 * and a served schema can make one as long as it likes (a name of megabytes, or nested maps whose labels double with
 * each level), repeated in every violation that names the type.
 */
export function typeLabel(schema: PackSchema, i: number): string {
  const label = { text: "" };
  appendLabel(schema, i, label, MAX_LABEL_LENGTH);
  return cut(label.text, MAX_LABEL_LENGTH);
}

/**
 * The whole label (§1.2) of a schema's root, as .NET's `PackSchema.Label` gives it: what a set's lookup by root and an
 * endpoint's `request` and `response` compare (§2.4, §5.3). A checked schema's labels have at most
 * {@link MAX_SCHEMA_LABEL_LENGTH} characters (§1.5); a longer one (a schema not checked) is cut there.
 */
function fullLabel(schema: PackSchema): string {
  const label = { text: "" };
  appendLabel(schema, 0, label, MAX_SCHEMA_LABEL_LENGTH);
  return label.text.length <= MAX_SCHEMA_LABEL_LENGTH ? label.text : label.text.slice(0, MAX_SCHEMA_LABEL_LENGTH) + "…";
}

/**
 * Appends the label of type `i` to `label.text`, stopping once the text is longer than `max` characters: each level
 * appends at least `set<`, so the recursion is bounded by `max` however the types refer to each other.
 */
function appendLabel(schema: PackSchema, i: number, label: { text: string }, max: number): void {
  const room = max + 1 - label.text.length;
  if (room <= 0) return;
  const t = schema.types[i]!;
  switch (t.kind) {
    case "primitive":
      label.text += t.primitive!.length > room ? t.primitive!.slice(0, room) : t.primitive!;
      return;
    case "nullable":
    case "list":
    case "set":
      label.text += t.kind + "<";
      appendLabel(schema, t.element, label, max);
      label.text += ">";
      return;
    case "map":
      label.text += "map<";
      appendLabel(schema, t.key, label, max);
      label.text += ",";
      appendLabel(schema, t.value, label, max);
      label.text += ">";
      return;
    default: {
      const name = t.name ?? `#${i}`;
      label.text += name.length > room ? name.slice(0, room) : name;
    }
  }
}

/** `s`, or its first `max − 1` characters and `…`. */
function cut(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, max - 1) + "…";
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

/** The most violations {@link checkCompatibility} lists: the first ones it finds. */
export const MAX_VIOLATIONS = 1000;
/** Paths stop growing at about this length, and names in paths and messages are cut to {@link MAX_NAME_IN_MESSAGE}. */
const MAX_PATH_LENGTH = 1024;
const MAX_NAME_IN_MESSAGE = 256;

type CompareTask =
  | { readonly r: number; readonly w: number; readonly path: string; readonly member: boolean }
  | { readonly ruleId: string; readonly path: string; readonly message: string };

/**
 * Whether a program built with `reader` reads every payload of `writer` as the writer meant it (docs/schema.md §3):
 * every violation, in the order the check meets them, up to {@link MAX_VIOLATIONS}. Empty means compatible.
 *
 * The writer is the server's, so nothing about it is trusted: the walk keeps its own stack (a writer whose types
 * chain 100 000 deep under a recursive reader type would overflow the call stack), and names, labels and paths in
 * violations are cut to a bounded length (each violation repeats them).
 */
export function checkCompatibility(reader: PackSchema, writer: PackSchema): SchemaViolation[] {
  const violations: SchemaViolation[] = [];
  const compared = new Set<string>();
  const reported = new Set<string>();
  const report = (ruleId: string, path: string, message: string) => {
    const key = ruleId + " " + path;
    if (!reported.has(key) && violations.length < MAX_VIOLATIONS) {
      reported.add(key);
      violations.push({ ruleId, path, message });
    }
  };
  const nameOf = (name: string) => cut(name, MAX_NAME_IN_MESSAGE);
  const child = (path: string, segment: string) => (path.length > MAX_PATH_LENGTH ? path : path + segment);
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
  /** Whether every pair of types reachable from (r, w) in step is the same on the wire; pairs met again count as equal. */
  const wireEqual = (r0: number, w0: number): boolean => {
    const seen = new Set<string>();
    const pending: number[] = [r0, w0];
    while (pending.length > 0) {
      const w = pending.pop()!;
      const r = pending.pop()!;
      const key = r + "," + w;
      if (seen.has(key)) continue;
      seen.add(key);
      const rt = reader.types[r]!;
      const wt = writer.types[w]!;
      if (rt.kind !== wt.kind || rt.nullable !== wt.nullable || rt.primitive !== wt.primitive || rt.width !== wt.width
        || rt.members.length !== wt.members.length || rt.cases.length !== wt.cases.length
        || (rt.element < 0) !== (wt.element < 0) || (rt.key < 0) !== (wt.key < 0) || (rt.value < 0) !== (wt.value < 0)) {
        return false;
      }
      for (let i = 0; i < rt.members.length; i++) pending.push(rt.members[i]!.type, wt.members[i]!.type);
      for (let i = 0; i < rt.cases.length; i++) {
        if (rt.cases[i]!.tag !== wt.cases[i]!.tag) return false;
        pending.push(rt.cases[i]!.type, wt.cases[i]!.type);
      }
      if (rt.element >= 0) pending.push(rt.element, wt.element);
      if (rt.key >= 0) pending.push(rt.key, wt.key);
      if (rt.value >= 0) pending.push(rt.value, wt.value);
    }
    return true;
  };
  const indexOf = (t: SchemaType, name: string): number => t.members.findIndex((m) => m.name === name);

  /** The steps of comparing the members of two objects, in order: violations and member pairs to compare. */
  const compareMembers = (rt: SchemaType, wt: SchemaType, path: string, out: CompareTask[]) => {
    const common = Math.min(rt.members.length, wt.members.length);
    let shifted = false;
    for (let i = 0; i < common; i++) {
      const rm = rt.members[i]!;
      const wm = wt.members[i]!;
      const at = child(path, "." + (rm.name === null ? `#${i}` : nameOf(rm.name)));
      if (rm.name !== null && wm.name !== null && rm.name !== wm.name) {
        const rInWriter = indexOf(wt, rm.name);
        const wInReader = indexOf(rt, wm.name);
        if (rInWriter >= 0 || wInReader >= 0) {
          shifted ||= rInWriter < 0 || wInReader < 0;
          if (rInWriter < 0) {
            out.push({ ruleId: SchemaRules.memberRemoved, path: at, message: `the reader's member ${nameOf(rm.name)} (position ${i}) is not written any more; the writer's ${nameOf(wm.name)} takes its place` });
          } else if (wInReader < 0) {
            out.push({ ruleId: SchemaRules.memberInserted, path: child(path, "." + nameOf(wm.name)), message: `the writer inserted ${nameOf(wm.name)} at position ${i}, before the reader's ${nameOf(rm.name)} (now at ${rInWriter}); only appending is compatible` });
          } else {
            out.push({ ruleId: SchemaRules.memberReordered, path: at, message: `${nameOf(rm.name)} is at position ${i} in the reader and ${rInWriter} in the writer` });
          }
          continue;
        }
      }
      out.push({ r: rm.type, w: wm.type, path: at, member: true });
    }
    if (shifted) return;
    for (let i = common; i < wt.members.length; i++) {
      const name = wt.members[i]!.name;
      const j = name === null ? -1 : indexOf(rt, name);
      if (j >= 0 && j < common) out.push({ ruleId: SchemaRules.memberReordered, path: child(path, "." + nameOf(name!)), message: `${nameOf(name!)} is at position ${j} in the reader and ${i} in the writer` });
    }
    for (let i = common; i < rt.members.length; i++) {
      const name = rt.members[i]!.name;
      const j = name === null ? -1 : indexOf(wt, name);
      if (j >= 0 && j < common) out.push({ ruleId: SchemaRules.memberReordered, path: child(path, "." + nameOf(name!)), message: `${nameOf(name!)} is at position ${i} in the reader and ${j} in the writer` });
    }
  };

  /** The steps of comparing one pair of types, in order (the recursion of §3, unrolled onto `out`). */
  const compare = (r: number, w: number, path: string, member: boolean, out: CompareTask[]): void => {
    const rt = reader.types[r]!;
    const wt = writer.types[w]!;
    if (!sameShape(rt, wt)) {
      if (rt.kind === "frozen-struct" && wt.kind === "frozen-struct") {
        out.push({ ruleId: SchemaRules.frozenStructChanged, path, message: `the frozen struct changed from ${describe(writer, w)} (writer) to ${describe(reader, r)} (reader); a frozen struct has no header and cannot gain, lose or change members` });
      } else if (rt.kind === "enum" && wt.kind === "enum") {
        out.push({ ruleId: SchemaRules.enumUnderlyingChanged, path, message: `the enum's underlying type is ${typeLabel(writer, wt.element)} in the writer and ${typeLabel(reader, rt.element)} in the reader` });
      } else {
        out.push({ ruleId: member ? SchemaRules.memberRetyped : SchemaRules.typeChanged, path, message: `the writer writes ${describe(writer, w)}, the reader reads ${describe(reader, r)}` });
      }
      return;
    }
    switch (rt.kind) {
      case "nullable":
        out.push({ r: rt.element, w: wt.element, path, member });
        break;
      case "list":
      case "set":
        out.push({ r: rt.element, w: wt.element, path: child(path, "[]"), member: false });
        break;
      case "map":
        out.push({ r: rt.key, w: wt.key, path: child(path, "{key}"), member: false });
        out.push({ r: rt.value, w: wt.value, path: child(path, "{value}"), member: false });
        break;
      case "enum":
        for (const value of wt.values) {
          if (value.name === null) continue;
          for (const readerValue of rt.values) {
            if (readerValue.name === value.name && readerValue.value !== value.value) {
              out.push({ ruleId: SchemaRules.enumValueChanged, path, message: `${nameOf(value.name)} is ${nameOf(value.value)} in the writer and ${nameOf(readerValue.value)} in the reader` });
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
              if (writerCase !== null && readerCase !== null && writerCase !== readerCase && !wireEqual(rc.type, wc.type)) {
                out.push({ ruleId: SchemaRules.unionTagReused, path: child(path, `(${wc.tag})`), message: `tag ${wc.tag} is ${nameOf(writerCase)} in the writer and ${nameOf(readerCase)} in the reader` });
              } else {
                out.push({ r: rc.type, w: wc.type, path: child(path, `(${wc.tag})`), member: false });
              }
            } else if (writerCase !== null && writerCase === readerCase) {
              out.push({ ruleId: SchemaRules.unionTagChanged, path, message: `${nameOf(writerCase)} has tag ${wc.tag} in the writer and ${rc.tag} in the reader` });
            }
          }
        }
        break;
      case "frozen-struct":
        for (let i = 0; i < rt.members.length; i++) {
          if (!wireEqual(rt.members[i]!.type, wt.members[i]!.type)) {
            out.push({ ruleId: SchemaRules.frozenStructChanged, path, message: `member ${i} (${rt.members[i]!.name === null ? "#" + i : nameOf(rt.members[i]!.name!)}) is ${describe(writer, wt.members[i]!.type)} in the writer and ${describe(reader, rt.members[i]!.type)} in the reader; a frozen struct cannot change` });
            break;
          }
        }
        break;
      case "object":
        if (wt.nullable && !rt.nullable) {
          out.push({ ruleId: SchemaRules.nullabilityChanged, path, message: "the writer's type is a class (may be null), the reader's a struct (never null)" });
        }
        compareMembers(rt, wt, path, out);
        break;
      default:
        break;
    }
  };

  // Depth first, in the order the recursion of §3 meets them: a pair's steps replace it on the stack, first step on top.
  const stack: CompareTask[] = [{ r: 0, w: 0, path: "$", member: false }];
  const steps: CompareTask[] = [];
  while (stack.length > 0 && violations.length < MAX_VIOLATIONS) {
    const task = stack.pop()!;
    if ("ruleId" in task) {
      report(task.ruleId, task.path, task.message);
      continue;
    }
    const key = task.r + "," + task.w;
    if (compared.has(key)) continue;
    compared.add(key);
    steps.length = 0;
    compare(task.r, task.w, task.path, task.member, steps);
    for (let i = steps.length - 1; i >= 0; i--) stack.push(steps[i]!);
  }
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

/**
 * The rules of §1.5 about a schema's entries: each entry on its own (primitives, enums, nullables, unions, member
 * names), the references no object header separates (no cycle, a bounded depth, frozen struct widths, label lengths)
 * and the reference positions a member's nullability annotation (§1.4) has one character for.
 */
import { PackSchemaFormatError } from "../errors.js";
import { cut, fail, MAX_NAME_IN_MESSAGE, type SchemaType } from "./model.js";

/** Each primitive of §1.1 and its width in bytes (0: a string, which has none). */
const PRIMITIVE_WIDTHS: ReadonlyMap<string, number> = new Map([
  ["bool", 1], ["u8", 1], ["i8", 1], ["u16", 2], ["i16", 2], ["char", 2], ["u32", 4], ["i32", 4], ["u64", 8], ["i64", 8],
  ["u128", 16], ["i128", 16], ["f16", 2], ["f32", 4], ["f64", 8], ["decimal", 16], ["guid", 16], ["datetime", 8],
  ["datetimeoffset", 10], ["timespan", 8], ["dateonly", 4], ["timeonly", 8], ["string", 0],
]);

/** `true` for `i8` … `i128`, `false` for `u8` … `u128`, `null` for the primitives that are not integers. */
export function signedOf(primitive: string): boolean | null {
  return /^[iu][0-9]/.test(primitive) ? primitive[0] === "i" : null;
}

/** The widest frozen struct a schema may describe (§1.5), in bytes. */
const MAX_FROZEN_STRUCT_WIDTH = 1024 * 1024;

/** The longest label (§1.2) a schema may give a type (§1.5), in UTF-16 code units. */
export const MAX_SCHEMA_LABEL_LENGTH = 4096;

/** An enum value (§1.5): ASCII decimal digits, an optional leading `-`, no leading zeros, no `+`, no `-0`. */
const ENUM_VALUE = /^(0|-?[1-9][0-9]*)$/;

/** The rules of §1.5 that concern one entry on its own (and the names it shares with the others). */
export function checkEntry(types: readonly SchemaType[], index: number, names: Set<string>): void {
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
export class InlineWalk {
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
export class PositionCounts {
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
export const MAX_POSITIONS = 1 << 16;

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

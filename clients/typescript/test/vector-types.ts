/**
 * Test-only interpreter: builds a codec and a JSON → value converter from a golden vector's declared C# type
 * (`Dictionary<(int, string), int>`, `VectorPoint3?`, `int[][]` …) and the `Vector*` types of types.json.
 *
 * It builds on the runtime's public {@link Codec} combinators (object, fixedStruct, union, array, dictionary …), which
 * call the same PackReader/PackWriter framing methods as generated code; the C# type-name parsing and the §14 JSON
 * mapping exist only for the vectors, so they live here and not in the package.
 */
import {
  array,
  bool,
  char,
  type Codec,
  dateOnly,
  dateTime,
  dateTimeOffset,
  decimal,
  dictionary,
  encode,
  fixedStruct,
  float32,
  float64,
  guid,
  half,
  halfToNumber,
  int8,
  int16,
  int32,
  int64,
  int128,
  lazy,
  type MemberCodec,
  nullable,
  numericArray,
  object,
  set,
  string,
  timeOnly,
  timeSpan,
  uint8,
  uint16,
  uint32,
  uint64,
  uint128,
  union,
} from "../src/index.js";

/** A parsed C# type name. */
export type TypeNode =
  | { readonly kind: "named"; readonly name: string; readonly args: readonly TypeNode[] }
  | { readonly kind: "tuple"; readonly items: readonly TypeNode[] }
  | { readonly kind: "array"; readonly element: TypeNode }
  | { readonly kind: "nullable"; readonly inner: TypeNode };

/** Parses a C# type name as the vector files spell it. */
export function parseType(text: string): TypeNode {
  let i = 0;
  const ws = () => {
    while (text[i] === " ") i++;
  };
  const parse = (): TypeNode => {
    ws();
    let node: TypeNode;
    if (text[i] === "(") {
      i++;
      const items: TypeNode[] = [parse()];
      ws();
      while (text[i] === ",") {
        i++;
        items.push(parse());
        ws();
      }
      if (text[i] !== ")") throw new Error(`bad type ${text} at ${i}`);
      i++;
      node = { kind: "tuple", items };
    } else {
      const start = i;
      while (i < text.length && /[A-Za-z0-9_.]/.test(text[i]!)) i++;
      const name = text.slice(start, i);
      const args: TypeNode[] = [];
      if (text[i] === "<") {
        i++;
        args.push(parse());
        ws();
        while (text[i] === ",") {
          i++;
          args.push(parse());
          ws();
        }
        if (text[i] !== ">") throw new Error(`bad type ${text} at ${i}`);
        i++;
      }
      node = { kind: "named", name, args };
    }
    for (;;) {
      if (text.startsWith("[]", i)) {
        i += 2;
        node = { kind: "array", element: node };
      } else if (text[i] === "?") {
        i++;
        node = { kind: "nullable", inner: node };
      } else {
        return node;
      }
    }
  };
  const t = parse();
  if (i !== text.length) throw new Error(`bad type ${text}`);
  return t;
}

/** A codec plus the §14 JSON ↔ TypeScript value conversions. */
export interface Model {
  readonly codec: Codec<unknown>;
  readonly fromJson: (json: unknown) => unknown;
  /**
   * The §14 JSON of a decoded value (the inverse of `fromJson`), for comparison with .NET's. A float NaN is the string
   * `"NaN"`: a JavaScript number does not keep a NaN's sign and payload bits (docs/wire-format.md §2).
   */
  readonly toJson: (value: unknown) => unknown;
  /** A .NET value type (Nullable<T> applies to it; `T?` of a reference type is the type itself). */
  readonly valueType: boolean;
}

/** types.json entries. */
export interface VectorTypeDef {
  readonly name: string;
  readonly kind: string;
  readonly members?: readonly { name: string; type: string; default?: { json: unknown } }[];
  readonly underlying?: string;
  readonly cases?: readonly { tag: number; type: string }[];
}

const scratch = new DataView(new ArrayBuffer(8));

function floatFromHex(hex: string, width: 2 | 4 | 8): number {
  if (width === 2) return halfToNumber(parseInt(hex, 16));
  if (width === 4) {
    scratch.setUint32(0, parseInt(hex, 16));
    return scratch.getFloat32(0);
  }
  scratch.setBigUint64(0, BigInt("0x" + hex));
  return scratch.getFloat64(0);
}

const big = (j: unknown) => BigInt(j as string);
const id = (j: unknown) => j;
const text = (v: unknown) => String(v);
const prim = (codec: Codec<unknown>, fromJson: (j: unknown) => unknown, toJson: (v: unknown) => unknown = id): Model => ({
  codec,
  fromJson,
  toJson,
  valueType: true,
});

/** A float's §14 JSON: its IEEE 754 bits as lowercase hex (the little-endian encoding read backwards), or `"NaN"`. */
function floatToJson(codec: Codec<unknown>): (v: unknown) => unknown {
  return (v) => {
    if (Number.isNaN(v)) return "NaN";
    const bytes = encode(codec, v);
    let hex = "";
    for (let i = bytes.length - 1; i >= 0; i--) hex += bytes[i]!.toString(16).padStart(2, "0");
    return hex;
  };
}

function stringToJson(v: unknown): unknown {
  if (v === null) return null;
  const s = v as string;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      return { utf16: Array.from(s, (_, k) => s.charCodeAt(k)) };
    }
  }
  const first = s.charCodeAt(0);
  if (s.length > 64 && !(first >= 0xd800 && first <= 0xdfff) && s === s[0]!.repeat(s.length)) return { repeat: s[0], count: s.length };
  return s;
}

function stringFromJson(j: unknown): unknown {
  if (j === null || typeof j === "string") return j;
  const o = j as { repeat?: string; count?: number; utf16?: number[] };
  if (o.repeat !== undefined) return o.repeat.repeat(o.count!);
  return String.fromCharCode(...o.utf16!);
}

const PRIMITIVES: Record<string, Model> = {
  bool: prim(bool as Codec<unknown>, id),
  byte: prim(uint8 as Codec<unknown>, id),
  sbyte: prim(int8 as Codec<unknown>, id),
  short: prim(int16 as Codec<unknown>, id),
  ushort: prim(uint16 as Codec<unknown>, id),
  int: prim(int32 as Codec<unknown>, id),
  uint: prim(uint32 as Codec<unknown>, id),
  long: prim(int64 as Codec<unknown>, big, text),
  ulong: prim(uint64 as Codec<unknown>, big, text),
  Int128: prim(int128 as Codec<unknown>, big, text),
  UInt128: prim(uint128 as Codec<unknown>, big, text),
  char: prim(char as Codec<unknown>, (j) => String.fromCharCode(j as number), (v) => (v as string).charCodeAt(0)),
  Half: prim(half as Codec<unknown>, (j) => floatFromHex(j as string, 2), floatToJson(half as Codec<unknown>)),
  float: prim(float32 as Codec<unknown>, (j) => floatFromHex(j as string, 4), floatToJson(float32 as Codec<unknown>)),
  double: prim(float64 as Codec<unknown>, (j) => floatFromHex(j as string, 8), floatToJson(float64 as Codec<unknown>)),
  decimal: prim(decimal as Codec<unknown>, id),
  Guid: prim(guid as Codec<unknown>, id),
  DateTime: prim(
    dateTime as Codec<unknown>,
    (j) => ({ ticks: BigInt((j as { ticks: string }).ticks), kind: (j as { kind: string }).kind }),
    (v) => ({ ticks: String((v as { ticks: bigint }).ticks), kind: (v as { kind: string }).kind }),
  ),
  DateTimeOffset: prim(
    dateTimeOffset as Codec<unknown>,
    (j) => ({
      ticks: BigInt((j as { ticks: string }).ticks),
      offsetMinutes: (j as { offsetMinutes: number }).offsetMinutes,
    }),
    (v) => ({ ticks: String((v as { ticks: bigint }).ticks), offsetMinutes: (v as { offsetMinutes: number }).offsetMinutes }),
  ),
  TimeSpan: prim(timeSpan as Codec<unknown>, big, text),
  DateOnly: prim(dateOnly as Codec<unknown>, id),
  TimeOnly: prim(timeOnly as Codec<unknown>, big, text),
  string: { codec: string as Codec<unknown>, fromJson: stringFromJson, toJson: stringToJson, valueType: false },
};

// Fixed-width numeric elements read as typed arrays.
type TypedCtor = { new (values: ArrayLike<number> | ArrayLike<bigint> | number): ArrayLike<unknown>; BYTES_PER_ELEMENT: number };
const TYPED: Record<string, TypedCtor> = {
  byte: Uint8Array as unknown as TypedCtor,
  sbyte: Int8Array as unknown as TypedCtor,
  short: Int16Array as unknown as TypedCtor,
  ushort: Uint16Array as unknown as TypedCtor,
  int: Int32Array as unknown as TypedCtor,
  uint: Uint32Array as unknown as TypedCtor,
  long: BigInt64Array as unknown as TypedCtor,
  ulong: BigUint64Array as unknown as TypedCtor,
  float: Float32Array as unknown as TypedCtor,
  double: Float64Array as unknown as TypedCtor,
};

const LISTS = new Set([
  "List", "IEnumerable", "ICollection", "IList", "IReadOnlyCollection", "IReadOnlyList", "ImmutableArray",
  "ImmutableList", "IImmutableList", "ArraySegment",
]);
const NEVER_NULL_LISTS = new Set(["Memory", "ReadOnlyMemory"]);
const MAPS = new Set(["Dictionary", "IDictionary", "IReadOnlyDictionary"]);
const SETS = new Set(["HashSet", "ISet", "IReadOnlySet"]);

/** Builds models from type names, with the Vector* types of types.json. */
export class ModelBuilder {
  private readonly defs = new Map<string, VectorTypeDef>();
  private readonly named = new Map<string, Model>();

  constructor(types: readonly VectorTypeDef[]) {
    for (const t of types) this.defs.set(t.name, t);
  }

  model(text: string): Model {
    return this.build(parseType(text));
  }

  build(t: TypeNode): Model {
    switch (t.kind) {
      case "nullable": {
        const inner = this.build(t.inner);
        if (!inner.valueType) return inner;
        const f = inner.fromJson;
        const g = inner.toJson;
        return { codec: nullable(inner.codec), fromJson: (j) => (j === null ? null : f(j)), toJson: (v) => (v === null ? null : g(v)), valueType: false };
      }
      case "array":
        return this.list(t.element, false);
      case "tuple":
        return this.valueTuple(t.items);
      case "named":
        return this.namedType(t.name, t.args);
    }
  }

  private list(element: TypeNode, neverNull: boolean): Model {
    const options = neverNull ? { neverNull: true } : undefined;
    if (element.kind === "named" && element.args.length === 0 && TYPED[element.name] !== undefined) {
      const ctor = TYPED[element.name]!;
      const e = PRIMITIVES[element.name]!;
      const codec = numericArray(ctor as never, e.codec as never, options) as Codec<unknown>;
      return {
        codec,
        fromJson: (j) => (j === null ? null : new ctor((j as unknown[]).map(e.fromJson) as number[])),
        toJson: (v) => (v === null ? null : Array.from(v as ArrayLike<unknown>, e.toJson)),
        valueType: false,
      };
    }
    const e = this.build(element);
    return {
      codec: array(e.codec, options) as Codec<unknown>,
      fromJson: (j) => (j === null ? null : (j as unknown[]).map(e.fromJson)),
      toJson: (v) => (v === null ? null : (v as unknown[]).map(e.toJson)),
      valueType: false,
    };
  }

  private members(names: readonly string[], types: readonly Model[], defaults?: readonly (unknown | undefined)[]): MemberCodec[] {
    return names.map((name, i) => {
      const d = defaults?.[i];
      const m = types[i]!;
      return d === undefined ? { name, codec: m.codec } : { name, codec: m.codec, absent: () => m.fromJson(d) };
    });
  }

  private struct(names: readonly string[], types: readonly Model[], reference: boolean, defaults?: readonly (unknown | undefined)[]): Model {
    const members = this.members(names, types, defaults);
    const fixed = !reference && types.length > 0 && types.every((m) => m.codec.fixedLength >= 0);
    const codec = fixed ? fixedStruct(members) : object(members, { nullable: reference });
    const fromJson = (j: unknown): unknown => {
      if (j === null) return null;
      const o = j as Record<string, unknown>;
      const v: Record<string, unknown> = {};
      names.forEach((n, i) => {
        v[n] = types[i]!.fromJson(o[n]);
      });
      return v;
    };
    const toJson = (v: unknown): unknown => {
      if (v === null) return null;
      const o = v as Record<string, unknown>;
      const j: Record<string, unknown> = {};
      names.forEach((n, i) => {
        j[n] = types[i]!.toJson(o[n]);
      });
      return j;
    };
    return { codec: codec as Codec<unknown>, fromJson, toJson, valueType: !reference };
  }

  private valueTuple(items: readonly TypeNode[]): Model {
    const names = items.map((_, i) => (i === 7 ? "Rest" : `Item${i + 1}`));
    return this.struct(names, items.map((x) => this.build(x)), false);
  }

  private namedType(name: string, args: readonly TypeNode[]): Model {
    if (args.length === 0 && PRIMITIVES[name] !== undefined) return PRIMITIVES[name]!;
    if (LISTS.has(name)) return this.list(args[0]!, false);
    if (NEVER_NULL_LISTS.has(name)) return this.list(args[0]!, true);
    if (MAPS.has(name)) {
      const k = this.build(args[0]!);
      const v = this.build(args[1]!);
      return {
        codec: dictionary(k.codec, v.codec) as Codec<unknown>,
        fromJson: (j) => (j === null ? null : new Map((j as [unknown, unknown][]).map(([a, b]) => [k.fromJson(a), v.fromJson(b)]))),
        toJson: (m) => (m === null ? null : Array.from(m as Map<unknown, unknown>, ([a, b]) => [k.toJson(a), v.toJson(b)])),
        valueType: false,
      };
    }
    if (SETS.has(name)) {
      const e = this.build(args[0]!);
      return {
        codec: set(e.codec) as Codec<unknown>,
        fromJson: (j) => (j === null ? null : new Set((j as unknown[]).map(e.fromJson))),
        toJson: (v) => (v === null ? null : Array.from(v as Set<unknown>, e.toJson)),
        valueType: false,
      };
    }
    if (name === "KeyValuePair") return this.struct(["Key", "Value"], args.map((a) => this.build(a)), false);
    if (name === "Tuple") return this.struct(args.map((_, i) => (i === 7 ? "Rest" : `Item${i + 1}`)), args.map((a) => this.build(a)), true);
    if (name === "ValueTuple") return this.valueTuple(args);
    return this.vectorType(name);
  }

  private vectorType(name: string): Model {
    const cached = this.named.get(name);
    if (cached !== undefined) return cached;
    const def = this.defs.get(name);
    if (def === undefined) throw new Error(`unknown type ${name}`);
    if (def.kind === "enum") {
      const m = PRIMITIVES[def.underlying!]!;
      this.named.set(name, m);
      return m;
    }
    const valueType = !def.kind.startsWith("class") && def.kind !== "union";
    // Recursive types (VectorNode, VectorBranch) refer to themselves: register a lazy placeholder first.
    let built: Model | undefined;
    const placeholder: Model = {
      codec: lazy(() => built!.codec, def.kind.startsWith("fixed") ? 1 : def.kind === "union" ? 2 : 4),
      fromJson: (j) => built!.fromJson(j),
      toJson: (v) => built!.toJson(v),
      valueType,
    };
    this.named.set(name, placeholder);
    if (def.kind === "union") {
      const cases = def.cases!.map((c) => ({ tag: c.tag, name: c.type, model: this.vectorType(c.type) }));
      const byName = new Map(cases.map((c) => [c.name, c.model]));
      const tags = new Map(cases.map((c) => [c.name, c.tag]));
      built = {
        codec: union(cases.map((c) => ({ tag: c.tag, name: c.name, codec: c.model.codec }))) as Codec<unknown>,
        fromJson: (j) => {
          if (j === null) return null;
          const u = j as { case: string; value: unknown };
          return { case: u.case, value: byName.get(u.case)!.fromJson(u.value) };
        },
        toJson: (v) => {
          if (v === null) return null;
          const u = v as { case: string; value: unknown };
          return { tag: tags.get(u.case), case: u.case, value: byName.get(u.case)!.toJson(u.value) };
        },
        valueType: false,
      };
    } else {
      const members = def.members!;
      const types = members.map((m) => this.model(m.type));
      const reference = def.kind.startsWith("class");
      const model = this.struct(members.map((m) => m.name), types, reference, members.map((m) => m.default?.json));
      if (def.kind.startsWith("fixed") !== (model.codec.fixedLength >= 0)) {
        throw new Error(`${name}: types.json says ${def.kind}, the interpreter disagrees`);
      }
      built = model;
    }
    this.named.set(name, built);
    return built;
  }
}

/** Deep equality for decoded values: `Object.is` on leaves (so −0 ≠ +0 and NaN = NaN), order-sensitive maps and sets. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.constructor !== b.constructor) return false;
    const x = a as unknown as ArrayLike<unknown>;
    const y = b as unknown as ArrayLike<unknown>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
    return true;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map) || !(b instanceof Map) || a.size !== b.size) return false;
    const x = [...a];
    const y = [...b];
    return x.every((e, i) => deepEqual(e[0], y[i]![0]) && deepEqual(e[1], y[i]![1]));
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set) || !(b instanceof Set) || a.size !== b.size) return false;
    const y = [...b];
    return [...a].every((e, i) => deepEqual(e, y[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A printable form of a decoded value (bigint and typed arrays included), for failure messages. */
export function show(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (typeof x === "bigint") return `${x}n`;
    if (typeof x === "number" && (Object.is(x, -0) || !Number.isFinite(x))) return String(Object.is(x, -0) ? "-0" : x);
    if (ArrayBuffer.isView(x)) return Array.from(x as unknown as ArrayLike<unknown>, (e) => (typeof e === "bigint" ? `${e}n` : e));
    if (x instanceof Map) return { map: [...x] };
    if (x instanceof Set) return { set: [...x] };
    return x;
  });
}

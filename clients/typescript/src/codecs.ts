import { decodeSegment, encodeSegment, PackDecodeError, PackEncodeError } from "./errors.js";
import {
  BIGINT128_BYTES,
  BIGINT_BYTES,
  COLLECTION_BYTES,
  DATETIME_BYTES,
  DATETIMEOFFSET_BYTES,
  DECIMAL_BYTES,
  GUID_BYTES,
  INTERPRETED_OBJECT_BYTES,
  MEMBER_BYTES,
  NUMBER_BYTES,
  OBJECT_BYTES,
  STRING_BYTES,
  TYPED_ARRAY_BYTES,
} from "./allocation-budget.js";
import { type DecodeOptions, NULL_OBJECT, PackReader } from "./reader.js";
import { type EncodeOptions, PackWriter } from "./writer.js";
import type { PackDateTime, PackDateTimeOffset, PackUnionCase } from "./values.js";
import { type KeyOf, readMap, readSet, writeMap, writeSet } from "./collections.js";
import { caseKey, componentsKey, dateTimeKey, dateTimeOffsetKey, decimalKey, guidKey } from "./keys.js";

/**
 * A codec for one declared type, built once and reused: `read`/`write` run per value and allocate nothing but the
 * value. Generated code does not need these (it calls {@link PackReader}/{@link PackWriter} directly); they serve
 * hand-written contracts and tools that know types only at run time (the conformance tests build theirs from the
 * golden vectors' type descriptions).
 */
export interface Codec<T> {
  /** Reads one value. */
  readonly read: (r: PackReader) => T;
  /** Writes one value. */
  readonly write: (w: PackWriter, v: T) => void;
  /** Minimum encoded length (§5: what a collection count is checked against). */
  readonly minLength: number;
  /** Encoded length when fixed (§7), otherwise −1. */
  readonly fixedLength: number;
  /** The value of an absent member with no declared default: the type's zero value, `null` for references. */
  readonly zero: () => T;
  /**
   * What {@link zero} allocates, in the allocation budget's estimates (allocation-budget.ts): charged to the decode when
   * an absent member gets its zero value. Omitted: nothing (null, numbers, strings and bigints the engine shares).
   */
  readonly zeroBytes?: number;
  /**
   * What every {@link read} charges the allocation budget when the type alone fixes it (a float's heap number, a bigint,
   * a `char`, `decimal` or `Guid` string, a `DateTime` or `DateTimeOffset`; allocation-budget.ts): an {@link object},
   * {@link fixedStruct} or {@link array} charges it for all such members or elements at once and reads them with
   * {@link readPrepaid}. Omitted: the codec charges what it makes as it reads (or nothing).
   */
  readonly valueBytes?: number;
  /** {@link read} without the charge of {@link valueBytes} (which the caller paid); present with it. */
  readonly readPrepaid?: (r: PackReader) => T;
  /**
   * The equality of §5.1 as a primitive key (`Map`/`Set` compare primitives with SameValueZero), for dictionary keys
   * and set elements; absent when the value itself already compares correctly (integers, floats, strings, booleans).
   */
  readonly key?: (v: T) => unknown;
}

/** Decodes one payload: the value must take the bytes exactly. */
export function decode<T>(codec: Codec<T>, bytes: Uint8Array, options?: DecodeOptions): T {
  const r = new PackReader(bytes, options);
  try {
    const v = codec.read(r);
    r.finish();
    return v;
  } catch (e) {
    throw e instanceof PackDecodeError ? e : new PackDecodeError(`unexpected failure while decoding: ${String(e)}`, r.pos);
  }
}

/** Encodes one value as a payload. */
export function encode<T>(codec: Codec<T>, value: T, options?: EncodeOptions): Uint8Array {
  const w = new PackWriter(options);
  try {
    codec.write(w, value);
  } catch (e) {
    throw e instanceof PackEncodeError ? e : new PackEncodeError(`cannot write the value: ${String(e)}`);
  }
  return w.finish();
}

function prim<T>(read: (r: PackReader) => T, write: (w: PackWriter, v: T) => void, length: number, zero: T, key?: (v: T) => unknown): Codec<T> {
  const z = () => zero;
  return key === undefined
    ? { read, write, minLength: length, fixedLength: length, zero: z }
    : { read, write, minLength: length, fixedLength: length, zero: z, key };
}

/** A primitive whose every read charges `valueBytes` (allocation-budget.ts), with its read that does not. */
function prepaid<T>(codec: Codec<T>, valueBytes: number, readPrepaid: (r: PackReader) => T): Codec<T> {
  return { ...codec, valueBytes, readPrepaid };
}

export const bool: Codec<boolean> = prim((r) => r.bool(), (w, v) => w.bool(v), 1, false);
export const uint8: Codec<number> = prim((r) => r.u8(), (w, v) => w.u8(v), 1, 0);
export const int8: Codec<number> = prim((r) => r.i8(), (w, v) => w.i8(v), 1, 0);
export const int16: Codec<number> = prim((r) => r.i16(), (w, v) => w.i16(v), 2, 0);
export const uint16: Codec<number> = prim((r) => r.u16(), (w, v) => w.u16(v), 2, 0);
export const int32: Codec<number> = prim((r) => r.i32(), (w, v) => w.i32(v), 4, 0);
export const uint32: Codec<number> = prim((r) => r.u32(), (w, v) => w.u32(v), 4, 0);
export const int64: Codec<bigint> = prepaid(prim((r) => r.i64(), (w, v) => w.i64(v), 8, 0n), BIGINT_BYTES, (r) => r.i64Prepaid());
export const uint64: Codec<bigint> = prepaid(prim((r) => r.u64(), (w, v) => w.u64(v), 8, 0n), BIGINT_BYTES, (r) => r.u64Prepaid());
export const int128: Codec<bigint> = prepaid(prim((r) => r.i128(), (w, v) => w.i128(v), 16, 0n), BIGINT128_BYTES, (r) => r.i128Prepaid());
export const uint128: Codec<bigint> = prepaid(prim((r) => r.u128(), (w, v) => w.u128(v), 16, 0n), BIGINT128_BYTES, (r) => r.u128Prepaid());
export const char: Codec<string> = prepaid(prim((r) => r.char(), (w, v) => w.char(v), 2, "\0"), STRING_BYTES, (r) => r.charPrepaid());
export const half: Codec<number> = prepaid(prim((r) => r.f16(), (w, v) => w.f16(v), 2, 0), NUMBER_BYTES, (r) => r.f16Prepaid());
export const float32: Codec<number> = prepaid(prim((r) => r.f32(), (w, v) => w.f32(v), 4, 0), NUMBER_BYTES, (r) => r.f32Prepaid());
export const float64: Codec<number> = prepaid(prim((r) => r.f64(), (w, v) => w.f64(v), 8, 0), NUMBER_BYTES, (r) => r.f64Prepaid());
export const decimal: Codec<string> = prepaid(prim((r) => r.decimal(), (w, v) => w.decimal(v), 16, "0", decimalKey), DECIMAL_BYTES, (r) => r.decimalPrepaid());
export const guid: Codec<string> = prepaid(
  prim(
    (r) => r.guid(),
    (w, v) => w.guid(v),
    16,
    "00000000-0000-0000-0000-000000000000",
    guidKey,
  ),
  GUID_BYTES,
  (r) => r.guidPrepaid(),
);
export const dateTime: Codec<PackDateTime> = {
  read: (r) => r.dateTime(),
  write: (w, v) => w.dateTime(v),
  minLength: 8,
  fixedLength: 8,
  zero: () => ({ ticks: 0n, kind: "Unspecified" }),
  zeroBytes: OBJECT_BYTES + 2 * MEMBER_BYTES,
  valueBytes: DATETIME_BYTES,
  readPrepaid: (r) => r.dateTimePrepaid(),
  key: dateTimeKey,
};
export const dateTimeOffset: Codec<PackDateTimeOffset> = {
  read: (r) => r.dateTimeOffset(),
  write: (w, v) => w.dateTimeOffset(v),
  minLength: 10,
  fixedLength: 10,
  zero: () => ({ ticks: 0n, offsetMinutes: 0 }),
  zeroBytes: OBJECT_BYTES + 2 * MEMBER_BYTES,
  valueBytes: DATETIMEOFFSET_BYTES,
  readPrepaid: (r) => r.dateTimeOffsetPrepaid(),
  key: dateTimeOffsetKey,
};
export const timeSpan: Codec<bigint> = prepaid(prim((r) => r.timeSpan(), (w, v) => w.timeSpan(v), 8, 0n), BIGINT_BYTES, (r) => r.timeSpanPrepaid());
export const dateOnly: Codec<number> = prim((r) => r.dateOnly(), (w, v) => w.dateOnly(v), 4, 0);
export const timeOnly: Codec<bigint> = prepaid(prim((r) => r.timeOnly(), (w, v) => w.timeOnly(v), 8, 0n), BIGINT_BYTES, (r) => r.timeOnlyPrepaid());
export const string: Codec<string | null> = {
  read: (r) => r.string(),
  write: (w, v) => w.string(v),
  minLength: 4,
  fixedLength: -1,
  zero: () => null,
};

/** `Nullable<T>`: a presence byte, then the value. */
export function nullable<T>(inner: Codec<T>): Codec<T | null> {
  const key = inner.key;
  const codec: Codec<T | null> = {
    read: (r) => (r.bool() ? inner.read(r) : null),
    write: (w, v) => {
      if (v === null || v === undefined) {
        w.bool(false);
      } else {
        w.bool(true);
        inner.write(w, v);
      }
    },
    minLength: 1,
    fixedLength: -1,
    zero: () => null,
  };
  return key === undefined ? codec : { ...codec, key: (v) => (v === null ? null : key(v)) };
}

/** Options of a sequence codec. */
export interface SequenceOptions {
  /** `Memory<T>`/`ReadOnlyMemory<T>`: never null; −1 reads as empty and null writes as count 0. */
  neverNull?: boolean;
}

/** A sequence (`T[]`, `List<T>`, `IEnumerable<T>`, `ImmutableArray<T>` …) as a JavaScript array. */
export function array<T>(element: Codec<T>, options?: SequenceOptions): Codec<T[] | null> {
  const neverNull = options?.neverNull === true;
  // Elements whose estimate the type fixes are charged all at once, after the count (allocation-budget.ts)
  const valueBytes = element.readPrepaid === undefined ? 0 : (element.valueBytes ?? 0);
  const readElement = valueBytes > 0 ? element.readPrepaid! : element.read;
  return {
    read: (r) => {
      const count = r.beginCollection(element.minLength);
      if (count < 0) {
        return neverNull ? [] : null;
      }
      if (valueBytes > 0) {
        r.charge(valueBytes * count);
      }
      const out = new Array<T>(count);
      let i = 0;
      try {
        for (; i < count; i++) {
          out[i] = readElement(r);
        }
      } catch (e) {
        throw decodeSegment(e, i, r.pos);
      }
      r.endCollection();
      return out;
    },
    write: (w, v) => {
      if (v === null || v === undefined) {
        if (neverNull) {
          w.beginCollection(0);
          w.endCollection();
        } else {
          w.nullHeader();
        }
        return;
      }
      const n = v.length;
      w.beginCollection(n);
      let i = 0;
      try {
        for (; i < n; i++) {
          element.write(w, v[i]!);
        }
      } catch (e) {
        throw encodeSegment(e, i);
      }
      w.endCollection();
    },
    minLength: 4,
    fixedLength: -1,
    zero: () => (neverNull ? [] : null),
    zeroBytes: neverNull ? COLLECTION_BYTES : 0,
  };
}

/** A typed-array constructor for a fixed-width numeric element. */
export interface NumericArrayType<A> {
  new (buffer: ArrayBuffer): A;
  new (length: number): A;
  readonly BYTES_PER_ELEMENT: number;
}

type NumericArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array | BigInt64Array | BigUint64Array;

/**
 * A sequence of a fixed-width numeric type as a typed array, read with one copy (`Int32Array` for `int[]`,
 * `Float64Array` for `List<double>` …). Writing takes the typed array's bytes with one copy too, or checks and writes
 * the elements of any other array-like.
 */
export function numericArray<A extends NumericArray, E extends number | bigint>(
  type: NumericArrayType<A>,
  element: Codec<E>,
  options?: SequenceOptions,
): Codec<A | null> {
  const width = type.BYTES_PER_ELEMENT;
  const neverNull = options?.neverNull === true;
  return {
    read: (r) => {
      const count = r.beginCollection(width);
      if (count < 0) {
        if (!neverNull) {
          return null;
        }
        r.chargeTypedArray(count, width);
        return new type(0);
      }
      r.endCollection();
      r.chargeTypedArray(count, width);
      if (PackReader.littleEndianHost) {
        return new type(r.blockCopy(count, width));
      }
      const out = new type(count) as unknown as E[];
      for (let i = 0; i < count; i++) {
        out[i] = element.read(r);
      }
      return out as unknown as A;
    },
    write: (w, v) => {
      if (v === null || v === undefined) {
        if (neverNull) {
          w.beginCollection(0);
          w.endCollection();
        } else {
          w.nullHeader();
        }
        return;
      }
      const n = v.length;
      w.beginCollection(n);
      w.endCollection();
      if (v instanceof type && PackReader.littleEndianHost) {
        w.bytes(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
        return;
      }
      const items = v as unknown as ArrayLike<E>;
      let i = 0;
      try {
        for (; i < n; i++) {
          element.write(w, items[i]!);
        }
      } catch (e) {
        throw encodeSegment(e, i);
      }
    },
    minLength: 4,
    fixedLength: -1,
    zero: () => (neverNull ? new type(0) : null),
    zeroBytes: neverNull ? TYPED_ARRAY_BYTES : 0,
  };
}

/**
 * `Dictionary<K, V>` as a `Map` in wire order; null keys and repeated keys (§5.1) are rejected both ways. A zero float
 * key is +0 both ways, as §5.1 (zero keys) requires and as `Map` itself keeps it.
 */
export function dictionary<K, V>(key: Codec<K>, value: Codec<V>): Codec<Map<K, V> | null> {
  const keyOf = key.key as KeyOf<K>;
  const minLength = key.minLength + value.minLength;
  return {
    read: (r) => readMap(r, minLength, key.read, value.read, keyOf),
    write: (w, v) => writeMap(w, v, key.write, value.write, keyOf),
    minLength: 4,
    fixedLength: -1,
    zero: () => null,
  };
}

/**
 * `HashSet<T>` as a `Set` in wire order; repeated elements (§5.1) are rejected, one null element is allowed. A zero float
 * element is +0 both ways (§5.1, zero keys), as `Set` itself keeps it.
 */
export function set<T>(element: Codec<T>): Codec<Set<T> | null> {
  const keyOf = element.key as KeyOf<T>;
  return {
    read: (r) => readSet(r, element.minLength, element.read, keyOf),
    write: (w, v) => writeSet(w, v, element.write, keyOf),
    minLength: 4,
    fixedLength: -1,
    zero: () => null,
  };
}

/** One member of an object or fixed struct, in wire order. */
export interface MemberCodec {
  /** The member's name (the property of the JavaScript object). */
  readonly name: string;
  /** Its codec. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly codec: Codec<any>;
  /** The value an absent member gets (§11), when it is not the type's zero value. */
  readonly absent?: () => unknown;
}

/** Options of {@link object}. */
export interface ObjectOptions {
  /** A class (may be null; default) or a struct with a header (never null). */
  nullable?: boolean;
}

function memberKey(members: readonly MemberCodec[]): (v: Record<string, unknown>) => string {
  const names = members.map((m) => m.name);
  const keys = members.map((m) => m.codec.key);
  return (v) => componentsKey(v, names, keys);
}

/**
 * An object (§6): a class, record, non-fixed struct, tuple or `KeyValuePair`, as a plain JavaScript object with one
 * property per member. Appended members of a newer writer are skipped; members an older writer did not send get
 * their `absent` value or their type's zero value.
 */
export function object<T extends object>(members: readonly MemberCodec[], options?: ObjectOptions): Codec<T | null> {
  const nullable = options?.nullable !== false;
  const n = members.length;
  const define = definesMembers(members);
  const template = n > FAST_MEMBERS ? templateOf(members) : null;
  const prepaid = prepaidMembers(members);
  const reads = prepaid.reads;
  const charge = INTERPRETED_OBJECT_BYTES + prepaid.bytes;
  const read = (r: PackReader): T | null => {
    const t = r.beginObject(nullable);
    if (t === NULL_OBJECT) {
      return null;
    }
    r.charge(charge);
    const v: Record<string, unknown> = template === null ? {} : { ...template };
    let i = 0;
    try {
      for (; i < n; i++) {
        const m = members[i]!;
        const x = r.has(t, i) ? reads[i]!(r) : absentValue(r, m, prepaid.each[i]!);
        if (define) {
          defineMember(v, m.name, x);
        } else {
          v[m.name] = x;
        }
      }
    } catch (e) {
      throw decodeSegment(e, members[i]!.name, r.pos);
    }
    r.endObject(t, n);
    return v as T;
  };
  const write = (w: PackWriter, v: T | null): void => {
    if (v === null || v === undefined) {
      if (!nullable) {
        w.fail("a struct cannot be null");
      }
      w.nullHeader();
      return;
    }
    const t = w.beginObject(n);
    let i = 0;
    try {
      for (; i < n; i++) {
        const m = members[i]!;
        m.codec.write(w, (v as Record<string, unknown>)[m.name]);
      }
    } catch (e) {
      throw encodeSegment(e, members[i]!.name);
    }
    w.endObject(t);
  };
  const zero = nullable ? () => null : () => zeroObject<T>(members, template, define);
  const zeroBytes = nullable ? () => 0 : zeroObjectBytes(members);
  const mk = memberKey(members);
  return {
    read,
    write,
    minLength: 4,
    fixedLength: -1,
    zero,
    get zeroBytes() {
      return zeroBytes();
    },
    key: (v) => (v === null ? null : mk(v as Record<string, unknown>)),
  };
}

/**
 * An absent member's value: its `absent` value, or its zero value, charged first (a struct's zero value is an object with
 * every member, and theirs, so an empty body of a contract with struct members would otherwise make far more than the
 * budget counts). A member whose read the object prepaid (`prepaid` bytes) is given them back.
 */
function absentValue(r: PackReader, m: MemberCodec, prepaid: number): unknown {
  if (prepaid > 0) {
    r.charge(-prepaid);
  }
  if (m.absent !== undefined) {
    return m.absent();
  }
  const bytes = m.codec.zeroBytes;
  if (bytes !== undefined && bytes > 0) {
    r.charge(bytes);
  }
  return m.codec.zero();
}

/** The members' reads, with what an object charges for them at once: see {@link Codec.valueBytes}. */
interface PrepaidMembers {
  /** Each member's read: its `readPrepaid` when it has a fixed estimate, else its `read`. */
  readonly reads: readonly ((r: PackReader) => unknown)[];
  /** Each member's prepaid estimate (0: charged by its read). */
  readonly each: readonly number[];
  /** Their sum. */
  readonly bytes: number;
}

function prepaidMembers(members: readonly MemberCodec[]): PrepaidMembers {
  const reads: ((r: PackReader) => unknown)[] = [];
  const each: number[] = [];
  let bytes = 0;
  for (const m of members) {
    const c = m.codec;
    const b = c.readPrepaid === undefined ? 0 : (c.valueBytes ?? 0);
    reads.push(b > 0 ? c.readPrepaid! : c.read);
    each.push(b);
    bytes += b;
  }
  return { reads, each, bytes };
}

/**
 * What {@link zeroObject} allocates: the object as the interpreted codecs build it and each member's zero value;
 * worked out on first use (a member codec may be {@link lazy}, resolved only then) and kept.
 */
function zeroObjectBytes(members: readonly MemberCodec[]): () => number {
  let bytes = -1;
  return () => {
    if (bytes < 0) {
      let sum = OBJECT_BYTES + INTERPRETED_OBJECT_BYTES + MEMBER_BYTES * members.length;
      for (const m of members) {
        sum += m.codec.zeroBytes ?? 0;
      }
      bytes = sum;
    }
    return bytes;
  };
}

/**
 * Members an object grown one assignment at a time keeps in V8's fast mode; past about 18, V8 turns it into a
 * dictionary of about 64 bytes a member (3 KiB for 50 members), so a larger object is copied from a template instead
 * (about 8 bytes a member).
 */
const FAST_MEMBERS = 16;

/** An object with every member, in order, as own data properties (`__proto__` included), to copy with a spread. */
function templateOf(members: readonly MemberCodec[]): Record<string, unknown> {
  return Object.fromEntries(members.map((m) => [m.name, null]));
}

/** A struct's zero value, built as {@link object} builds a read one (so that it takes what {@link zeroObjectBytes} says). */
function zeroObject<T>(members: readonly MemberCodec[], template: Record<string, unknown> | null, define: boolean): T {
  const v: Record<string, unknown> = template === null ? {} : { ...template };
  for (const m of members) {
    if (define) {
      defineMember(v, m.name, m.codec.zero());
    } else {
      v[m.name] = m.codec.zero();
    }
  }
  return v as T;
}

/**
 * Whether a member must be defined rather than assigned: `v["__proto__"] = x` does not create a member but replaces
 * the object's prototype with `x` (bytes from the wire), so the decoded object would inherit whatever the payload
 * holds. Decided once per codec, so the common case keeps the plain assignment.
 */
function definesMembers(members: readonly MemberCodec[]): boolean {
  return members.some((m) => m.name === "__proto__");
}

/** Creates `name` as an own, enumerable, writable property, whatever the name (`__proto__` included). */
function defineMember(v: Record<string, unknown>, name: string, x: unknown): void {
  Object.defineProperty(v, name, { value: x, enumerable: true, writable: true, configurable: true });
}

/** A fixed struct (§7): its members back to back, no header, never null. Every member codec must be fixed. */
export function fixedStruct<T extends object>(members: readonly MemberCodec[]): Codec<T> {
  if (members.length === 0) {
    // §7: a struct without members is an object with an empty body, not a fixed struct. A codec of zero bytes would
    // also void the check of a collection's count against the remaining bytes (§5: count × 0 always fits).
    throw new TypeError("a fixed struct has at least one member");
  }
  const define = definesMembers(members);
  let length = 0;
  for (const m of members) {
    if (m.codec.fixedLength < 0) {
      throw new TypeError(`member ${m.name} is not fixed-width`);
    }
    length += m.codec.fixedLength;
  }
  const n = members.length;
  // the object and its members' fixed estimates, at once (allocation-budget.ts)
  const prepaid = prepaidMembers(members);
  const reads = prepaid.reads;
  const charge = OBJECT_BYTES + INTERPRETED_OBJECT_BYTES + MEMBER_BYTES * n + prepaid.bytes;
  const zeroBytes = zeroObjectBytes(members);
  const template = n > FAST_MEMBERS ? templateOf(members) : null;
  return {
    read: (r) => {
      r.charge(charge);
      const v: Record<string, unknown> = template === null ? {} : { ...template };
      let i = 0;
      try {
        for (; i < n; i++) {
          const m = members[i]!;
          if (define) {
            defineMember(v, m.name, reads[i]!(r));
          } else {
            v[m.name] = reads[i]!(r);
          }
        }
      } catch (e) {
        throw decodeSegment(e, members[i]!.name, r.pos);
      }
      return v as T;
    },
    write: (w, v) => {
      if (v === null || v === undefined) {
        w.fail("a struct cannot be null");
      }
      let i = 0;
      try {
        for (; i < n; i++) {
          const m = members[i]!;
          m.codec.write(w, (v as Record<string, unknown>)[m.name]);
        }
      } catch (e) {
        throw encodeSegment(e, members[i]!.name);
      }
    },
    minLength: length,
    fixedLength: length,
    zero: () => zeroObject<T>(members, template, define),
    get zeroBytes() {
      return zeroBytes();
    },
    key: memberKey(members) as unknown as (v: T) => unknown,
  };
}

/** One case of a union. */
export interface UnionCaseCodec {
  /** The tag, 0 … 65 534. */
  readonly tag: number;
  /** The case's name (its .NET type name), the discriminant of the TypeScript value. */
  readonly name: string;
  /** The case type's codec (an object codec, or a fixed struct's). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly codec: Codec<any>;
}

/** A union (§8) as `{ case, value }`, or null. Unknown tags and null case values are rejected. */
export function union<U extends PackUnionCase<string, unknown>>(cases: readonly UnionCaseCodec[]): Codec<U | null> {
  const byTag = new Map<number, UnionCaseCodec>();
  const byName = new Map<string, UnionCaseCodec>();
  for (const c of cases) {
    byTag.set(c.tag, c);
    byName.set(c.name, c);
  }
  return {
    read: (r) => {
      const at = r.pos;
      const tag = r.unionTag();
      if (tag < 0) {
        return null;
      }
      const c = byTag.get(tag);
      if (c === undefined) {
        return r.fail(`unknown union tag ${tag}`, at);
      }
      const valueAt = r.pos;
      let value: unknown;
      try {
        value = c.codec.read(r);
      } catch (e) {
        throw decodeSegment(e, c.name, r.pos);
      }
      if (value === null) {
        r.fail("a union case value cannot be null (null is the tag 0xFFFF)", valueAt);
      }
      return { case: c.name, value } as U;
    },
    write: (w, v) => {
      if (v === null || v === undefined) {
        w.unionTag(-1);
        return;
      }
      const c = byName.get(v.case);
      if (c === undefined) {
        return w.fail(`${String(v.case)} is not a case of the union`);
      }
      if (v.value === null || v.value === undefined) {
        w.fail("a union case value cannot be null");
      }
      w.unionTag(c.tag);
      try {
        c.codec.write(w, v.value);
      } catch (e) {
        throw encodeSegment(e, c.name);
      }
    },
    minLength: 2,
    fixedLength: -1,
    zero: () => null,
    key: (v) => (v === null ? null : caseKey(v, byName.get(v.case)?.codec.key)),
  };
}

/** Lazily resolved codec, for recursive types (`class Node { Node? Next; }`). */
export function lazy<T>(get: () => Codec<T>, minLength: number): Codec<T> {
  if (!Number.isInteger(minLength) || minLength < 1) {
    // Every Pack value takes at least one byte; a smaller minimum would void the check of a collection's count
    // against the remaining bytes (§5), letting a 5-byte payload ask for 2³¹ − 1 elements.
    throw new TypeError(`a codec's minimum length is an integer of at least 1, not ${minLength}`);
  }
  let c: Codec<T> | undefined;
  const resolve = () => (c ??= get());
  return {
    read: (r) => resolve().read(r),
    write: (w, v) => resolve().write(w, v),
    minLength,
    fixedLength: -1,
    zero: () => resolve().zero(),
    get zeroBytes() {
      return resolve().zeroBytes ?? 0;
    },
    key: (v) => {
      const k = resolve().key;
      return k === undefined ? v : k(v);
    },
  };
}

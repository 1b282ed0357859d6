import { PackEncodeError } from "./errors.js";
import { DEFAULT_MAX_DEPTH } from "./reader.js";
import type { DateTimeKind, PackDateTime, PackDateTimeOffset } from "./values.js";

/** Options of an encode. */
export interface EncodeOptions {
  /** Nesting limit (§9); default 64. */
  maxDepth?: number;
  /** Initial buffer size in bytes; default 256. */
  initialCapacity?: number;
}

const MAX_DATETIME_TICKS = 3_155_378_975_999_999_999n;
const TICKS_PER_MINUTE = 600_000_000n;
const TICKS_PER_DAY = 864_000_000_000n;
const SHORT_FORM_MAX_UTF16 = 21_845;
const JS_ENCODE_MAX_UNITS = 64;
const utf8Encoder = new TextEncoder();
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;
const GUID_TEXT = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const MAX_U96 = (1n << 96n) - 1n;
const KIND_BITS: Record<DateTimeKind, bigint> = { Unspecified: 0n, Utc: 1n << 62n, Local: 2n << 62n };

function isWellFormed(s: string): boolean {
  const f = (s as { isWellFormed?: () => boolean }).isWellFormed;
  return f !== undefined ? f.call(s) : !LONE_SURROGATE.test(s);
}

/**
 * Writes Pack values into a growable buffer. The top-level object gets the −2 header and its member count; nested
 * objects get a length, patched when the object ends ({@link beginObject}/{@link endObject}). Values that cannot be
 * written exactly (out of range, a lone surrogate, too deep) raise {@link PackEncodeError}.
 */
export class PackWriter {
  /** The buffer; valid up to {@link pos}. */
  buf: Uint8Array;
  /** A little-endian view over {@link buf}. */
  view: DataView;
  /** Bytes written. */
  pos = 0;
  /** Current nesting level. */
  depth = 0;
  /** Nesting limit. */
  readonly maxDepth: number;

  constructor(options?: EncodeOptions) {
    this.buf = new Uint8Array(options?.initialCapacity ?? 256);
    this.view = new DataView(this.buf.buffer);
    this.maxDepth = options?.maxDepth ?? DEFAULT_MAX_DEPTH;
  }

  /** The bytes written so far (a view over the writer's buffer). */
  finish(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    if (this.buf.length - this.pos < n) {
      this.grow(n);
    }
  }

  private grow(n: number): void {
    let size = this.buf.length * 2;
    while (size - this.pos < n) {
      size *= 2;
    }
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** Raises a {@link PackEncodeError}. */
  fail(reason: string): never {
    throw new PackEncodeError(reason);
  }

  /** A value the contract forbids to be null (a `!` position, docs/schema.md §6): null or undefined is an encode error. */
  notNull<T>(value: T | null | undefined): T {
    if (value === null || value === undefined) {
      this.fail("null where the contract does not allow it (a non-nullable reference in C#)");
    }
    return value;
  }

  // ---- primitives ---------------------------------------------------------------------------------------------

  bool(v: boolean): void {
    if (typeof v !== "boolean") {
      this.fail(`not a boolean: ${String(v)}`);
    }
    this.ensure(1);
    this.buf[this.pos++] = v ? 1 : 0;
  }

  u8(v: number): void {
    if ((v & 0xff) !== v) {
      this.range(v, "byte");
    }
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  i8(v: number): void {
    if ((v << 24) >> 24 !== v) {
      this.range(v, "sbyte");
    }
    this.ensure(1);
    this.buf[this.pos++] = v & 0xff;
  }

  i16(v: number): void {
    if ((v << 16) >> 16 !== v) {
      this.range(v, "short");
    }
    this.ensure(2);
    this.view.setInt16(this.pos, v, true);
    this.pos += 2;
  }

  u16(v: number): void {
    if ((v & 0xffff) !== v) {
      this.range(v, "ushort");
    }
    this.ensure(2);
    this.view.setUint16(this.pos, v, true);
    this.pos += 2;
  }

  /** `char`: a one-character string (one UTF-16 code unit, a lone surrogate included). */
  char(v: string): void {
    if (typeof v !== "string" || v.length !== 1) {
      this.fail(`a char must be a string of one UTF-16 code unit, got ${JSON.stringify(v)}`);
    }
    this.ensure(2);
    this.view.setUint16(this.pos, v.charCodeAt(0), true);
    this.pos += 2;
  }

  i32(v: number): void {
    if ((v | 0) !== v) {
      this.range(v, "int");
    }
    this.ensure(4);
    this.view.setInt32(this.pos, v, true);
    this.pos += 4;
  }

  u32(v: number): void {
    if (v >>> 0 !== v) {
      this.range(v, "uint");
    }
    this.ensure(4);
    this.view.setUint32(this.pos, v, true);
    this.pos += 4;
  }

  i64(v: bigint): void {
    if (typeof v !== "bigint" || BigInt.asIntN(64, v) !== v) {
      this.range(v, "long");
    }
    this.ensure(8);
    this.view.setBigInt64(this.pos, v, true);
    this.pos += 8;
  }

  u64(v: bigint): void {
    if (typeof v !== "bigint" || BigInt.asUintN(64, v) !== v) {
      this.range(v, "ulong");
    }
    this.ensure(8);
    this.view.setBigUint64(this.pos, v, true);
    this.pos += 8;
  }

  i128(v: bigint): void {
    if (typeof v !== "bigint" || BigInt.asIntN(128, v) !== v) {
      this.range(v, "Int128");
    }
    this.write128(v);
  }

  u128(v: bigint): void {
    if (typeof v !== "bigint" || BigInt.asUintN(128, v) !== v) {
      this.range(v, "UInt128");
    }
    this.write128(v);
  }

  private write128(v: bigint): void {
    this.ensure(16);
    this.view.setBigUint64(this.pos, BigInt.asUintN(64, v), true);
    this.view.setBigUint64(this.pos + 8, BigInt.asUintN(64, v >> 64n), true);
    this.pos += 16;
  }

  /** `Half`: the number rounded to binary16 (nearest, ties to even); NaN is written as .NET's `Half.NaN`. */
  f16(v: number): void {
    this.number(v);
    this.ensure(2);
    this.view.setUint16(this.pos, numberToHalf(v), true);
    this.pos += 2;
  }

  /** `float`: the number rounded to binary32; NaN is written as .NET's `float.NaN` (0xFFC00000). */
  f32(v: number): void {
    this.number(v);
    this.ensure(4);
    if (v !== v) {
      this.view.setUint32(this.pos, 0xffc00000, true);
    } else {
      this.view.setFloat32(this.pos, v, true);
    }
    this.pos += 4;
  }

  /** `double`; NaN is written as .NET's `double.NaN` (0xFFF8000000000000). */
  f64(v: number): void {
    this.number(v);
    this.ensure(8);
    if (v !== v) {
      this.view.setUint32(this.pos, 0, true);
      this.view.setUint32(this.pos + 4, 0xfff80000, true);
    } else {
      this.view.setFloat64(this.pos, v, true);
    }
    this.pos += 8;
  }

  private number(v: number): void {
    if (typeof v !== "number") {
      this.fail(`not a number: ${String(v)}`);
    }
  }

  /** `decimal` from its exact decimal text (`"-123.4567"`): the scale is the number of fraction digits. */
  decimal(v: string): void {
    const m = typeof v === "string" ? DECIMAL_TEXT.exec(v) : null;
    if (m === null) {
      this.fail(`not a decimal string: ${JSON.stringify(v)}`);
    }
    const frac = m[3] ?? "";
    const scale = frac.length;
    if (scale > 28) {
      this.fail(`decimal ${v} has more than 28 fraction digits`);
    }
    const digits = m[2]! + frac;
    let lo: number;
    let mid: number;
    let hi: number;
    if (digits.length <= 15) {
      const n = Number(digits);
      lo = n >>> 0;
      mid = Math.floor(n / 4294967296);
      hi = 0;
    } else {
      const big = BigInt(digits);
      if (big > MAX_U96) {
        this.fail(`decimal ${v} does not fit 96 bits`);
      }
      lo = Number(big & 0xffffffffn);
      mid = Number((big >> 32n) & 0xffffffffn);
      hi = Number(big >> 64n);
    }
    this.ensure(16);
    const w = this.view;
    w.setUint32(this.pos, lo, true);
    w.setUint32(this.pos + 4, mid, true);
    w.setUint32(this.pos + 8, hi, true);
    w.setUint32(this.pos + 12, ((m[1] === "-" ? 0x80000000 : 0) | (scale << 16)) >>> 0, true);
    this.pos += 16;
  }

  /** `Guid` from its canonical text form (either case). */
  guid(v: string): void {
    if (typeof v !== "string" || !GUID_TEXT.test(v)) {
      this.fail(`not a Guid: ${JSON.stringify(v)}`);
    }
    this.ensure(16);
    const b = this.buf;
    const p = this.pos;
    const order = [3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15];
    const hex = v.replace(/-/g, "");
    for (let i = 0; i < 16; i++) {
      b[p + order[i]!] = parseInt(hex.substr(i * 2, 2), 16);
    }
    this.pos += 16;
  }

  dateTime(v: PackDateTime): void {
    const kind = KIND_BITS[v.kind];
    if (kind === undefined) {
      this.fail(`invalid DateTime kind ${String(v.kind)}`);
    }
    if (typeof v.ticks !== "bigint" || v.ticks < 0n || v.ticks > MAX_DATETIME_TICKS) {
      this.fail(`DateTime ticks ${String(v.ticks)} out of range`);
    }
    this.u64(v.ticks | kind);
  }

  dateTimeOffset(v: PackDateTimeOffset): void {
    const { ticks, offsetMinutes } = v;
    if (typeof ticks !== "bigint" || ticks < 0n || ticks > MAX_DATETIME_TICKS) {
      this.fail(`DateTimeOffset ticks ${String(ticks)} out of range`);
    }
    if (!Number.isInteger(offsetMinutes) || offsetMinutes < -840 || offsetMinutes > 840) {
      this.fail(`DateTimeOffset offset ${offsetMinutes} outside -840..840 minutes`);
    }
    const utc = ticks - BigInt(offsetMinutes) * TICKS_PER_MINUTE;
    if (utc < 0n || utc > MAX_DATETIME_TICKS) {
      this.fail("DateTimeOffset's UTC instant is out of range");
    }
    this.ensure(10);
    this.view.setBigInt64(this.pos, ticks, true);
    this.view.setInt16(this.pos + 8, offsetMinutes, true);
    this.pos += 10;
  }

  timeSpan(v: bigint): void {
    this.i64(v);
  }

  dateOnly(v: number): void {
    if (!Number.isInteger(v) || v < 0 || v > 3_652_058) {
      this.fail(`DateOnly day number ${v} out of range`);
    }
    this.i32(v);
  }

  timeOnly(v: bigint): void {
    if (typeof v !== "bigint" || v < 0n || v >= TICKS_PER_DAY) {
      this.fail(`TimeOnly ticks ${String(v)} outside one day`);
    }
    this.i64(v);
  }

  private range(v: unknown, type: string): never {
    this.fail(`${String(v)} is not a valid ${type}`);
  }

  // ---- strings ------------------------------------------------------------------------------------------------

  /** A string (§4); `null` (or `undefined`) is the null header. A lone surrogate cannot be written. */
  string(s: string | null | undefined): void {
    if (s == null) {
      this.ensure(4);
      this.view.setInt32(this.pos, -1, true);
      this.pos += 4;
      return;
    }
    if (typeof s !== "string") {
      this.fail(`not a string: ${String(s)}`);
    }
    const n = s.length;
    if (n === 0) {
      this.ensure(4);
      this.view.setInt32(this.pos, 0, true);
      this.pos += 4;
      return;
    }
    if (n <= JS_ENCODE_MAX_UNITS) {
      this.ensure(4 + 3 * n);
      const start = this.pos + 4;
      const u8 = this.utf8Short(s, start) - start;
      this.view.setUint32(this.pos, (n | (u8 << 15)) >>> 0, true);
      this.pos = start + u8;
      return;
    }
    if (!isWellFormed(s)) {
      this.fail("a string holding a lone surrogate cannot be written (it has no UTF-8 form)");
    }
    if (n <= SHORT_FORM_MAX_UTF16) {
      this.ensure(4 + 3 * n);
      const start = this.pos + 4;
      const u8 = utf8Encoder.encodeInto(s, this.buf.subarray(start)).written;
      this.view.setUint32(this.pos, (n | (u8 << 15)) >>> 0, true);
      this.pos = start + u8;
      return;
    }
    this.ensure(8 + 3 * n);
    const start = this.pos + 8;
    const u8 = utf8Encoder.encodeInto(s, this.buf.subarray(start)).written;
    if (u8 > 0x7ffffffe) {
      this.fail("a string above 2^31 - 2 UTF-8 bytes cannot be written");
    }
    this.view.setUint32(this.pos, (0x80000000 | u8) >>> 0, true);
    this.view.setInt32(this.pos + 4, n, true);
    this.pos = start + u8;
  }

  /** UTF-8 of a short string, in JavaScript; returns the end offset. */
  private utf8Short(s: string, p: number): number {
    const b = this.buf;
    const n = s.length;
    for (let i = 0; i < n; i++) {
      let c = s.charCodeAt(i);
      if (c < 0x80) {
        b[p++] = c;
      } else if (c < 0x800) {
        b[p++] = 0xc0 | (c >> 6);
        b[p++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        b[p++] = 0xe0 | (c >> 12);
        b[p++] = 0x80 | ((c >> 6) & 0x3f);
        b[p++] = 0x80 | (c & 0x3f);
      } else {
        const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) {
          this.fail("a string holding a lone surrogate cannot be written (it has no UTF-8 form)");
        }
        i++;
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        b[p++] = 0xf0 | (c >> 18);
        b[p++] = 0x80 | ((c >> 12) & 0x3f);
        b[p++] = 0x80 | ((c >> 6) & 0x3f);
        b[p++] = 0x80 | (c & 0x3f);
      }
    }
    return p;
  }

  // ---- collections and objects --------------------------------------------------------------------------------

  /** The null collection (count −1) or null object (header −1). */
  nullHeader(): void {
    this.ensure(4);
    this.view.setInt32(this.pos, -1, true);
    this.pos += 4;
  }

  /** A collection's count; enters one nesting level. Pair with {@link endCollection}. */
  beginCollection(count: number): void {
    if (++this.depth > this.maxDepth) {
      this.fail(`nesting deeper than MaxDepth ${this.maxDepth} (a reference cycle?)`);
    }
    this.i32(count);
  }

  endCollection(): void {
    this.depth--;
  }

  /** Raw bytes (one copy), for fixed-width numeric arrays whose typed-array memory already is the wire form. */
  bytes(src: Uint8Array): void {
    this.ensure(src.length);
    this.buf.set(src, this.pos);
    this.pos += src.length;
  }

  /**
   * Opens an object with `count` members: at level 0 the top-level header (−2 and the count), deeper a length
   * placeholder. Returns the token for {@link endObject}.
   */
  beginObject(count: number): number {
    const top = this.depth === 0;
    if (++this.depth > this.maxDepth) {
      this.fail(`nesting deeper than MaxDepth ${this.maxDepth} (a reference cycle?)`);
    }
    if (top) {
      this.ensure(6);
      this.view.setInt32(this.pos, -2, true);
      this.view.setUint16(this.pos + 4, count, true);
      this.pos += 6;
      return -1;
    }
    this.ensure(4);
    this.pos += 4;
    return this.pos;
  }

  /** Closes an object: patches a nested object's length. */
  endObject(token: number): void {
    this.depth--;
    if (token >= 0) {
      const length = this.pos - token;
      if (length > 0x7fffffff) {
        this.fail("an object body above 2^31 - 1 bytes cannot be written");
      }
      this.view.setInt32(token - 4, length, true);
    }
  }

  /** A union tag; −1 writes the null tag 0xFFFF. */
  unionTag(tag: number): void {
    this.u16(tag < 0 ? 0xffff : tag);
  }
}

/** A number as binary16 bits: round to nearest, ties to even; NaN becomes .NET's `Half.NaN` (0xFE00). */
export function numberToHalf(v: number): number {
  if (v !== v) {
    return 0xfe00;
  }
  const sign = v < 0 || Object.is(v, -0) ? 0x8000 : 0;
  const a = Math.abs(v);
  if (a >= 65520) {
    return sign | 0x7c00;
  }
  if (a < 2 ** -14) {
    return sign | roundHalfEven(a * 2 ** 24);
  }
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) {
    e--;
  } else if (2 ** (e + 1) <= a) {
    e++;
  }
  let m = roundHalfEven((a / 2 ** e) * 1024 - 1024);
  if (m === 1024) {
    m = 0;
    e++;
  }
  if (e + 15 >= 31) {
    return sign | 0x7c00;
  }
  return sign | ((e + 15) << 10) | m;
}

function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  return d > 0.5 ? f + 1 : d < 0.5 ? f : f + (f & 1);
}

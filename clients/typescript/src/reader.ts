import { PackDecodeError } from "./errors.js";
import {
  ALLOCATION_ALLOWANCE,
  AllocationBudget,
  BIGINT128_BYTES,
  BIGINT_BYTES,
  checkRatio,
  COLLECTION_BYTES,
  DATETIME_BYTES,
  DATETIMEOFFSET_BYTES,
  DECIMAL_BYTES,
  DEFAULT_MAX_ALLOCATION_RATIO,
  ELEMENT_BYTES,
  GUID_BYTES,
  HASH_ENTRY_BYTES,
  MEMBER_BYTES,
  NUMBER_BYTES,
  OBJECT_BYTES,
  overBudgetReason,
  STRING_BYTES,
  TYPED_ARRAY_BYTES,
  UNION_BYTES,
} from "./allocation-budget.js";
import { EXACT_COUNT_ABOVE, HASH_FLOODING, HASH_STEPS_BASE, HASH_STEPS_PER_BYTE, HashFloodGuard } from "./hash-flooding.js";
import type { DateTimeKind, PackDateTime, PackDateTimeOffset } from "./values.js";

/** Options of a decode. */
export interface DecodeOptions {
  /** Nesting limit (docs/wire-format.md §9); default 64, as .NET's `MaxDepth`. */
  maxDepth?: number;
  /**
   * The allocation budget (docs/robustness.md): the decode may allocate an estimated `maxAllocationRatio` × the input
   * length + 256 KiB, and a payload that would take more is rejected with a {@link PackDecodeError} naming the budget.
   * Default 16, as .NET's `MaxAllocationRatio`; 0 turns the budget off (trusted input only).
   */
  maxAllocationRatio?: number;
  /**
   * A budget shared with other decodes (the items of one stream, which {@link readPackStream} passes): used instead of
   * a fresh one, and `maxAllocationRatio` is then the budget's own.
   */
  allocationBudget?: AllocationBudget;
}

/** The default `MaxDepth`. */
export const DEFAULT_MAX_DEPTH = 64;

/** Returned by {@link PackReader.beginObject} for a null object (header −1). */
export const NULL_OBJECT = -0x7fffffff;

const MAX_DATETIME_TICKS = 3_155_378_975_999_999_999n;
const TICKS_62_MASK = (1n << 62n) - 1n;
const TICKS_PER_MINUTE = 600_000_000n;
const MAX_DAY_NUMBER = 3_652_058;
const TICKS_PER_DAY = 864_000_000_000n;
const KINDS: readonly DateTimeKind[] = ["Unspecified", "Utc", "Local"];
const HEX: string[] = [];
for (let i = 0; i < 256; i++) {
  HEX.push(i.toString(16).padStart(2, "0"));
}
/** Character codes of the lowercase hex digits. */
const HEX_CODES = new Uint8Array([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102]);
/** Strings of at most this many UTF-8 bytes are decoded in JavaScript; longer ones by `TextDecoder`. */
const JS_DECODE_MAX_BYTES = 64;
const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const units = new Uint16Array(JS_DECODE_MAX_BYTES);
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Reads Pack values from a `Uint8Array` (any view: its `byteOffset` is respected). One reader decodes one payload;
 * it checks every length and count against the bytes that remain before allocating, counts nesting against
 * `maxDepth`, and raises {@link PackDecodeError} (with the offset) for anything the specification says to reject.
 *
 * Objects: {@link beginObject} returns a token (the enclosing body's end for a nested object, the member count for
 * the top-level one), {@link has} says whether member `i` is present, {@link endObject} skips appended members and
 * checks the top-level object's end. Generated decoders and the {@link Codec} combinators both go through these, so
 * the framing rules live here once.
 */
export class PackReader {
  /** The payload. */
  readonly bytes: Uint8Array;
  /** A little-endian view over the same bytes. */
  readonly view: DataView;
  /** Offset of the next byte to read, relative to `bytes`. */
  pos = 0;
  /** End of the current object body (or of the payload): reads never pass it. */
  limit: number;
  /** Current nesting level (§9). */
  depth = 0;
  /** Nesting limit. */
  readonly maxDepth: number;
  /** Hash-table steps this decode's `Map` and `Set` keys may still take (hash-flooding.ts). */
  private hashSteps: number;
  /** Bytes this decode may still allocate (allocation-budget.ts); `Infinity` when the budget is off. */
  private allocationLeft: number;
  /** The ratio, for the error's reason. */
  private readonly allocationRatio: number;
  /** The budget shared with other decodes, given back what is left by {@link finish}. */
  private readonly sharedBudget: AllocationBudget | undefined;

  constructor(bytes: Uint8Array, options?: DecodeOptions) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.limit = bytes.byteLength;
    this.maxDepth = options?.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.hashSteps = HASH_STEPS_PER_BYTE * bytes.byteLength + HASH_STEPS_BASE;
    const shared = options?.allocationBudget;
    this.sharedBudget = shared;
    if (shared !== undefined) {
      this.allocationRatio = shared.ratio;
      this.allocationLeft = shared.grant(bytes.byteLength);
    } else {
      const ratio = options?.maxAllocationRatio ?? DEFAULT_MAX_ALLOCATION_RATIO;
      checkRatio(ratio);
      this.allocationRatio = ratio;
      this.allocationLeft = ratio === 0 ? Infinity : ratio * bytes.byteLength + ALLOCATION_ALLOWANCE;
    }
  }

  /**
   * Charges `bytes` (the estimated size of a value about to be created, allocation-budget.ts) to this decode's
   * allocation budget; past it, the decode fails here. Called by the reader itself for objects, collections, strings
   * and bigints, and by the runtime's typed-array and object paths for what only they know.
   */
  charge(bytes: number): void {
    if ((this.allocationLeft -= bytes) < 0) {
      this.overBudget();
    }
  }

  /**
   * Charges an object of `members` members (allocation-budget.ts): {@link endObject} does for an object with a header;
   * a generated fixed struct's reader, which has none, calls this.
   */
  chargeObject(members: number): void {
    this.charge(OBJECT_BYTES + MEMBER_BYTES * members);
  }

  /**
   * Charges a typed array of `count` elements of `width` bytes (allocation-budget.ts), read where
   * {@link beginCollection} returned `count` and charged an array of that many slots: the difference. A count of −1
   * (null on the wire, read as a never-null list's empty array) is charged the whole empty typed array.
   */
  chargeTypedArray(count: number, width: number): void {
    this.charge(count < 0 ? TYPED_ARRAY_BYTES : TYPED_ARRAY_BYTES - COLLECTION_BYTES + (width - ELEMENT_BYTES) * count);
  }

  private overBudget(): never {
    this.fail(overBudgetReason(this.allocationRatio));
  }

  /**
   * Starts counting the hash-table work of a dictionary's or set's `count` keys (hash flooding, hash-flooding.ts): a
   * small collection is charged its worst case now and gets `null`; a larger one gets a guard for {@link hashKey}.
   */
  keyGuard(count: number): HashFloodGuard | null {
    this.charge(HASH_ENTRY_BYTES * count);
    if (count <= EXACT_COUNT_ABOVE) {
      this.hashSteps -= (count * (count - 1)) / 2;
      if (this.hashSteps < 0) {
        this.fail(HASH_FLOODING);
      }
      return null;
    }
    return new HashFloodGuard(count);
  }

  /** Charges the insertion of `key` (the value the `Map`/`Set` hashes), read at `at`, to this decode's budget. */
  hashKey(guard: HashFloodGuard, key: unknown, at: number): void {
    this.hashSteps -= guard.add(key);
    if (this.hashSteps < 0) {
      this.fail(HASH_FLOODING, at);
    }
  }

  /** Raises a {@link PackDecodeError} at `offset` (default: the current position). */
  fail(reason: string, offset: number = this.pos): never {
    throw new PackDecodeError(reason, offset);
  }

  /**
   * A value the contract forbids to be null (a `!` position, docs/schema.md §6), read from `at`: null is a decode
   * error at `at`. Called as `r.notNull(r.pos, readX(r))`, so `at` is where the value begins.
   */
  notNull<T>(at: number, value: T | null): T {
    if (value === null) {
      this.fail("null where the contract does not allow it (a non-nullable reference in C#)", at);
    }
    return value;
  }

  /** A member the payload lacks, without a default, whose contract does not allow null (docs/schema.md §6). */
  absent(): never {
    this.fail("the member is absent (an older writer), has no default and does not allow null");
  }

  /** Ensures `n` bytes remain before the current limit. */
  need(n: number): void {
    if (this.limit - this.pos < n) {
      this.truncated(n);
    }
  }

  private truncated(n: number): never {
    const remain = this.limit - this.pos;
    if (this.limit < this.bytes.byteLength) {
      this.fail(`a member overruns its object's body: ${n} bytes needed, ${remain} remain in the body`);
    }
    this.fail(`truncated: ${n} bytes needed, ${remain} remain`);
  }

  /** Checks that the payload was consumed exactly (§1). */
  finish(): void {
    if (this.pos !== this.bytes.byteLength) {
      this.fail(`${this.bytes.byteLength - this.pos} trailing bytes after the value`);
    }
    if (this.sharedBudget !== undefined) {
      this.sharedBudget.left = this.allocationLeft;
    }
  }

  // ---- primitives ---------------------------------------------------------------------------------------------

  bool(): boolean {
    this.need(1);
    const b = this.bytes[this.pos]!;
    if (b > 1) {
      this.fail(`invalid bool byte 0x${HEX[b]}`);
    }
    this.pos++;
    return b === 1;
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.pos++]!;
  }

  i8(): number {
    this.need(1);
    return this.view.getInt8(this.pos++);
  }

  i16(): number {
    this.need(2);
    const v = this.view.getInt16(this.pos, true);
    this.pos += 2;
    return v;
  }

  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return v;
  }

  /** `char`: one UTF-16 code unit as a one-character string (a lone surrogate is valid). */
  char(): string {
    const c = this.u16();
    this.charge(STRING_BYTES);
    return String.fromCharCode(c);
  }

  /**
   * {@link char} without its charge. The `…Prepaid` reads are for a value whose estimate is fixed by its type (a float's
   * heap number, a bigint, a `char`, `decimal` or `Guid` string, a `DateTime` object: allocation-budget.ts) and which
   * the enclosing object or array charged already, for all such members or elements at once.
   */
  charPrepaid(): string {
    return String.fromCharCode(this.u16());
  }

  i32(): number {
    this.need(4);
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  i64(): bigint {
    this.need(8);
    this.charge(BIGINT_BYTES);
    return this.i64Prepaid();
  }

  /** {@link i64} without its charge (prepaid, as {@link charPrepaid}). */
  i64Prepaid(): bigint {
    this.need(8);
    const v = this.view.getBigInt64(this.pos, true);
    this.pos += 8;
    return v;
  }

  u64(): bigint {
    this.need(8);
    this.charge(BIGINT_BYTES);
    return this.u64Prepaid();
  }

  /** {@link u64} without its charge (prepaid). */
  u64Prepaid(): bigint {
    this.need(8);
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    return v;
  }

  i128(): bigint {
    this.need(16);
    this.charge(BIGINT128_BYTES);
    return this.i128Prepaid();
  }

  /** {@link i128} without its charge (prepaid). */
  i128Prepaid(): bigint {
    this.need(16);
    const lo = this.view.getBigUint64(this.pos, true);
    const hi = this.view.getBigInt64(this.pos + 8, true);
    this.pos += 16;
    return (hi << 64n) | lo;
  }

  u128(): bigint {
    this.need(16);
    this.charge(BIGINT128_BYTES);
    return this.u128Prepaid();
  }

  /** {@link u128} without its charge (prepaid). */
  u128Prepaid(): bigint {
    this.need(16);
    const lo = this.view.getBigUint64(this.pos, true);
    const hi = this.view.getBigUint64(this.pos + 8, true);
    this.pos += 16;
    return (hi << 64n) | lo;
  }

  /** `Half` as a number (exact: every binary16 value is a double; a NaN's payload is not kept). */
  f16(): number {
    const h = this.u16();
    this.charge(NUMBER_BYTES);
    return halfToNumber(h);
  }

  /** {@link f16} without its charge (prepaid). */
  f16Prepaid(): number {
    return halfToNumber(this.u16());
  }

  f32(): number {
    this.need(4);
    this.charge(NUMBER_BYTES);
    return this.f32Prepaid();
  }

  /** {@link f32} without its charge (prepaid). */
  f32Prepaid(): number {
    this.need(4);
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }

  f64(): number {
    this.need(8);
    this.charge(NUMBER_BYTES);
    return this.f64Prepaid();
  }

  /** {@link f64} without its charge (prepaid). */
  f64Prepaid(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  /** `decimal` as its exact decimal string: sign, digits, and exactly `scale` fraction digits (`"1.50"`). */
  decimal(): string {
    return this.readDecimal(DECIMAL_BYTES);
  }

  /** {@link decimal} without its charge (prepaid). */
  decimalPrepaid(): string {
    return this.readDecimal(0);
  }

  private readDecimal(cost: number): string {
    this.need(16);
    const start = this.pos;
    const v = this.view;
    const lo = v.getUint32(start, true);
    const mid = v.getUint32(start + 4, true);
    const hi = v.getUint32(start + 8, true);
    const flags = v.getUint32(start + 12, true);
    if ((flags & 0x7f00ffff) !== 0) {
      this.fail(`invalid decimal: reserved flag bits set (flags 0x${flags.toString(16)})`, start + 12);
    }
    const scale = (flags >>> 16) & 0xff;
    if (scale > 28) {
      this.fail(`invalid decimal: scale ${scale} above 28`, start + 12);
    }
    this.pos += 16;
    let digits: string;
    if (hi === 0 && mid < 0x200000) {
      digits = String(mid * 4294967296 + lo);
    } else {
      digits = ((BigInt(hi) << 64n) | (BigInt(mid) << 32n) | BigInt(lo)).toString();
    }
    // At most 31 characters: a flat string (join copies; `+` would keep a string of 13 characters or more as a tree
    // of its pieces, about 176 bytes against 64)
    this.charge(cost);
    const sign = flags >>> 31 === 1 ? "-" : "";
    if (scale === 0) {
      return sign === "" ? digits : [sign, digits].join("");
    }
    if (digits.length <= scale) {
      digits = "0".repeat(scale - digits.length + 1) + digits;
    }
    return [sign, digits.slice(0, digits.length - scale), ".", digits.slice(digits.length - scale)].join("");
  }

  /**
   * `Guid` in its canonical lowercase text form, built by one `String.fromCharCode` call: a flat 36-character string
   * (56 bytes in V8). Concatenating the hex pairs made a tree of cons strings, about 480 bytes a Guid, 30 times the
   * 16 bytes on the wire, and took 10 times as long.
   */
  guid(): string {
    this.need(16);
    this.charge(GUID_BYTES);
    return this.guidPrepaid();
  }

  /** {@link guid} without its charge (prepaid). */
  guidPrepaid(): string {
    this.need(16);
    const b = this.bytes;
    const p = this.pos;
    this.pos += 16;
    const h = HEX_CODES;
    const b0 = b[p + 3]!, b1 = b[p + 2]!, b2 = b[p + 1]!, b3 = b[p]!, b4 = b[p + 5]!, b5 = b[p + 4]!, b6 = b[p + 7]!, b7 = b[p + 6]!;
    const b8 = b[p + 8]!, b9 = b[p + 9]!, b10 = b[p + 10]!, b11 = b[p + 11]!, b12 = b[p + 12]!, b13 = b[p + 13]!, b14 = b[p + 14]!, b15 = b[p + 15]!;
    return String.fromCharCode(
      h[b0 >>> 4]!, h[b0 & 15]!, h[b1 >>> 4]!, h[b1 & 15]!, h[b2 >>> 4]!, h[b2 & 15]!, h[b3 >>> 4]!, h[b3 & 15]!, 45,
      h[b4 >>> 4]!, h[b4 & 15]!, h[b5 >>> 4]!, h[b5 & 15]!, 45,
      h[b6 >>> 4]!, h[b6 & 15]!, h[b7 >>> 4]!, h[b7 & 15]!, 45,
      h[b8 >>> 4]!, h[b8 & 15]!, h[b9 >>> 4]!, h[b9 & 15]!, 45,
      h[b10 >>> 4]!, h[b10 & 15]!, h[b11 >>> 4]!, h[b11 & 15]!, h[b12 >>> 4]!, h[b12 & 15]!, h[b13 >>> 4]!, h[b13 & 15]!,
      h[b14 >>> 4]!, h[b14 & 15]!, h[b15 >>> 4]!, h[b15 & 15]!,
    );
  }

  dateTime(): PackDateTime {
    return this.readDateTime(DATETIME_BYTES);
  }

  /** {@link dateTime} without its charge (prepaid). */
  dateTimePrepaid(): PackDateTime {
    return this.readDateTime(0);
  }

  /** A DateTime, charged `cost` (its raw bigint, the ticks and the object) once it is checked. */
  private readDateTime(cost: number): PackDateTime {
    const start = this.pos;
    const raw = this.u64Prepaid();
    const kind = Number(raw >> 62n);
    const ticks = raw & TICKS_62_MASK;
    if (kind === 3) {
      this.fail("invalid DateTime: kind 3", start);
    }
    if (ticks > MAX_DATETIME_TICKS) {
      this.fail(`invalid DateTime: ticks ${ticks} above DateTime.MaxValue`, start);
    }
    this.charge(cost);
    return { ticks, kind: KINDS[kind]! };
  }

  dateTimeOffset(): PackDateTimeOffset {
    return this.readDateTimeOffset(DATETIMEOFFSET_BYTES);
  }

  /** {@link dateTimeOffset} without its charge (prepaid). */
  dateTimeOffsetPrepaid(): PackDateTimeOffset {
    return this.readDateTimeOffset(0);
  }

  private readDateTimeOffset(cost: number): PackDateTimeOffset {
    const start = this.pos;
    this.need(10);
    const ticks = this.view.getBigInt64(start, true);
    const offsetMinutes = this.view.getInt16(start + 8, true);
    if (ticks < 0n || ticks > MAX_DATETIME_TICKS) {
      this.fail(`invalid DateTimeOffset: clock ticks ${ticks} out of range`, start);
    }
    if (offsetMinutes < -840 || offsetMinutes > 840) {
      this.fail(`invalid DateTimeOffset: offset ${offsetMinutes} minutes outside -840..840`, start + 8);
    }
    const utc = ticks - BigInt(offsetMinutes) * TICKS_PER_MINUTE;
    if (utc < 0n || utc > MAX_DATETIME_TICKS) {
      this.fail("invalid DateTimeOffset: the UTC instant is out of range", start);
    }
    this.pos += 10;
    this.charge(cost);
    return { ticks, offsetMinutes };
  }

  /** `TimeSpan` ticks. */
  timeSpan(): bigint {
    return this.i64();
  }

  /** {@link timeSpan} without its charge (prepaid). */
  timeSpanPrepaid(): bigint {
    return this.i64Prepaid();
  }

  /** `DateOnly` day number. */
  dateOnly(): number {
    const start = this.pos;
    const n = this.i32();
    if (n < 0 || n > MAX_DAY_NUMBER) {
      this.fail(`invalid DateOnly: day number ${n} outside 0..${MAX_DAY_NUMBER}`, start);
    }
    return n;
  }

  /** `TimeOnly` ticks since midnight. */
  timeOnly(): bigint {
    this.need(8);
    this.charge(BIGINT_BYTES);
    return this.timeOnlyPrepaid();
  }

  /** {@link timeOnly} without its charge (prepaid). */
  timeOnlyPrepaid(): bigint {
    const start = this.pos;
    const t = this.i64Prepaid();
    if (t < 0n || t >= TICKS_PER_DAY) {
      this.fail(`invalid TimeOnly: ticks ${t} outside one day`, start);
    }
    return t;
  }

  // ---- strings ------------------------------------------------------------------------------------------------

  /** A string (§4), `null` for the null header. */
  string(): string | null {
    this.need(4);
    const start = this.pos;
    const h = this.view.getUint32(start, true);
    this.pos += 4;
    if (h === 0xffffffff) {
      return null;
    }
    if (h === 0) {
      return "";
    }
    let u16: number;
    let u8: number;
    if (h >= 0x80000000) {
      u8 = h & 0x7fffffff;
      this.need(4);
      u16 = this.view.getInt32(this.pos, true);
      this.pos += 4;
    } else {
      u16 = h & 0x7fff;
      u8 = h >>> 15;
    }
    if (!(u16 > 0 && u16 <= u8 && u8 <= 3 * u16)) {
      this.fail(`invalid string header: UTF-16 length ${u16} and UTF-8 length ${u8} are inconsistent`, start);
    }
    this.need(u8);
    this.charge(STRING_BYTES + 2 * u16);
    const p = this.pos;
    const s = u8 <= JS_DECODE_MAX_BYTES ? this.utf8Short(p, u8) : this.utf8Long(p, u8);
    if (s.length !== u16) {
      this.fail(`string's UTF-16 length is ${s.length}, the header says ${u16}`, start);
    }
    this.pos = p + u8;
    return s;
  }

  /** Strict UTF-8 (RFC 3629) decoding of a short run, in JavaScript (cheaper than a TextDecoder call). */
  private utf8Short(p: number, n: number): string {
    const b = this.bytes;
    const end = p + n;
    let count = 0;
    let i = p;
    while (i < end) {
      const b0 = b[i]!;
      if (b0 < 0x80) {
        units[count++] = b0;
        i++;
        continue;
      }
      let cp: number;
      if (b0 >= 0xc2 && b0 <= 0xdf) {
        const b1 = i + 1 < end ? b[i + 1]! : 0;
        if ((b1 & 0xc0) !== 0x80) {
          this.badUtf8(i);
        }
        cp = ((b0 & 0x1f) << 6) | (b1 & 0x3f);
        i += 2;
      } else if (b0 >= 0xe0 && b0 <= 0xef) {
        const b1 = i + 1 < end ? b[i + 1]! : 0;
        const b2 = i + 2 < end ? b[i + 2]! : 0;
        const lo = b0 === 0xe0 ? 0xa0 : 0x80;
        const hi = b0 === 0xed ? 0x9f : 0xbf;
        if (b1 < lo || b1 > hi || (b2 & 0xc0) !== 0x80) {
          this.badUtf8(i);
        }
        cp = ((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
        i += 3;
      } else if (b0 >= 0xf0 && b0 <= 0xf4) {
        const b1 = i + 1 < end ? b[i + 1]! : 0;
        const b2 = i + 2 < end ? b[i + 2]! : 0;
        const b3 = i + 3 < end ? b[i + 3]! : 0;
        const lo = b0 === 0xf0 ? 0x90 : 0x80;
        const hi = b0 === 0xf4 ? 0x8f : 0xbf;
        if (b1 < lo || b1 > hi || (b2 & 0xc0) !== 0x80 || (b3 & 0xc0) !== 0x80) {
          this.badUtf8(i);
        }
        cp = ((b0 & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
        i += 4;
        cp -= 0x10000;
        units[count++] = 0xd800 | (cp >>> 10);
        units[count++] = 0xdc00 | (cp & 0x3ff);
        continue;
      } else {
        this.badUtf8(i);
      }
      units[count++] = cp;
    }
    // Up to 16 code units: a direct call with the units as arguments (about twice as fast in V8 as `apply` over a
    // typed array, which dominated W4's decode time); longer runs use `apply`.
    const u = units;
    switch (count) {
      case 1:
        return String.fromCharCode(u[0]!);
      case 2:
        return String.fromCharCode(u[0]!, u[1]!);
      case 3:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!);
      case 4:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!);
      case 5:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!);
      case 6:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!);
      case 7:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!);
      case 8:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!);
      case 9:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!);
      case 10:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!, u[9]!);
      case 11:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!, u[9]!, u[10]!);
      case 12:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!, u[9]!, u[10]!, u[11]!);
      case 13:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!, u[9]!, u[10]!, u[11]!, u[12]!);
      case 14:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!, u[9]!, u[10]!, u[11]!, u[12]!, u[13]!);
      case 15:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!, u[9]!, u[10]!, u[11]!, u[12]!, u[13]!, u[14]!);
      case 16:
        return String.fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!, u[9]!, u[10]!, u[11]!, u[12]!, u[13]!, u[14]!, u[15]!);
      default:
        return String.fromCharCode.apply(null, u.subarray(0, count) as unknown as number[]);
    }
  }

  private utf8Long(p: number, n: number): string {
    try {
      return utf8Decoder.decode(this.bytes.subarray(p, p + n));
    } catch {
      return this.fail("invalid UTF-8 in a string", p);
    }
  }

  private badUtf8(at: number): never {
    this.fail("invalid UTF-8 in a string", at);
  }

  // ---- collections --------------------------------------------------------------------------------------------

  /**
   * Reads a collection's count (§5): −1 for null, otherwise the count, after checking that `count × minElement`
   * bytes remain (nothing is allocated for a count the input cannot hold) and entering one nesting level. Pair a
   * non-null result with {@link endCollection}.
   */
  beginCollection(minElement: number): number {
    this.need(4);
    const start = this.pos;
    const count = this.view.getInt32(start, true);
    this.pos += 4;
    if (count < 0) {
      if (count === -1) {
        return -1;
      }
      this.fail(`invalid collection count ${count}`, start);
    }
    if (count * minElement > this.limit - this.pos) {
      this.fail(`collection count ${count} needs at least ${count * minElement} bytes, ${this.limit - this.pos} remain`, start);
    }
    this.enter(start);
    this.charge(COLLECTION_BYTES + ELEMENT_BYTES * count);
    return count;
  }

  /** Leaves the level entered by {@link beginCollection}. */
  endCollection(): void {
    this.depth--;
  }

  private enter(at: number): void {
    if (++this.depth > this.maxDepth) {
      this.fail(`nesting deeper than MaxDepth ${this.maxDepth}`, at);
    }
  }

  /**
   * A fixed-width numeric array (one copy into an aligned buffer): `count` elements of `width` bytes, returned as the
   * bytes of a fresh `ArrayBuffer`. On a big-endian host the caller's typed-array constructor would misread them, so
   * `littleEndianHost` is checked by the caller.
   */
  blockCopy(count: number, width: number): ArrayBuffer {
    const n = count * width;
    const start = this.bytes.byteOffset + this.pos;
    this.pos += n;
    return this.bytes.buffer.slice(start, start + n) as ArrayBuffer;
  }

  /** Whether typed arrays can take the wire's little-endian bytes as they are. */
  static readonly littleEndianHost: boolean = LITTLE_ENDIAN_HOST;

  // ---- objects ------------------------------------------------------------------------------------------------

  /**
   * Reads an object header (§6). Returns {@link NULL_OBJECT} for null (rejected when `nullable` is false), otherwise a
   * token for {@link has} and {@link endObject}. At nesting level 0 this is the top-level object (−2 and a member
   * count); deeper, a nested one (a body length, which becomes the reading limit).
   */
  beginObject(nullable: boolean): number {
    this.need(4);
    const start = this.pos;
    const h = this.view.getInt32(start, true);
    this.pos += 4;
    if (h === -1) {
      if (!nullable) {
        this.fail("a struct (or union case) cannot be null", start);
      }
      return NULL_OBJECT;
    }
    if (this.depth === 0) {
      if (h !== -2) {
        this.fail(`invalid top-level object header ${h} (expected -2 or -1)`, start);
      }
      this.need(2);
      const count = this.view.getUint16(this.pos, true);
      this.pos += 2;
      this.enter(start);
      return -1 - count;
    }
    if (h < 0) {
      this.fail(`invalid nested object header ${h}`, start);
    }
    if (h > this.limit - this.pos) {
      this.fail(`object length ${h} exceeds the ${this.limit - this.pos} bytes that remain`, start);
    }
    this.enter(start);
    const outer = this.limit;
    this.limit = this.pos + h;
    return outer;
  }

  /** Whether member `index` is present in the object opened with `token` (absent members keep their defaults). */
  has(token: number, index: number): boolean {
    return token >= 0 ? this.pos < this.limit : index < -1 - token;
  }

  /** Closes the object opened with `token`: skips members a newer writer appended, checks the top-level end. */
  endObject(token: number, known: number): void {
    this.chargeObject(known);
    this.depth--;
    if (token >= 0) {
      this.pos = this.limit;
      this.limit = token;
      return;
    }
    const count = -1 - token;
    if (count > known) {
      this.pos = this.limit;
    } else if (this.pos !== this.limit) {
      this.fail(`${this.limit - this.pos} bytes follow the top-level object's ${count} members`);
    }
  }

  /** A union tag (§8): 0xFFFF is null (returned as −1). */
  unionTag(): number {
    const t = this.u16();
    if (t === 0xffff) {
      return -1;
    }
    this.charge(UNION_BYTES);
    return t;
  }
}

/** Binary16 bits to a number. */
export function halfToNumber(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) {
    return sign * frac * 2 ** -24;
  }
  if (exp === 31) {
    return frac === 0 ? sign * Infinity : NaN;
  }
  return sign * (1024 + frac) * 2 ** (exp - 25);
}

// The allocation budget of a decode (docs/robustness.md, "The TypeScript client: the allocation budget").
//
// A count or length is checked against the bytes that remain before anything is allocated, but what a value costs in
// JavaScript is set by the contract, not by its bytes: an object sent as an empty 4-byte body becomes an object with all
// its members, an empty array a 32-byte JSArray, an empty int[] a typed array and its ArrayBuffer (about 190 bytes). So,
// as .NET's `MaxAllocationRatio`, every decode may allocate an estimated `maxAllocationRatio` (16) × its input length
// plus {@link ALLOCATION_ALLOWANCE} (256 KiB); each object, array, Map, Set, string, bigint and typed array the reader
// creates is charged the estimate below (V8 on a 64-bit host without pointer compression, as Node runs, measured in
// benchmarks/results/2026-11-28-ts-allocation-budget; browsers that compress pointers use less), and the decode is
// rejected at the value that spends the budget, before the engine is asked for more. One add and one compare a value,
// except for values whose estimate is fixed by their type (a float's heap number, a bigint, a char, decimal or Guid
// string, a DateTime or DateTimeOffset): an object charges those of its members at once when its header is read (an
// absent one's is given back), a fixed struct with itself, an array after its count, and each is then read by the
// reader's `…Prepaid` method, which charges nothing; the totals are the same (benchmarks/results/2026-11-28-ts-budget-per-object).

/** The default `maxAllocationRatio`: 16, as .NET's `MaxAllocationRatio`. */
export const DEFAULT_MAX_ALLOCATION_RATIO = 16;

/** Bytes every decode (every stream) may allocate whatever its length: 256 KiB, as .NET's `AllocationAllowance`. */
export const ALLOCATION_ALLOWANCE = 256 * 1024;

/** An object (a class, struct, record, tuple): its header (map, properties, elements). */
export const OBJECT_BYTES = 24;
/** Each member of an object: one in-object slot. */
export const MEMBER_BYTES = 8;
/**
 * What an object built by the interpreted codecs (`object`, `fixedStruct` in codecs.ts) takes beyond a generated
 * decoder's object literal: the slack of an object grown member by member, or the property array of one copied from
 * its template.
 */
export const INTERPRETED_OBJECT_BYTES = 32;
/** An array, Map or Set: its header and its backing store's header. */
export const COLLECTION_BYTES = 48;
/** Each element of a collection: one slot of an array's backing store. */
export const ELEMENT_BYTES = 8;
/**
 * Each entry of a `Map` or `Set` beyond its {@link ELEMENT_BYTES}: the entry and its bucket (a table that has just doubled
 * holds up to half as much again).
 */
export const HASH_ENTRY_BYTES = 24;
/** A typed array and its `ArrayBuffer`, besides the elements' bytes. */
export const TYPED_ARRAY_BYTES = 192;
/** A string: its header; each UTF-16 code unit is charged 2 more bytes. */
export const STRING_BYTES = 24;
/**
 * A floating-point number (`Half`, `float`, `double`): V8 boxes a number that is not a small integer in a 16-byte
 * HeapNumber when it is an object's member or an element of an array of mixed values (a typed array holds it unboxed,
 * and is not charged this).
 */
export const NUMBER_BYTES = 16;
/** A bigint of up to 64 bits. */
export const BIGINT_BYTES = 24;
/** A bigint of up to 128 bits (`Int128`, `UInt128`). */
export const BIGINT128_BYTES = 32;
/** A `decimal` as its flat string of at most 31 characters: {@link STRING_BYTES} + 2 × 31. */
export const DECIMAL_BYTES = 86;
/** A `Guid` as its flat 36-character string: {@link STRING_BYTES} + 2 × 36. */
export const GUID_BYTES = 96;
/**
 * A `DateTime`: the raw 64-bit bigint read, the ticks masked from it, and the `{ ticks, kind }` object
 * ({@link BIGINT_BYTES} × 2 + {@link OBJECT_BYTES} + 2 × {@link MEMBER_BYTES}).
 */
export const DATETIME_BYTES = 88;
/** A `DateTimeOffset`: its ticks, the UTC instant checked, and the `{ ticks, offsetMinutes }` object (as {@link DATETIME_BYTES}). */
export const DATETIMEOFFSET_BYTES = 88;
/** A union value's `{ case, value }` wrapper. */
export const UNION_BYTES = 40;

/** The reason of the decode error for a payload that spends the budget. */
export function overBudgetReason(ratio: number): string {
  return (
    `the decoded value would take more memory than the allocation budget (maxAllocationRatio ${ratio} × the input ` +
    `length + 256 KiB, docs/robustness.md); raise maxAllocationRatio (0 turns the budget off) for trusted input`
  );
}

/**
 * The allocation budget of several decodes that share it: the items of one stream, as .NET's `PackStream.ReadAsync`
 * (16 × the bytes received + one allowance, so that many small frames do not each bring a fresh 256 KiB).
 * {@link readPackStream} makes one per stream and passes it to each item's decode in {@link DecodeOptions}.
 */
export class AllocationBudget {
  /** The ratio of each input byte; 0 (no budget) makes {@link left} infinite. */
  readonly ratio: number;
  /** Bytes the decodes sharing this budget may still allocate. */
  left: number;

  constructor(ratio: number = DEFAULT_MAX_ALLOCATION_RATIO) {
    checkRatio(ratio);
    this.ratio = ratio;
    this.left = ratio === 0 ? Infinity : ALLOCATION_ALLOWANCE;
  }

  /** Adds the share of `length` more input bytes (a frame), for the decode that reads them. */
  grant(length: number): number {
    this.left += this.ratio * length;
    return this.left;
  }
}

/** Throws a `RangeError` unless `ratio` is a finite number of at least 0. */
export function checkRatio(ratio: number): void {
  if (typeof ratio !== "number" || !(ratio >= 0) || ratio === Infinity) {
    throw new RangeError(`maxAllocationRatio must be a finite number of at least 0 (0 turns the budget off), not ${String(ratio)}`);
  }
}

/**
 * TypeScript shapes of the Pack types that JavaScript has no exact equivalent for. They are plain data (no classes),
 * so generated code stays tree-shakeable and values survive `structuredClone` and `postMessage`.
 */

/** `System.DateTimeKind`. */
export type DateTimeKind = "Unspecified" | "Utc" | "Local";

/** `System.DateTime`: 100 ns ticks since 0001-01-01T00:00:00 and the kind, exactly as .NET holds them. */
export interface PackDateTime {
  /** Ticks, 0 … 3 155 378 975 999 999 999. */
  ticks: bigint;
  /** The kind; a Local value is its local clock time, never converted. */
  kind: DateTimeKind;
}

/** `System.DateTimeOffset`: the clock ticks (local date and time) and the offset in whole minutes. */
export interface PackDateTimeOffset {
  /** Clock ticks (`DateTimeOffset.Ticks`), not UTC. */
  ticks: bigint;
  /** Offset from UTC in minutes, −840 … 840. */
  offsetMinutes: number;
}

/** A union value: the case's name (its .NET type name) and the case's value, as protobuf-es spells a oneof. */
export interface PackUnionCase<C extends string, V> {
  readonly case: C;
  readonly value: V;
}

/** Ticks between 0001-01-01 and 1970-01-01. */
export const UNIX_EPOCH_TICKS = 621_355_968_000_000_000n;
/** Ticks per millisecond. */
export const TICKS_PER_MILLISECOND = 10_000n;
/** Day number (`DateOnly.DayNumber`) of 1970-01-01. */
export const UNIX_EPOCH_DAY_NUMBER = 719_162;

/** A JavaScript `Date` as a UTC `DateTime` (millisecond precision, as `Date` has). */
export function dateTimeFromDate(date: Date): PackDateTime {
  return { ticks: BigInt(date.getTime()) * TICKS_PER_MILLISECOND + UNIX_EPOCH_TICKS, kind: "Utc" };
}

/**
 * A `DateTime` as a JavaScript `Date`, reading its ticks as UTC (sub-millisecond ticks are dropped; for a Local or
 * Unspecified value the clock time is taken as if it were UTC, since no time zone travels on the wire).
 */
export function dateTimeToDate(value: PackDateTime): Date {
  return new Date(Number((value.ticks - UNIX_EPOCH_TICKS) / TICKS_PER_MILLISECOND));
}

/** A `DateTimeOffset` as the instant it denotes. */
export function dateTimeOffsetToDate(value: PackDateTimeOffset): Date {
  const utcTicks = value.ticks - BigInt(value.offsetMinutes) * 600_000_000n;
  return new Date(Number((utcTicks - UNIX_EPOCH_TICKS) / TICKS_PER_MILLISECOND));
}

/** A `Date` as a `DateTimeOffset` with the given offset (default 0): clock ticks = UTC ticks + offset. */
export function dateTimeOffsetFromDate(date: Date, offsetMinutes = 0): PackDateTimeOffset {
  const utcTicks = BigInt(date.getTime()) * TICKS_PER_MILLISECOND + UNIX_EPOCH_TICKS;
  return { ticks: utcTicks + BigInt(offsetMinutes) * 600_000_000n, offsetMinutes };
}

/** A `DateOnly` day number as `YYYY-MM-DD`. */
export function dateOnlyToIso(dayNumber: number): string {
  const d = new Date((dayNumber - UNIX_EPOCH_DAY_NUMBER) * 86_400_000);
  const y = d.getUTCFullYear();
  return `${String(y).padStart(4, "0")}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** `YYYY-MM-DD` as a `DateOnly` day number. */
export function dateOnlyFromIso(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (m === null) {
    throw new RangeError(`not a YYYY-MM-DD date: ${iso}`);
  }
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Math.round(d.getTime() / 86_400_000) + UNIX_EPOCH_DAY_NUMBER;
}

/**
 * Key equality (wire-format §5.1) as primitive keys: two dictionary keys or set elements are equal exactly when their
 * keys are (a `Map`/`Set` compares primitives with SameValueZero, so +0 and −0 are one key and every NaN is one key).
 * The rules live here once; the interpreted codecs (codecs.ts) and the descriptors of generated code
 * ({@link keyOf}) both use them.
 */
import { type PrimitiveName, resolve, type TypeDescriptor, type TypeRef } from "./descriptor.js";
import type { PackDateTime, PackDateTimeOffset, PackUnionCase } from "./values.js";

/** A value's key under §5.1, a primitive. */
export type KeyFunction = (v: never) => unknown;

/** Normalizes a decimal string for equality (§5.1): `1.5 == 1.50`, `0 == -0`. */
export function decimalKey(v: string): string {
  let s = v;
  let neg = false;
  if (s.startsWith("-")) {
    neg = true;
    s = s.slice(1);
  }
  if (s.includes(".")) {
    s = s.replace(/0+$/, "").replace(/\.$/, "");
  }
  s = s.replace(/^0+(?=\d)/, "");
  return s === "0" ? "0" : neg ? "-" + s : s;
}

/** A Guid by its 16 bytes: the canonical text in one case. */
export function guidKey(v: string): string {
  return v.toLowerCase();
}

/** A DateTime by its ticks; the kind is ignored. */
export function dateTimeKey(v: PackDateTime): bigint {
  return v.ticks;
}

/** A DateTimeOffset by its instant, `ticks − minutes × 600 000 000`. */
export function dateTimeOffsetKey(v: PackDateTimeOffset): bigint {
  return v.ticks - BigInt(v.offsetMinutes) * 600_000_000n;
}

/** Composite equality key of several components (§5.1: component-wise), each already its own key. */
export function compositeKey(parts: readonly unknown[]): string {
  let s = "";
  for (const p of parts) {
    s += typeof p === "string" ? JSON.stringify(p) : typeof p === "object" && p !== null ? String(p) : `${typeof p}:${String(p)}`;
    s += ",";
  }
  return s;
}

/**
 * The key of an object, struct, tuple or `KeyValuePair` value: its members component-wise, each by its own rule
 * (`keys[i]`, or the member's value itself when absent); a null component equals only a null component.
 */
export function componentsKey(v: Record<string, unknown>, names: readonly string[], keys: readonly (KeyFunction | undefined)[]): string {
  const parts = new Array<unknown>(names.length);
  for (let i = 0; i < names.length; i++) {
    const x = v[names[i]!];
    const key = keys[i];
    parts[i] = key === undefined || x === null || x === undefined ? x : key(x as never);
  }
  return compositeKey(parts);
}

/** The key of a union value: its case and the case value's key. */
export function caseKey(v: PackUnionCase<string, unknown>, key: KeyFunction | undefined): string {
  return compositeKey([v.case, key === undefined ? v.value : key(v.value as never)]);
}

const PRIMITIVE_KEYS: Partial<Record<PrimitiveName, KeyFunction>> = {
  decimal: decimalKey as KeyFunction,
  guid: guidKey as KeyFunction,
  datetime: dateTimeKey as KeyFunction,
  datetimeoffset: dateTimeOffsetKey as KeyFunction,
};

const built = new WeakMap<TypeDescriptor, KeyFunction | null>();

/**
 * The §5.1 key function of values of a described type, built once per descriptor; `undefined` when the value is its
 * own key (integers, floats, `bool`, `char`, strings, enums) or when the type has no equality but identity (lists,
 * sets, dictionaries: two decoded collections are never equal, as in .NET).
 */
export function keyFunctionOf(ref: TypeRef): KeyFunction | undefined {
  const d = resolve(ref);
  const cached = built.get(d);
  if (cached !== undefined) {
    return cached ?? undefined;
  }
  switch (d.kind) {
    case "primitive":
      return remember(d, PRIMITIVE_KEYS[d.primitive]);
    case "nullable": {
      const inner = keyFunctionOf(d.element);
      return remember(d, inner === undefined ? undefined : (v: unknown) => (v === null || v === undefined ? null : inner(v as never)));
    }
    case "object":
    case "frozen-struct": {
      // Members are resolved on first use: a type may hold itself (`class Node { Node? Next; }`).
      const names = d.members.map((m) => m.name);
      let keys: (KeyFunction | undefined)[] | null = null;
      return remember(d, (v: Record<string, unknown>) => componentsKey(v, names, (keys ??= d.members.map((m) => keyFunctionOf(m.type)))));
    }
    case "union": {
      let byName: Map<string, KeyFunction | undefined> | null = null;
      return remember(d, (v: PackUnionCase<string, unknown>) => {
        byName ??= new Map(d.cases.map((c) => [c.name, keyFunctionOf(c.type)]));
        return caseKey(v, byName.get(v.case));
      });
    }
    default:
      return remember(d, undefined);
  }
}

function remember(d: TypeDescriptor, key: KeyFunction | ((v: never) => unknown) | undefined): KeyFunction | undefined {
  built.set(d, key ?? null);
  return key;
}

/** The §5.1 key function of a described type: {@link keyFunctionOf}, or the value itself. */
export function keyOf<T>(ref: TypeRef): (v: T) => unknown {
  const key = keyFunctionOf(ref);
  return key === undefined ? (v) => v : (key as (v: T) => unknown);
}

/**
 * Dictionaries and sets (wire-format §5, §5.1), read and written once for the interpreted codecs (codecs.ts) and
 * generated code: the count, null keys, repeated keys under the key type's equality, the hash-flooding guard
 * (hash-flooding.ts) and the error texts and offsets. A float key that is zero is +0 both ways, as `Map` and `Set`
 * keep it (§5.1, zero keys).
 */
import { decodeSegment, encodeSegment } from "./errors.js";
import type { PackReader } from "./reader.js";
import type { PackWriter } from "./writer.js";

/** A value's §5.1 key (keys.ts), or `undefined` when the value is its own key. */
export type KeyOf<T> = ((v: NonNullable<T>) => unknown) | undefined;

/** Reads a `HashSet<T>` as a `Set` in wire order; `minLength` is the element's (§5: the count is checked against it). */
export function readSet<T>(r: PackReader, minLength: number, read: (r: PackReader) => T, key: KeyOf<T>): Set<T> | null {
  const count = r.beginCollection(minLength);
  if (count < 0) {
    return null;
  }
  const out = new Set<T>();
  const seen = key === undefined ? null : new Set<unknown>();
  const guard = r.keyGuard(count);
  let i = 0;
  try {
    for (; i < count; i++) {
      const at = r.pos;
      const x = read(r);
      const k = seen === null || x === null ? x : key!(x as NonNullable<T>);
      if (guard !== null) {
        r.hashKey(guard, k, at);
      }
      if (seen === null ? out.has(x) : seen.has(k)) {
        r.fail("a set element repeats", at);
      }
      seen?.add(k);
      out.add(x);
    }
  } catch (e) {
    throw decodeSegment(e, i, r.pos);
  }
  r.endCollection();
  return out;
}

/** Writes a `HashSet<T>`; two elements equal under the element type's equality are refused. */
export function writeSet<T>(w: PackWriter, v: ReadonlySet<T> | null | undefined, write: (w: PackWriter, v: T) => void, key: KeyOf<T>): void {
  if (!writeCount(w, v)) {
    return;
  }
  const seen = key === undefined ? null : new Set<unknown>();
  let i = 0;
  try {
    for (const x of v) {
      if (seen !== null) {
        const k = x === null ? x : key!(x as NonNullable<T>);
        if (seen.has(k)) {
          w.fail("two set elements are equal under the element type's equality");
        }
        seen.add(k);
      }
      write(w, x);
      i++;
    }
  } catch (e) {
    throw encodeSegment(e, i);
  }
  w.endCollection();
}

/** Reads a `Dictionary<K, V>` as a `Map` in wire order; `minLength` is a key's and a value's together. */
export function readMap<K, V>(
  r: PackReader,
  minLength: number,
  readKey: (r: PackReader) => K | null,
  readValue: (r: PackReader) => V,
  key: KeyOf<K>,
): Map<K, V> | null {
  const count = r.beginCollection(minLength);
  if (count < 0) {
    return null;
  }
  const map = new Map<K, V>();
  const seen = key === undefined ? null : new Set<unknown>();
  const guard = r.keyGuard(count);
  let i = 0;
  try {
    for (; i < count; i++) {
      const at = r.pos;
      const k = readKey(r);
      if (k === null) {
        return r.fail("a dictionary key cannot be null", at);
      }
      const hashed = seen === null ? k : key!(k as NonNullable<K>);
      if (guard !== null) {
        r.hashKey(guard, hashed, at);
      }
      if (seen === null ? map.has(k) : seen.has(hashed)) {
        r.fail("a dictionary key repeats", at);
      }
      seen?.add(hashed);
      map.set(k, readValue(r));
    }
  } catch (e) {
    throw decodeSegment(e, i, r.pos);
  }
  r.endCollection();
  return map;
}

/** Writes a `Dictionary<K, V>`; null keys and two keys equal under the key type's equality are refused. */
export function writeMap<K, V>(
  w: PackWriter,
  v: ReadonlyMap<K, V> | null | undefined,
  writeKey: (w: PackWriter, k: K) => void,
  writeValue: (w: PackWriter, v: V) => void,
  key: KeyOf<K>,
): void {
  if (!writeCount(w, v)) {
    return;
  }
  const seen = key === undefined ? null : new Set<unknown>();
  let i = 0;
  try {
    for (const [k, x] of v) {
      if (k === null || k === undefined) {
        w.fail("a dictionary key cannot be null");
      }
      if (seen !== null) {
        const kk = key!(k as NonNullable<K>);
        if (seen.has(kk)) {
          w.fail("two dictionary keys are equal under the key type's equality");
        }
        seen.add(kk);
      }
      writeKey(w, k);
      writeValue(w, x);
      i++;
    }
  } catch (e) {
    throw encodeSegment(e, i);
  }
  w.endCollection();
}

/** Writes a collection's count, or the null header (then there is nothing more to write: false). */
function writeCount(w: PackWriter, v: { readonly size: number } | null | undefined): v is { readonly size: number } {
  if (v === null || v === undefined) {
    w.nullHeader();
    return false;
  }
  w.beginCollection(v.size);
  return true;
}

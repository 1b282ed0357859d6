// Hash flooding of Map and Set keys (docs/robustness.md, "The TypeScript client").
//
// A decoded Dictionary or HashSet is a Map or Set, so the engine chooses the hashing. V8 (Chrome, Edge, Node, Deno)
// hashes strings with a per-process seed but numbers and bigints without one: keys chosen so that their hashes share
// the low bits land in one bucket chain, and each insertion walks that chain, so n keys cost n²/2 steps (32,768 int
// keys: 1.2 s against 2 ms in Node 20). .NET's reader hashes such keys with a random seed; here the decoder cannot, so
// it counts instead: every decode has a budget of steps ({@link HASH_STEPS_PER_BYTE} a payload byte, plus
// {@link HASH_STEPS_BASE}), a collection of more than {@link EXACT_COUNT_ABOVE} entries is charged the steps V8's table
// takes to insert its keys (modelled here), a smaller one its worst case, n(n−1)/2, and the payload is rejected once the
// budget is spent, before the engine does the quadratic work. Ordinary keys (sequential, random, timestamps, strided)
// take 1.5 steps a key, at least 2 bytes; a small collection's worst case is at most 8 steps a byte of its entries.

/** Steps of hash-table work a decode may spend per payload byte. */
export const HASH_STEPS_PER_BYTE = 8;

/** Steps every decode may spend whatever its length. */
export const HASH_STEPS_BASE = 65_536;

/**
 * Collections of at most this many entries are charged their worst case, n(n−1)/2, which is at most 8 steps a byte of
 * their entries (every entry takes at least a byte).
 */
export const EXACT_COUNT_ABOVE = 16;

/** The reason of the decode error for a payload whose keys spend the budget. */
export const HASH_FLOODING = "the keys collide in the JavaScript engine's hash table (hash flooding): inserting them takes more than 8 steps a payload byte";

const scratch = new DataView(new ArrayBuffer(8));

/**
 * Models what inserting a collection's keys costs V8's `Map`/`Set` (an ordered hash table of 2^k buckets holding at
 * most two entries a bucket on average, doubled when full, where a new key walks its bucket's chain) for the keys V8
 * hashes without a seed, numbers and bigints. Other keys (strings, objects) are seeded or hashed by identity: free.
 */
export class HashFloodGuard {
  private readonly count: number;
  private hashes: Uint32Array | null = null;
  private counts: Uint32Array | null = null;
  private buckets = 2;
  private added = 0;

  /** A guard for a collection of at most `count` entries. */
  constructor(count: number) {
    this.count = count;
  }

  /** Adds the key the next `Map.set`/`Set.add` hashes; returns the steps its insertion takes (entries it walks past). */
  add(key: unknown): number {
    let hash: number;
    if (typeof key === "number") {
      hash = numberHash(key);
    } else if (typeof key === "bigint") {
      hash = bigintHash(key);
    } else {
      return 0;
    }
    if (this.hashes === null || this.counts === null) {
      // Allocated with the first key that needs them: a collection of strings never does.
      this.hashes = new Uint32Array(this.count);
      this.counts = new Uint32Array(2);
    } else if (this.added >= 2 * this.buckets) {
      this.grow(this.hashes);
    }
    const bucket = hash & (this.buckets - 1);
    const steps = this.counts![bucket]!;
    this.counts![bucket] = steps + 1;
    this.hashes[this.added++] = hash;
    return steps;
  }

  /** The table is full at two entries a bucket: V8 doubles it and rehashes every entry. */
  private grow(hashes: Uint32Array): void {
    do {
      this.buckets *= 2;
    } while (this.added >= 2 * this.buckets);
    const mask = this.buckets - 1;
    const counts = new Uint32Array(this.buckets);
    for (let i = 0; i < this.added; i++) {
      counts[hashes[i]! & mask]!++;
    }
    this.counts = counts;
  }
}

/** V8's hash of a number key: integers in the int32 range (and −0) by `ComputeUnseededHash`, others by their bits. */
export function numberHash(x: number): number {
  if (x === (x | 0)) {
    return unseededHash(x);
  }
  if (x !== x) {
    return 0x3fffffff;
  }
  scratch.setFloat64(0, x, true);
  return longHash(scratch.getUint32(0, true), scratch.getUint32(4, true));
}

/** V8's hash of a bigint key: 0 for 0n, otherwise `ComputeLongHash` of the low 64 bits of its magnitude. */
export function bigintHash(x: bigint): number {
  if (x === 0n) {
    return 0;
  }
  scratch.setBigUint64(0, BigInt.asUintN(64, x < 0n ? -x : x), true);
  return longHash(scratch.getUint32(0, true), scratch.getUint32(4, true));
}

/** Thomas Wang's 32-bit integer hash, as V8's `ComputeUnseededHash`, to 30 bits. */
export function unseededHash(key: number): number {
  let hash = key >>> 0;
  hash = (~hash + (hash << 15)) >>> 0;
  hash = (hash ^ (hash >>> 12)) >>> 0;
  hash = (hash + (hash << 2)) >>> 0;
  hash = (hash ^ (hash >>> 4)) >>> 0;
  hash = Math.imul(hash, 2057) >>> 0;
  hash = (hash ^ (hash >>> 16)) >>> 0;
  return hash & 0x3fffffff;
}

/** Thomas Wang's 64-bit integer hash, as V8's `ComputeLongHash`, to 30 bits; the 64-bit key as two 32-bit halves. */
export function longHash(low: number, high: number): number {
  let lo = low >>> 0;
  let hi = high >>> 0;
  let t: number;
  // hash = ~hash + (hash << 18)
  t = (~lo >>> 0) + ((lo << 18) >>> 0);
  hi = ((~hi >>> 0) + (((hi << 18) | (lo >>> 14)) >>> 0) + (t > 0xffffffff ? 1 : 0)) >>> 0;
  lo = t >>> 0;
  // hash = hash ^ (hash >> 31)
  lo = (lo ^ ((lo >>> 31) | (hi << 1))) >>> 0;
  hi = (hi ^ (hi >>> 31)) >>> 0;
  // hash = hash * 21, as hash + (hash << 2) + (hash << 4)
  const lo2 = (lo << 2) >>> 0;
  const hi2 = ((hi << 2) | (lo >>> 30)) >>> 0;
  const lo4 = (lo << 4) >>> 0;
  const hi4 = ((hi << 4) | (lo >>> 28)) >>> 0;
  t = lo + lo2 + lo4;
  hi = (hi + hi2 + hi4 + Math.floor(t / 0x100000000)) >>> 0;
  lo = t >>> 0;
  // hash = hash ^ (hash >> 11)
  lo = (lo ^ ((lo >>> 11) | (hi << 21))) >>> 0;
  hi = (hi ^ (hi >>> 11)) >>> 0;
  // hash = hash + (hash << 6)
  t = lo + ((lo << 6) >>> 0);
  hi = (hi + (((hi << 6) | (lo >>> 26)) >>> 0) + (t > 0xffffffff ? 1 : 0)) >>> 0;
  lo = t >>> 0;
  // hash = hash ^ (hash >> 22); only the low 30 bits are kept
  lo = (lo ^ ((lo >>> 22) | (hi << 10))) >>> 0;
  return lo & 0x3fffffff;
}

/**
 * The browser workloads of /work/shared/WORKLOADS.md (W4, W5, W6, H2_List100), built with the same data as the .NET
 * benchmarks: .NET's seeded `Random(42)` is reproduced exactly (the subtractive generator behind a seeded Random).
 */
import type { Member, Organization } from "../test/generated/sample-api.js";
import type { VectorPoint3, VectorSmallObject } from "../test/generated/vectors.js";

/** `new System.Random(seed)` (the seeded, .NET Framework-compatible algorithm). */
export class DotNetRandom {
  private readonly seedArray = new Array<number>(56).fill(0);
  private inext = 0;
  private inextp = 21;

  constructor(seed: number) {
    const MBIG = 2147483647;
    const subtraction = seed === -2147483648 ? MBIG : Math.abs(seed);
    let mj = 161803398 - subtraction;
    this.seedArray[55] = mj;
    let mk = 1;
    for (let i = 1; i < 55; i++) {
      const ii = (21 * i) % 55;
      this.seedArray[ii] = mk;
      mk = mj - mk;
      if (mk < 0) mk += MBIG;
      mj = this.seedArray[ii]!;
    }
    for (let k = 1; k < 5; k++) {
      for (let i = 1; i < 56; i++) {
        this.seedArray[i]! -= this.seedArray[1 + ((i + 30) % 55)]!;
        if (this.seedArray[i]! < 0) this.seedArray[i]! += MBIG;
      }
    }
  }

  private internalSample(): number {
    let a = this.inext + 1;
    if (a >= 56) a = 1;
    let b = this.inextp + 1;
    if (b >= 56) b = 1;
    let v = this.seedArray[a]! - this.seedArray[b]!;
    if (v === 2147483647) v--;
    if (v < 0) v += 2147483647;
    this.seedArray[a] = v;
    this.inext = a;
    this.inextp = b;
    return v;
  }

  /** `Next(min, max)` for a range of at most int.MaxValue. */
  next(min: number, max: number): number {
    return Math.trunc(this.internalSample() * (1 / 2147483647) * (max - min)) + min;
  }
}

export const UPDATE_TIME = 1700000000000n;

/** W4: `Organization { Id = 1, Tags = 测试标签0…4, Members = n members }` from `Random(42)`. */
export function organization(members: number): Organization {
  const rnd = new DotNetRandom(42);
  const list: Member[] = [];
  for (let i = 0; i < members; i++) {
    const description = `测试描述${rnd.next(1, 2147483647)}`;
    const address = `测试地址${rnd.next(1, 2147483647)}`;
    const value = rnd.next(1, 2147483647);
    list.push({ Id: i, Name: `测试名字${i}`, Description: description, Address: address, Value: value, UpdateTime: UPDATE_TIME });
  }
  return { Id: 1, Tags: ["测试标签0", "测试标签1", "测试标签2", "测试标签3", "测试标签4"], Members: list };
}

/** W5: 10,000 × `{ 10.3f, 40.5f, 13411.3f }` (the float values, as a page holds them). */
export function vectors(): VectorPoint3[] {
  const x = Math.fround(10.3);
  const y = Math.fround(40.5);
  const z = Math.fround(13411.3);
  return Array.from({ length: 10_000 }, () => ({ X: x, Y: y, Z: z }));
}

/** W6. */
export function smallObject(): VectorSmallObject {
  return { A: 1, B: 2, C: 3, S1: "hello", S2: "こんにちは世界" };
}

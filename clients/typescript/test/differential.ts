/**
 * The TypeScript half of the differential check (tests/Pack.TypeScript.Tests/Differential): decodes each input as its
 * declared vector type with the interpreted codecs of test/vector-types.ts and, where `pack ts` generated one, the
 * generated decoder, and reports each verdict with the decoded value's §14 JSON. The .NET test compares them with
 * `PackSerializer.Deserialize`'s verdicts. Streams (§10) are read by `readPackStream`, once per chunking, and reported
 * as the items' §14 JSON and the stream's outcome; the .NET test compares them with `PackStream.ReadAsync`'s. Run by
 * scripts/run-differential.mjs, one Node process per batch.
 */
import { decode, PackDecodeError, PackStreamError, readPackStream } from "../src/index.js";
import { GENERATED } from "./generated-checks.js";
import { type Model, ModelBuilder, type VectorTypeDef } from "./vector-types.js";

/** One input: the declared type (as the vector files spell it) and the bytes as lowercase hex. */
export interface DifferentialCase {
  readonly type: string;
  readonly hex: string;
}

/** How one decoder treated one input. */
export interface Verdict {
  /** `accepted`, `rejected` (a PackDecodeError) or `crashed` (anything else escaped). */
  readonly outcome: "accepted" | "rejected" | "crashed";
  /** For an accepted input, the decoded value's §14 JSON (a float NaN is `"NaN"`). */
  readonly json?: unknown;
  /** For a rejected input, the error's offset. */
  readonly offset?: number;
  /** For a rejected or crashed input, what was wrong. */
  readonly reason?: string;
}

/** The verdicts for one input: the interpreted codec's, and the generated decoder's when there is one. */
export interface DifferentialResult {
  readonly interpreted: Verdict;
  readonly generated?: Verdict;
}

function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
  return out;
}

function verdict(model: Model, run: () => unknown): Verdict {
  let value: unknown;
  try {
    value = run();
  } catch (e) {
    if (e instanceof PackDecodeError) return { outcome: "rejected", offset: e.offset, reason: e.reason };
    return { outcome: "crashed", reason: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
  try {
    return { outcome: "accepted", json: model.toJson(value) };
  } catch (e) {
    return { outcome: "crashed", reason: `accepted, but the value has no §14 JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Decodes every case; never throws for a case (a failure is a verdict). */
export function runDifferential(types: readonly VectorTypeDef[], cases: readonly DifferentialCase[]): DifferentialResult[] {
  const builder = new ModelBuilder(types);
  const models = new Map<string, Model>();
  return cases.map((c) => {
    let model = models.get(c.type);
    if (model === undefined) {
      model = builder.model(c.type);
      models.set(c.type, model);
    }
    const m = model;
    const bytes = fromHex(c.hex);
    const interpreted = verdict(m, () => decode(m.codec, bytes));
    const payload = GENERATED[c.type];
    return payload === undefined ? { interpreted } : { interpreted, generated: verdict(m, () => payload.decode(bytes)) };
  });
}

/** How one reading of a stream (§10) ended: the items read, in order, as §14 JSON, then the outcome. */
export interface StreamVerdict {
  /** The items yielded before the stream finished. */
  readonly items: unknown[];
  /** `end`, `error` (a PackStreamError), `malformed` (a PackDecodeError) or `crashed` (anything else escaped). */
  readonly outcome: "end" | "error" | "malformed" | "crashed";
  /** For `error`, the PackStreamError's fields as the §14 JSON of a .NET PackStreamError. */
  readonly error?: unknown;
  /** For `malformed`, the error's offset in the stream. */
  readonly offset?: number;
  /** For `malformed` or `crashed`, what was wrong. */
  readonly reason?: string;
}

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, Math.min(bytes.length, at + size));
}

async function readStream(model: Model, bytes: Uint8Array, size: number): Promise<StreamVerdict> {
  const items: unknown[] = [];
  try {
    for await (const item of readPackStream(chunked(bytes, size), (p) => decode(model.codec, p))) items.push(model.toJson(item));
    return { items, outcome: "end" };
  } catch (e) {
    if (e instanceof PackStreamError) {
      return { items, outcome: "error", error: { Status: e.status, Type: e.type, Title: e.title, Detail: e.detail, TraceId: e.traceId } };
    }
    if (e instanceof PackDecodeError) return { items, outcome: "malformed", offset: e.offset, reason: e.reason };
    return { items, outcome: "crashed", reason: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

/**
 * Reads every stream case with its declared item type, once per chunk size (0: the whole input in one chunk); one
 * verdict per case and chunk size, in that order. Never throws for a case.
 */
export async function runStreamDifferential(
  types: readonly VectorTypeDef[],
  cases: readonly DifferentialCase[],
  chunkSizes: readonly number[],
): Promise<StreamVerdict[][]> {
  const builder = new ModelBuilder(types);
  const models = new Map<string, Model>();
  const results: StreamVerdict[][] = [];
  for (const c of cases) {
    let model = models.get(c.type);
    if (model === undefined) {
      model = builder.model(c.type);
      models.set(c.type, model);
    }
    const bytes = fromHex(c.hex);
    const verdicts: StreamVerdict[] = [];
    for (const size of chunkSizes) verdicts.push(await readStream(model, bytes, size === 0 ? Math.max(1, bytes.length) : size));
    results.push(verdicts);
  }
  return results;
}

/**
 * The TypeScript half of the differential check (tests/Pack.TypeScript.Tests/Differential): decodes each input as its
 * declared vector type with the interpreted codecs of test/vector-types.ts and, where `pack ts` generated one, the
 * generated decoder, and reports each verdict with the decoded value's §14 JSON. The .NET test compares them with
 * `PackSerializer.Deserialize`'s verdicts. Run by scripts/run-differential.mjs, one Node process per batch.
 */
import { decode, PackDecodeError } from "../src/index.js";
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

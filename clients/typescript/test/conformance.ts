/**
 * The golden-vector conformance suite, shared by the Node runner (test/vectors.test.mjs) and the Chromium runner
 * (scripts/run-chromium.mjs, which bundles test/browser-entry.ts): the same code, the same vector files.
 */
import {
  decode,
  encode,
  encodeEndFrame,
  encodeErrorFrame,
  encodeItemFrame,
  PackDecodeError,
  PackEncodeError,
  PackStreamError,
  readPackStream,
} from "../src/index.js";
import { deepEqual, ModelBuilder, show, type VectorTypeDef } from "./vector-types.js";

/** The vector files, parsed, by file name without `.json`. */
export type VectorFiles = Record<string, unknown>;

/** One check's outcome. */
export interface CaseResult {
  readonly id: string;
  readonly file: string;
  readonly ok: boolean;
  readonly message: string;
}

interface HexSource {
  hex?: string;
  hexParts?: { hex: string; repeat?: number }[];
  length?: number;
  sha256?: string;
}

interface ValueVector extends HexSource {
  id: string;
  type: string;
  json: unknown;
  direction: "both" | "decode";
  /** For a decode-only vector, `fails` when a writer given its value writes nothing (wire-format §14). */
  writer?: "fails";
}

interface InvalidVector extends HexSource {
  id: string;
  type: string;
  reason: string;
}

interface StreamFrame {
  kind: "item" | "end" | "error";
  json?: unknown;
  hex: string;
}

interface StreamVector {
  id: string;
  itemType: string;
  outcome: "end" | "error" | "malformed";
  direction?: "both" | "decode";
  frames?: StreamFrame[];
  /** For an invalid stream, the error offset §10 fixes, if it fixes one. */
  offset?: number;
  hex: string;
}

function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
  return out;
}

function toHex(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

async function bytesOf(v: HexSource): Promise<Uint8Array> {
  if (v.hex !== undefined) return fromHex(v.hex);
  const parts = v.hexParts!.map((p) => fromHex(p.hex.repeat(p.repeat ?? 1)));
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  if (v.length !== undefined && v.length !== total) throw new Error(`hexParts give ${total} bytes, length says ${v.length}`);
  if (v.sha256 !== undefined) {
    const digest = toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", out)));
    if (digest !== v.sha256) throw new Error(`sha256 of the bytes is ${digest}, the file says ${v.sha256}`);
  }
  return out;
}

/** The bytes at a shifted `byteOffset` inside a larger buffer: decoders must respect `byteOffset`. */
function misaligned(bytes: Uint8Array): Uint8Array {
  const backing = new Uint8Array(bytes.length + 7);
  backing.fill(0xee);
  backing.set(bytes, 3);
  return backing.subarray(3, 3 + bytes.length);
}

function short(hex: string): string {
  return hex.length > 80 ? `${hex.slice(0, 80)}… (${hex.length / 2} bytes)` : hex;
}

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, Math.min(bytes.length, i + size));
}

/** Runs every vector; never throws (a failure is a result). */
export async function runConformance(files: VectorFiles): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const types = (files["types"] as { types: VectorTypeDef[] }).types;
  const builder = new ModelBuilder(types);
  const record = async (file: string, id: string, check: () => Promise<string | null> | string | null) => {
    try {
      const failure = await check();
      results.push({ file, id, ok: failure === null, message: failure ?? "ok" });
    } catch (e) {
      results.push({ file, id, ok: false, message: `threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}` });
    }
  };

  for (const file of ["primitives", "strings", "collections", "objects", "unions"]) {
    const vectors = (files[file] as { vectors: ValueVector[] }).vectors;
    for (const v of vectors) {
      await record(file, v.id, async () => {
        const bytes = await bytesOf(v);
        const model = builder.model(v.type);
        const expected = model.fromJson(v.json);
        for (const input of [bytes, misaligned(bytes)]) {
          const decoded = decode(model.codec, input);
          if (!deepEqual(decoded, expected)) return `decoded ${short(show(decoded))}, expected ${short(show(expected))}`;
        }
        if (v.direction === "both") {
          const written = toHex(encode(model.codec, expected));
          const hex = toHex(bytes);
          if (written !== hex) return `encoded ${short(written)}, expected ${short(hex)}`;
          const again = toHex(encode(model.codec, decode(model.codec, bytes)));
          if (again !== hex) return `re-encoding the decoded value gave ${short(again)}, expected ${short(hex)}`;
        } else if (v.writer === "fails") {
          // Decode-only because a writer refuses the value (its canonical bytes break a limit, §9): nothing is written.
          try {
            const written = encode(model.codec, expected);
            return `encoded ${short(toHex(written))}; a writer must fail on this value`;
          } catch (e) {
            if (!(e instanceof PackEncodeError)) throw e;
          }
        } else {
          // Decode-only: a writer writes other bytes for the value (its canonical form).
          const written = toHex(encode(model.codec, expected));
          if (written === toHex(bytes)) return `encoded exactly these bytes, but the vector is decode-only`;
        }
        return null;
      });
    }
  }

  for (const v of (files["invalid"] as { vectors: InvalidVector[] }).vectors) {
    await record("invalid", v.id, async () => {
      const bytes = await bytesOf(v);
      const model = builder.model(v.type);
      for (const input of [bytes, misaligned(bytes)]) {
        try {
          const value = decode(model.codec, input);
          return `accepted, decoded ${short(show(value))}; expected rejection: ${v.reason}`;
        } catch (e) {
          if (!(e instanceof PackDecodeError)) return `threw ${String(e)} instead of a PackDecodeError`;
          if (!Number.isInteger(e.offset) || e.offset < 0 || e.offset > bytes.length) return `offset ${e.offset} outside the payload`;
        }
      }
      return null;
    });
  }

  const streams = files["streams"] as { streams: StreamVector[]; invalid: StreamVector[] };
  for (const s of [...streams.streams, ...streams.invalid]) {
    await record("streams", s.id, async () => {
      const bytes = fromHex(s.hex);
      const model = builder.model(s.itemType);
      const expectedItems = (s.frames ?? []).filter((f) => f.kind === "item").map((f) => model.fromJson(f.json));
      const errorFrame = (s.frames ?? []).find((f) => f.kind === "error");
      for (const size of [bytes.length || 1, 1, 3]) {
        const items: unknown[] = [];
        let outcome: string;
        let detail = "";
        try {
          for await (const item of readPackStream(chunked(bytes, size), (p) => decode(model.codec, p))) items.push(item);
          outcome = "end";
        } catch (e) {
          if (e instanceof PackStreamError) {
            outcome = "error";
            const j = errorFrame?.json as { Status: number; Type: string | null; Title: string | null; Detail: string | null; TraceId: string | null } | null;
            const want = j === null || j === undefined ? { Status: 500, Type: null, Title: null, Detail: null, TraceId: null } : j;
            const got = { Status: e.status, Type: e.type, Title: e.title, Detail: e.detail, TraceId: e.traceId };
            if (!deepEqual(got, want)) detail = `error ${show(got)}, expected ${show(want)}`;
          } else if (e instanceof PackDecodeError) {
            outcome = "malformed";
            if (!(e.offset >= 0 && e.offset <= bytes.length)) detail = `offset ${e.offset} outside the stream`;
            else if (s.offset !== undefined && e.offset !== s.offset) detail = `offset ${e.offset}, expected ${s.offset} (§10)`;
          } else {
            return `chunks of ${size}: threw ${String(e)}, not a Pack error`;
          }
        }
        if (outcome !== s.outcome) return `chunks of ${size}: outcome ${outcome}, expected ${s.outcome}`;
        if (detail !== "") return `chunks of ${size}: ${detail}`;
        if (s.outcome !== "malformed" && !deepEqual(items, expectedItems)) {
          return `chunks of ${size}: items ${short(show(items))}, expected ${short(show(expectedItems))}`;
        }
      }
      if (s.outcome !== "malformed" && (s.direction ?? "both") === "both") {
        let written = "";
        for (const f of s.frames!) {
          if (f.kind === "item") written += toHex(encodeItemFrame(encode(model.codec, model.fromJson(f.json))));
          else if (f.kind === "end") written += toHex(encodeEndFrame());
          else {
            const j = f.json as { Status: number; Type: string | null; Title: string | null; Detail: string | null; TraceId: string | null };
            written += toHex(encodeErrorFrame({ status: j.Status, type: j.Type, title: j.Title, detail: j.Detail, traceId: j.TraceId }));
          }
        }
        if (written !== s.hex) return `wrote ${short(written)}, expected ${short(s.hex)}`;
      }
      return null;
    });
  }
  return results;
}

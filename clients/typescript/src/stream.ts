import { AllocationBudget, DEFAULT_MAX_ALLOCATION_RATIO } from "./allocation-budget.js";
import { concat } from "./body.js";
import { decode, encode, int32, object, string as stringCodec } from "./codecs.js";
import { PackDecodeError, PackStreamError } from "./errors.js";
import type { DecodeOptions } from "./reader.js";

/** Frame kinds of `application/x-pack-stream` (§10). */
export const FRAME_ITEM = 1;
export const FRAME_END = 2;
export const FRAME_ERROR = 3;
/** Default `MaxPayloadLength`: 128 MiB. */
export const DEFAULT_MAX_PAYLOAD_LENGTH = 128 * 1024 * 1024;


interface StreamErrorPayload {
  Status: number;
  Type: string | null;
  Title: string | null;
  Detail: string | null;
  TraceId: string | null;
}

const streamErrorCodec = object<StreamErrorPayload>([
  { name: "Status", codec: int32 },
  { name: "Type", codec: stringCodec },
  { name: "Title", codec: stringCodec },
  { name: "Detail", codec: stringCodec },
  { name: "TraceId", codec: stringCodec },
]);

/** Options of {@link readPackStream}. */
export interface StreamReadOptions {
  /** Largest frame payload accepted (checked from the frame header, before the payload is awaited). */
  maxPayloadLength?: number;
  /**
   * The stream's allocation budget (docs/robustness.md): its items may allocate together an estimated
   * `maxAllocationRatio` × the bytes received + one 256 KiB allowance, as .NET's `PackStream.ReadAsync`. Default 16;
   * 0 turns it off.
   */
  maxAllocationRatio?: number;
}

function shift(e: unknown, base: number): PackDecodeError {
  if (e instanceof PackDecodeError) {
    const moved = new PackDecodeError(e.reason, base + e.offset);
    moved.segments.push(...e.segments);
    return moved;
  }
  return new PackDecodeError(`unexpected failure while decoding a frame: ${String(e)}`, base);
}

async function* chunksOf(source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (typeof (source as ReadableStream<Uint8Array>).getReader === "function") {
    const reader = (source as ReadableStream<Uint8Array>).getReader();
    let done = false;
    try {
      for (;;) {
        const r = await reader.read();
        if (r.done) {
          done = true;
          return;
        }
        yield r.value;
      }
    } finally {
      if (!done) {
        // Leaving early (End/Error frame, a malformed frame, or the caller's break): cancel the body so the
        // connection closes and the server sees the request aborted.
        await reader.cancel().catch(() => undefined);
      }
      reader.releaseLock();
    }
  } else {
    yield* source as AsyncIterable<Uint8Array>;
  }
}

/**
 * Reads a Pack stream (§10) frame by frame, yielding each item as soon as its frame is complete. An Error frame
 * raises {@link PackStreamError}; anything malformed (a missing End frame included) raises {@link PackDecodeError}
 * with the offset in the stream. Bytes after the End or Error frame are not read.
 *
 * `decodeItem` gets the stream's one allocation budget in its options (a generated `decodeX` passes them on); an item
 * decoder that ignores them has a budget of its own per item.
 */
export async function* readPackStream<T>(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  decodeItem: (payload: Uint8Array, options?: DecodeOptions) => T,
  options?: StreamReadOptions,
): AsyncGenerator<T, void, undefined> {
  const max = options?.maxPayloadLength ?? DEFAULT_MAX_PAYLOAD_LENGTH;
  const budget = new AllocationBudget(options?.maxAllocationRatio ?? DEFAULT_MAX_ALLOCATION_RATIO);
  // every item's decode charges this one budget; each frame adds the share of its bytes (header included)
  const itemOptions: DecodeOptions = { allocationBudget: budget };
  // buf[at..] holds the bytes received and not yet consumed; base is the stream offset of buf[0]. Bytes still missing
  // for a frame's header or payload are gathered as chunks and joined once they are all there, so a payload that
  // arrives in many small chunks is copied once (joining at every chunk copied it once per chunk: quadratic).
  let buf: Uint8Array = new Uint8Array(0);
  let at = 0;
  let base = 0;
  const chunks = chunksOf(source);
  /** Makes `n` bytes available at `at`; false when the source ends first (`base + buf.length` is then its end). */
  const fill = async (n: number): Promise<boolean> => {
    let have = buf.length - at;
    if (have >= n) {
      return true;
    }
    const parts: Uint8Array[] = [buf.subarray(at)];
    let ended = false;
    while (have < n) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      parts.push(next.value);
      have += next.value.length;
    }
    const joined = parts.length === 2 && parts[0]!.length === 0 ? parts[1]! : concat(parts, have);
    base += at;
    buf = joined;
    at = 0;
    return !ended;
  };
  try {
    for (;;) {
      // a frame header, checked in §10's order once all 5 bytes are there: the kind, then the length (a header cut
      // short is truncated even when its kind byte is already unknown)
      if (!(await fill(5))) {
        throw new PackDecodeError(
          buf.length === at ? "the stream ended without an End frame (truncated)" : "the stream ended inside a frame header",
          base + buf.length,
        );
      }
      const frameAt = base + at;
      const kind = buf[at]!;
      checkKind(kind, frameAt);
      const length = (buf[at + 1]! | (buf[at + 2]! << 8) | (buf[at + 3]! << 16) | (buf[at + 4]! << 24));
      if (length < 0) {
        throw new PackDecodeError(`negative frame length ${length}`, frameAt + 1);
      }
      if (length > max) {
        throw new PackDecodeError(`frame length ${length} above MaxPayloadLength ${max}`, frameAt + 1);
      }
      if (kind === FRAME_END && length !== 0) {
        throw new PackDecodeError(`an End frame must have length 0, not ${length}`, frameAt + 1);
      }
      at += 5;
      if (kind === FRAME_ITEM && length === 0) {
        // not a header error: an empty payload is never a value, truncated at its first byte (§1, §10)
        throw new PackDecodeError("an Item frame of length 0: the payload is truncated (an empty payload is never a value)", frameAt + 5);
      }
      if (kind === FRAME_END) {
        return;
      }
      if (!(await fill(length))) {
        throw new PackDecodeError("the stream ended inside a frame payload", base + buf.length);
      }
      const payload = buf.subarray(at, at + length);
      const payloadAt = base + at;
      at += length;
      if (kind === FRAME_ERROR) {
        let e: StreamErrorPayload | null;
        try {
          budget.grant(5);
          e = decode(streamErrorCodec, payload, itemOptions);
        } catch (err) {
          throw shift(err, payloadAt);
        }
        throw e === null
          ? new PackStreamError(500, null, null, null, null)
          : new PackStreamError(e.Status, e.Type, e.Title, e.Detail, e.TraceId);
      }
      let item: T;
      try {
        budget.grant(5);
        item = decodeItem(payload, itemOptions);
      } catch (err) {
        throw shift(err, payloadAt);
      }
      yield item;
    }
  } finally {
    await chunks.return(undefined);
  }
}

function checkKind(kind: number, offset: number): void {
  if (kind < FRAME_ITEM || kind > FRAME_ERROR) {
    throw new PackDecodeError(`unknown frame kind ${kind}`, offset);
  }
}

function frame(kind: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + payload.length);
  out[0] = kind;
  new DataView(out.buffer).setInt32(1, payload.length, true);
  out.set(payload, 5);
  return out;
}

/** An Item frame holding one encoded payload (which must not be empty). */
export function encodeItemFrame(payload: Uint8Array): Uint8Array {
  if (payload.length === 0) {
    throw new RangeError("an Item frame cannot be empty");
  }
  return frame(FRAME_ITEM, payload);
}

/** The End frame. */
export function encodeEndFrame(): Uint8Array {
  return frame(FRAME_END, new Uint8Array(0));
}

/** An Error frame for a producer's failure. */
export function encodeErrorFrame(error: { status: number; type: string | null; title: string | null; detail: string | null; traceId: string | null }): Uint8Array {
  return frame(
    FRAME_ERROR,
    encode(streamErrorCodec, { Status: error.status, Type: error.type, Title: error.title, Detail: error.detail, TraceId: error.traceId }),
  );
}

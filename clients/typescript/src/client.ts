import { checkRatio, DEFAULT_MAX_ALLOCATION_RATIO } from "./allocation-budget.js";
import { readUpTo } from "./body.js";
import {
  type FieldErrors,
  PackContentError,
  PackDeadlineError,
  PackDecodeError,
  PackNetworkError,
  PackSchemaMismatchError,
  PackServerError,
  PackStreamError,
} from "./errors.js";
import {
  PACK_SCHEMA_HEADER,
  type PackRequestBody,
  type PayloadSchema,
  registrationDocument,
  REQUEST_SCHEMA_INCOMPATIBLE_TYPE,
  REQUEST_SCHEMA_UNKNOWN_TYPE,
  ResponseSchemaCheck,
  type SchemaCheckOptions,
  type SchemaReader,
} from "./schema-check.js";
import type { DecodeOptions } from "./reader.js";
import type { SchemaViolation } from "./schema.js";
import { DEFAULT_MAX_PAYLOAD_LENGTH, readPackStream, type StreamReadOptions } from "./stream.js";
import { DEADLINE_EXCEEDED_TYPE, formatPackTimeout, PACK_TIMEOUT_EXPIRED_HEADER, PACK_TIMEOUT_HEADER } from "./timeout.js";

/** `application/x-pack`. */
export const PACK_MEDIA_TYPE = "application/x-pack";
/** `application/x-pack-stream`. */
export const PACK_STREAM_MEDIA_TYPE = "application/x-pack-stream";

const ACCEPT_VALUE = `${PACK_MEDIA_TYPE}, application/json;q=0.9`;
const ACCEPT_STREAM = `${PACK_STREAM_MEDIA_TYPE}, ${PACK_MEDIA_TYPE}, application/json;q=0.9`;


/**
 * How a typed call reads its response: a generated `XPayload` (its decoder and schema), optionally with `fromJson`.
 * Without `schema` the response's `Pack-Schema` is not checked (docs/schema.md §5.1 step 2).
 */
export interface ResponseReader<T> extends SchemaReader {
  /** Decodes a Pack payload. */
  readonly decode: (bytes: Uint8Array, options?: DecodeOptions) => T;
  /** Converts a parsed JSON body (a server that answered JSON); without it a JSON answer is a {@link PackContentError}. */
  readonly fromJson?: (json: unknown) => T;
}

/** Options of a {@link PackClient}; the schema check's are those of {@link SchemaCheckOptions}. */
export interface PackClientOptions extends SchemaCheckOptions {
  /** Base URL; request paths are resolved against it. */
  baseUrl: string | URL;
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** Headers sent on every request. */
  headers?: Record<string, string>;
  /** Default deadline for every call, in milliseconds (sent as `Pack-Timeout` and enforced locally). */
  timeoutMs?: number;
  /** Ask for JSON instead of Pack (for comparison; needs `fromJson` readers). */
  preferJson?: boolean;
  /**
   * Largest response body read whole, and the default largest stream frame, in bytes (default 128 MiB, .NET's
   * `MaxPayloadLength`): a larger body is refused with a `PackDecodeError` from its `Content-Length` before it is read,
   * or as soon as more has arrived, so a server cannot make the client buffer without bound.
   */
  maxPayloadLength?: number;
  /**
   * The allocation budget of every response (docs/robustness.md): a body's decode may allocate an estimated
   * `maxAllocationRatio` × its length + 256 KiB, a stream's items together that many times the bytes received + one
   * 256 KiB allowance; a payload that would take more is a `PackDecodeError` naming the budget. Default 16, as .NET's
   * `MaxAllocationRatio`; 0 turns it off (trusted servers only).
   */
  maxAllocationRatio?: number;
  /**
   * Sees every exchange decoded, for an app's or a DevTools-style panel: the request as it is sent (its value, when the
   * body was built by `packBody` from a generated payload), the response's decoded value, each stream item as it
   * arrives and the stream's end. Called synchronously; what it throws is ignored. Without it nothing is decoded twice.
   */
  observer?: (event: PackExchangeEvent) => void;
}

/** One thing a {@link PackClientOptions.observer} is told about an exchange. */
export interface PackExchangeEvent {
  /** `request` (sent), `response` (a whole body decoded), `item` (a stream item), `end` (a stream's end), `error` (decoding failed). */
  readonly phase: "request" | "response" | "item" | "end" | "error";
  readonly method: string;
  readonly url: string;
  /** The response's status (not on `request`). */
  readonly status?: number;
  /** The body's media type, e.g. `application/x-pack`. */
  readonly contentType: string | null;
  /** The body's `Pack-Schema` wire fingerprint, when it carries one. */
  readonly fingerprint: string | null;
  /** The body's length in bytes (a whole body). */
  readonly bytes?: number;
  /** The decoded value, or the stream item. */
  readonly value?: unknown;
  /** The item's index in the stream (`item`), or how many items the stream had (`end`). */
  readonly index?: number;
  /** What went wrong (`error`). */
  readonly error?: unknown;
}

/** Per-call options. */
export interface CallOptions {
  /** The caller's cancellation: aborting it aborts the request (and a stream's body). */
  signal?: AbortSignal;
  /** This call's deadline in milliseconds (overrides the client's). */
  timeoutMs?: number;
  /** Extra headers. */
  headers?: Record<string, string>;
}

/** Statistics of the last response, for pages that show bytes on the wire and decode time. */
export interface ResponseStats {
  contentType: string | null;
  bytes: number;
  decodeMs: number;
}

/**
 * A fetch-based Pack client: Accept negotiation, deadlines (`Pack-Timeout` plus a local timer), typed errors and
 * `application/x-pack-stream` reading. Generated clients are thin wrappers over {@link call} and {@link stream}.
 */
export class PackClient {
  private readonly fetchImpl: typeof fetch;
  /** The §5.1 state: verdicts and served schemas, for the life of this client. */
  private readonly schemaCheck: ResponseSchemaCheck;
  private readonly maxPayloadLength: number;
  private readonly maxAllocationRatio: number;
  /** The decode options of a whole body (its allocation budget). */
  private readonly decodeOptions: DecodeOptions;
  /** Statistics of the last completed non-stream response. */
  lastResponse: ResponseStats | null = null;

  constructor(readonly options: PackClientOptions) {
    const max = options.maxPayloadLength ?? DEFAULT_MAX_PAYLOAD_LENGTH;
    if (!Number.isSafeInteger(max) || max < 1) {
      throw new RangeError(`maxPayloadLength must be a positive integer, not ${String(max)}`);
    }
    this.maxPayloadLength = max;
    const ratio = options.maxAllocationRatio ?? DEFAULT_MAX_ALLOCATION_RATIO;
    checkRatio(ratio);
    this.maxAllocationRatio = ratio;
    this.decodeOptions = { maxAllocationRatio: ratio };
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.schemaCheck = new ResponseSchemaCheck(this.fetchImpl, options);
  }

  /** How many times this client fetched a server's schema set (§5.1 step 5). */
  get schemaFetches(): number {
    return this.schemaCheck.fetches;
  }

  /** Sends a request and reads one value (`null` for an empty 204/205 body). */
  async call<T>(method: string, path: string, body: PackRequestBody | null, reader: ResponseReader<T>, options?: CallOptions): Promise<T | null> {
    const accept = this.options.preferJson ? "application/json" : ACCEPT_VALUE;
    const { response, url, done, timeoutMs, expired, headers, preread } = await this.exchange(method, path, body, accept, options);
    try {
      await this.throwIfFailed(response, url, timeoutMs, preread);
      await this.schemaCheck.ensureReadable(response, reader, false, url, headers);
      const contentType = response.headers.get("content-type");
      const bytes = await readBody(response, () => expired(), timeoutMs, this.maxPayloadLength);
      if (bytes.length === 0) {
        this.lastResponse = { contentType, bytes: 0, decodeMs: 0 };
        return null;
      }
      const t0 = now();
      let value: T;
      try {
        value = decodeBody(contentType, bytes, reader, this.decodeOptions);
      } catch (e) {
        this.observe("error", method, url, response, { bytes: bytes.length, error: e });
        throw e;
      }
      this.lastResponse = { contentType, bytes: bytes.length, decodeMs: now() - t0 };
      this.observe("response", method, url, response, { bytes: bytes.length, value });
      return value;
    } finally {
      done();
    }
  }

  /**
   * Sends a request and reads a Pack stream (or, from a server that answers a whole Pack or JSON array, that array)
   * item by item. Leaving the loop early or aborting `options.signal` cancels the request.
   */
  async *stream<T>(method: string, path: string, body: PackRequestBody | null, reader: ResponseReader<T> & { decodeArray?: (bytes: Uint8Array, options?: DecodeOptions) => T[] | null }, options?: CallOptions & StreamReadOptions): AsyncGenerator<T, void, undefined> {
    const { response, url, done, timeoutMs, expired, headers, preread } = await this.exchange(method, path, body, this.options.preferJson ? "application/json" : ACCEPT_STREAM, options);
    try {
      await this.throwIfFailed(response, url, timeoutMs, preread);
      const contentType = mediaType(response.headers.get("content-type"));
      // Checked before the first item: a stream's header names its item type; a whole array is read as list<T>.
      await this.schemaCheck.ensureReadable(response, reader, contentType === PACK_MEDIA_TYPE, url, headers);
      if (contentType === PACK_STREAM_MEDIA_TYPE) {
        if (response.body === null) {
          throw new PackDecodeError("the stream has no body (no End frame)", 0);
        }
        let index = 0;
        try {
          const items = readPackStream(response.body, reader.decode, {
            maxPayloadLength: options?.maxPayloadLength ?? this.maxPayloadLength,
            maxAllocationRatio: options?.maxAllocationRatio ?? this.maxAllocationRatio,
          });
          if (this.options.observer === undefined) {
            yield* items;
          } else {
            for await (const item of items) {
              this.observe("item", method, url, response, { value: item, index: index++ });
              yield item;
            }
            this.observe("end", method, url, response, { index });
          }
        } catch (e) {
          this.observe("error", method, url, response, { index, error: e });
          if (expired()) {
            throw new PackDeadlineError(timeoutMs, false);
          }
          // The server's deadline cut the stream short: an error frame of type urn:pack:deadline-exceeded (operations.md).
          if (e instanceof PackStreamError && e.type === DEADLINE_EXCEEDED_TYPE) {
            throw new PackDeadlineError(timeoutMs, true);
          }
          throw e;
        }
        return;
      }
      const bytes = await readBody(response, () => expired(), timeoutMs, this.maxPayloadLength);
      if (contentType === PACK_MEDIA_TYPE && reader.decodeArray !== undefined) {
        yield* reader.decodeArray(bytes, this.decodeOptions) ?? [];
        return;
      }
      if (isJson(contentType) && reader.fromJson !== undefined) {
        const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
        if (Array.isArray(parsed)) {
          for (const x of parsed) {
            yield reader.fromJson(x);
          }
          return;
        }
      }
      throw new PackContentError(contentType, `cannot read ${contentType ?? "a body without a content type"} as a stream`);
    } finally {
      done();
    }
  }

  /**
   * Sends a request; on the server's 412 for the body's unknown schema (docs/schema.md §5.2) registers the schema at the
   * problem's `schemaEndpoint` and sends a value body once more (a stream cannot be resent: its 412 is the caller's error).
   */
  private async exchange(method: string, path: string, body: PackRequestBody | null, accept: string, options: CallOptions | undefined) {
    const schema = body === null || body instanceof Uint8Array || this.options.sendRequestSchema === false ? null : body.schema;
    const sent = await this.send(method, path, body, accept, options, schema);
    if (sent.response.status !== 412 || schema === null || schema.schema === undefined) {
      return { ...sent, preread: undefined as string | undefined };
    }
    const preread = await readText(sent.response);
    const problem = parseProblem(preread, sent.response);
    const endpoint = problem?.["schemaEndpoint"];
    if (problem?.["type"] !== REQUEST_SCHEMA_UNKNOWN_TYPE || typeof endpoint !== "string") {
      return { ...sent, preread };
    }
    // A registration goes only where the request went (it carries the call's headers, credentials among them): an
    // endpoint on another origin is not followed, and the 412 is the caller's (docs/schema.md §5.2).
    let target: URL;
    try {
      target = new URL(endpoint, sent.url);
    } catch {
      return { ...sent, preread };
    }
    if (target.origin !== new URL(sent.url).origin) {
      return { ...sent, preread };
    }
    let registered = false;
    try {
      const answer = await this.fetchImpl(target.toString(), {
        method: "POST",
        headers: { ...sent.headers, Accept: "application/json", "Content-Type": "application/json" },
        body: registrationDocument(schema),
        ...(options?.signal === undefined ? {} : { signal: options.signal }),
      });
      registered = answer.ok;
      await answer.body?.cancel();
    } catch {
      registered = false;
    }
    if (!registered || body === null || body instanceof Uint8Array || body.kind !== "value") {
      return { ...sent, preread };
    }
    sent.done();
    return { ...(await this.send(method, path, body, accept, options, schema)), preread: undefined as string | undefined };
  }

  private async send(method: string, path: string, body: PackRequestBody | null, accept: string, options: CallOptions | undefined, schema: PayloadSchema | null) {
    const url = new URL(path, this.options.baseUrl).toString();
    const timeoutMs = options?.timeoutMs ?? this.options.timeoutMs ?? 0;
    const controller = new AbortController();
    const callerSignal = options?.signal;
    let timedOut = false;
    const onAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal !== undefined) {
      if (callerSignal.aborted) {
        throw callerSignal.reason ?? new DOMException("aborted", "AbortError");
      }
      callerSignal.addEventListener("abort", onAbort, { once: true });
    }
    const timer = timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException("deadline", "TimeoutError"));
        }, timeoutMs)
      : undefined;
    const done = () => {
      if (timer !== undefined) {
        clearTimeout(timer);
      }
      callerSignal?.removeEventListener("abort", onAbort);
    };
    const common: Record<string, string> = { ...this.options.headers, ...options?.headers };
    const headers: Record<string, string> = { ...common, Accept: accept };
    if (timeoutMs > 0) {
      headers[PACK_TIMEOUT_HEADER] = formatPackTimeout(timeoutMs);
    }
    if (body !== null) {
      headers["Content-Type"] = body instanceof Uint8Array || body.kind === "value" ? PACK_MEDIA_TYPE : PACK_STREAM_MEDIA_TYPE;
    }
    if (schema !== null) {
      headers[PACK_SCHEMA_HEADER] = schema.wireFingerprint;
    }
    if (this.options.observer !== undefined) {
      this.observeRequest(method, url, body, headers["Content-Type"] ?? null, schema);
    }
    let response: Response;
    try {
      const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
      if (body instanceof Uint8Array) {
        init.body = body as unknown as BodyInit;
      } else if (body !== null && body.kind === "value") {
        init.body = body.bytes as unknown as BodyInit;
      } else if (body !== null) {
        init.body = body.stream;
        init.duplex = "half"; // a streamed request body (fetch's rule)
      }
      response = await this.fetchImpl(url, init);
    } catch (e) {
      done();
      if (timedOut) {
        throw new PackDeadlineError(timeoutMs, false);
      }
      if (callerSignal?.aborted) {
        throw callerSignal.reason ?? e;
      }
      throw new PackNetworkError(url, e);
    }
    return { response, url, done, timeoutMs, expired: () => timedOut, headers: common };
  }

  /** Tells the observer about a response, never letting it fail the call. */
  private observe(phase: PackExchangeEvent["phase"], method: string, url: string, response: Response, detail: Partial<PackExchangeEvent>): void {
    const observer = this.options.observer;
    if (observer === undefined) {
      return;
    }
    try {
      observer({
        phase,
        method,
        url,
        status: response.status,
        contentType: mediaType(response.headers.get("content-type")),
        fingerprint: response.headers.get(PACK_SCHEMA_HEADER),
        ...detail,
      });
    } catch {
      // An observer's failure is not the call's.
    }
  }

  /** Tells the observer about a request: its value decoded back when its body was built from a generated payload (which can decode). */
  private observeRequest(method: string, url: string, body: PackRequestBody | null, contentType: string | null, schema: PayloadSchema | null): void {
    let value: unknown;
    let error: unknown;
    let bytes: number | undefined;
    const data = body instanceof Uint8Array ? body : body !== null && body.kind === "value" ? body.bytes : null;
    if (data !== null) {
      bytes = data.length;
      const payload = body instanceof Uint8Array ? null : (body!.schema as (PayloadSchema & { decode?: (bytes: Uint8Array, options?: DecodeOptions) => unknown }) | null);
      try {
        value = payload?.decode?.(data, this.decodeOptions);
      } catch (e) {
        error = e;
      }
    }
    try {
      this.options.observer!({
        phase: "request",
        method,
        url,
        contentType,
        fingerprint: schema?.wireFingerprint ?? null,
        ...(bytes === undefined ? {} : { bytes }),
        ...(value === undefined ? {} : { value }),
        ...(error === undefined ? {} : { error }),
      });
    } catch {
      // An observer's failure is not the call's.
    }
  }

  private async throwIfFailed(response: Response, url: string, timeoutMs: number, preread: string | undefined): Promise<void> {
    if (response.ok) {
      return;
    }
    const text = preread ?? (await readText(response));
    const problem = parseProblem(text, response);
    const str = (k: string) => (problem !== null && typeof problem[k] === "string" ? (problem[k] as string) : null);
    if (response.status === 409 && str("type") === REQUEST_SCHEMA_INCOMPATIBLE_TYPE) {
      const raw = problem?.["violations"];
      const violations: SchemaViolation[] = Array.isArray(raw)
        ? raw.filter((v): v is Record<string, unknown> => v !== null && typeof v === "object").map((v) => ({ ruleId: jsonText(v["ruleId"] ?? ""), path: jsonText(v["path"] ?? ""), message: jsonText(v["message"] ?? "") }))
        : [];
      throw new PackSchemaMismatchError(url, "request", str("schemaType"), str("readerSchema") ?? "", str("writerSchema") ?? "", violations,
        `the server cannot read this request's body (Pack-Schema ${str("writerSchema") ?? "?"}) as ${str("schemaType") ?? "its type"} (Pack-Schema ${str("readerSchema") ?? "?"}); it was not read`, problem);
    }
    if (response.headers.get(PACK_TIMEOUT_EXPIRED_HEADER) === "true" || str("type") === DEADLINE_EXCEEDED_TYPE) {
      throw new PackDeadlineError(timeoutMs, true);
    }
    const errors: FieldErrors = {};
    const raw = problem?.["errors"];
    if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
      for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
        // Defined, not assigned: a field called "__proto__" would otherwise replace the prototype of `errors`.
        Object.defineProperty(errors, k, { value: Array.isArray(v) ? v.map(jsonText) : [jsonText(v)], enumerable: true, writable: true, configurable: true });
      }
    }
    throw new PackServerError(response.status, str("type"), str("title"), str("detail"), errors, problem, text.length === 0 ? null : text.slice(0, 1 << 20));
  }

}

/**
 * A value of a parsed problem as text, as `String` gives it, but never throwing: `{"toString": 1}` (a property that
 * shadows `Object.prototype.toString` with a number) makes `String` throw a TypeError, and an array nested a few
 * thousand deep overflows `Array.prototype.join`'s stack.
 */
function jsonText(v: unknown): string {
  if (typeof v === "string") {
    return v;
  }
  try {
    return String(v);
  } catch {
    return typeof v === "object" && v !== null ? (Array.isArray(v) ? "[array]" : "[object]") : "";
  }
}

function parseProblem(text: string, response: Response): Record<string, unknown> | null {
  if (text.length === 0 || !isJson(mediaType(response.headers.get("content-type")))) {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function decodeBody<T>(contentType: string | null, bytes: Uint8Array, reader: ResponseReader<T>, options: DecodeOptions): T {
  const media = mediaType(contentType);
  if (media === PACK_MEDIA_TYPE) {
    return reader.decode(bytes, options);
  }
  if (isJson(media)) {
    if (reader.fromJson === undefined) {
      throw new PackContentError(contentType, "the server answered JSON and this call has no JSON reader");
    }
    return reader.fromJson(JSON.parse(new TextDecoder().decode(bytes)));
  }
  throw new PackContentError(contentType, `cannot read a ${contentType ?? "body without a content type"}`);
}

/** The most of an error body that is read (its problem details), as in .NET: 1 MiB; the rest is not awaited. */
const MAX_ERROR_BODY_LENGTH = 1 << 20;

/**
 * Reads a whole body of at most `max` bytes: one that declares a larger `Content-Length` is refused before it is read,
 * and one without (or a compressed one, whose decoded size the header does not give) as soon as more than `max` bytes
 * have arrived; either way the rest is cancelled.
 */
async function readBody(response: Response, expired: () => boolean, timeoutMs: number, max: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw new PackDecodeError(`the body's Content-Length ${declared} is above maxPayloadLength ${max}`, 0);
  }
  try {
    const bytes = await readUpTo(response, max);
    if (bytes === null) {
      throw new PackDecodeError(`the body is longer than maxPayloadLength ${max}`, max);
    }
    return bytes;
  } catch (e) {
    if (!(e instanceof PackDecodeError) && expired()) {
      throw new PackDeadlineError(timeoutMs, false);
    }
    throw e;
  }
}

/** An error body's text, its first {@link MAX_ERROR_BODY_LENGTH} bytes at most ("" when it cannot be read). */
async function readText(response: Response): Promise<string> {
  try {
    const bytes = await readUpTo(response, MAX_ERROR_BODY_LENGTH, true);
    return bytes === null ? "" : new TextDecoder().decode(bytes);
  } catch {
    return "";
  }
}


function mediaType(contentType: string | null): string | null {
  if (contentType === null) {
    return null;
  }
  const i = contentType.indexOf(";");
  return (i < 0 ? contentType : contentType.slice(0, i)).trim().toLowerCase();
}

function isJson(media: string | null): boolean {
  return media !== null && (media === "application/json" || media.endsWith("+json"));
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

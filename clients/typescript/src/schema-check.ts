/**
 * The schema check of docs/schema.md §5: what a generated payload carries, request bodies that announce their schema
 * (§5.2), and the check of a response's `Pack-Schema` before its body is decoded (§5.1).
 */
import { readUpTo } from "./body.js";
import { PackSchemaFormatError, PackSchemaMismatchError } from "./errors.js";
import { checkCompatibility, listOf, type PackSchema, parseSchemaSet, parseSchemaText, type SchemaViolation } from "./schema.js";
import { encodeEndFrame, encodeItemFrame } from "./stream.js";

/** The request and response header carrying a wire fingerprint (§5). */
export const PACK_SCHEMA_HEADER = "Pack-Schema";
/** The default path of the server's schema endpoint (`MapPackSchema`). */
export const DEFAULT_SCHEMA_PATH = "/pack/schema";
/** The response header by which a server that maps a schema endpoint says where it is (§5); absent, no lookup is sent. */
export const PACK_SCHEMA_ENDPOINT_HEADER = "Pack-Schema-Endpoint";
/** The problem `type` of a 409: the body's schema is known and the endpoint cannot read it. */
export const REQUEST_SCHEMA_INCOMPATIBLE_TYPE = "urn:pack:problem:request-schema-incompatible";
/** The problem `type` of a 412: the server does not know the body's schema; register it and send again. */
export const REQUEST_SCHEMA_UNKNOWN_TYPE = "urn:pack:problem:request-schema-unknown";

/** The problem `type` of a schema endpoint's 404 for `?wire=`: it serves no schema with that fingerprint (§5). */
export const SCHEMA_NOT_SERVED_TYPE = "urn:pack:problem:schema-not-served";
/** The query parameter that names the wanted wire fingerprint: `GET /pack/schema?wire=…` (§5). */
export const WIRE_QUERY_PARAMETER = "wire";
/** How many schema requests one lookup makes at most while the endpoint answers without the fingerprint (§5.1 step 5). */
export const MAX_LOOKUP_ATTEMPTS = 4;

/** How long a schema endpoint is not asked again about a fingerprint it could not give (§5.1 step 8). */
const UNAVAILABLE_MS = 60_000;
/** How long the client waits for one schema request (§5.1 step 8). */
const FETCH_TIMEOUT_MS = 10_000;
/** How long all the attempts of one lookup may take together (§5.1 step 5). */
const LOOKUP_TIMEOUT_MS = 20_000;
/** The largest not-served problem the client reads. */
const MAX_PROBLEM_BYTES = 64 * 1024;
/** The largest schema set the client reads (§5.1 step 8). */
const MAX_SET_BYTES = 16 * 1024 * 1024;
const FINGERPRINT = /^[0-9a-f]{16}$/;

/**
 * What `pack ts` embeds per root type (the generated `XPayload`): the fingerprints and the canonical contract text, so
 * the client checks and registers schemas without hashing anything on the common path.
 */
export interface PayloadSchema {
  /** The wire fingerprint (§2.3): sent as `Pack-Schema` with a body, compared with a response's. */
  readonly wireFingerprint: string;
  /** The contract fingerprint (§2.3). */
  readonly contractFingerprint?: string;
  /** The root's label (§1.2). */
  readonly label?: string;
  /** The canonical text of the contract form (§2.1): the reader's schema of §5.1, the registration of §5.2. */
  readonly schema?: string;
}

/** A Pack request body (`application/x-pack`) that announces its type's schema; see {@link packBody}. */
export interface PackValueBody {
  readonly kind: "value";
  readonly bytes: Uint8Array;
  readonly schema: PayloadSchema | null;
}

/** A Pack stream request body (`application/x-pack-stream`) that announces its item type's schema; see {@link packStreamBody}. */
export interface PackStreamBody {
  readonly kind: "stream";
  /** The frames; a stream is sent once and cannot be resent. */
  readonly stream: ReadableStream<Uint8Array>;
  readonly schema: PayloadSchema | null;
}

/** A request body: raw bytes (sent without `Pack-Schema`), or a body built by {@link packBody} / {@link packStreamBody}. */
export type PackRequestBody = Uint8Array | PackValueBody | PackStreamBody;

/** A value body of a generated payload type: its bytes plus `Pack-Schema` (and a registration when the server asks). */
export function packBody<T>(payload: PayloadSchema & { readonly encode: (value: T) => Uint8Array }, value: T): PackValueBody {
  return { kind: "value", bytes: payload.encode(value), schema: payload };
}

/**
 * A stream body of a generated payload type: each item as an Item frame, then the End frame. Browsers send a streamed
 * request body only over HTTP/2 (Chromium); Node sends it over HTTP/1.1 too.
 */
export function packStreamBody<T>(payload: PayloadSchema & { readonly encode: (value: T) => Uint8Array }, items: AsyncIterable<T> | Iterable<T>): PackStreamBody {
  const iterator = Symbol.asyncIterator in items ? (items as AsyncIterable<T>)[Symbol.asyncIterator]() : (items as Iterable<T>)[Symbol.iterator]();
  let ended = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (ended) {
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        controller.enqueue(encodeEndFrame());
        controller.close();
        return;
      }
      controller.enqueue(encodeItemFrame(payload.encode(next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return { kind: "stream", stream, schema: payload };
}


/** What to do when a response's fingerprint differs and the server's schema cannot be had (§5.1 step 8). */
export type SchemaUnavailableBehavior = "read" | "fail";

/** The options of the schema check (part of `PackClientOptions`). */
export interface SchemaCheckOptions {
  /** Check a response's `Pack-Schema` (§5.1); default true. */
  checkResponseSchema?: boolean;
  /** Send `Pack-Schema` with Pack bodies and register the schema when the server asks (§5.2); default true. */
  sendRequestSchema?: boolean;
  /**
   * The schema endpoint, resolved against each request's URL. Unset (the default), the client looks a schema up only
   * where a response's `Pack-Schema-Endpoint` header names an endpoint of the request's origin (§5.1 step 5): a server
   * that maps none is never sent a lookup.
   */
  schemaPath?: string;
  /** No schema endpoint (unreachable, a 404, a malformed set): `read` (the default, as .NET) or `fail` (§5.1 step 8). */
  schemaUnavailable?: SchemaUnavailableBehavior;
  /**
   * The endpoint answered, but none of {@link MAX_LOOKUP_ATTEMPTS} requests (each may reach another replica) gave the
   * fingerprint: `fail` (the default, as .NET) or `read` (§5.1 step 8).
   */
  schemaNotServed?: SchemaUnavailableBehavior;
  /** Wire fingerprints accepted without a check (known-compatible writers). */
  compatibleFingerprints?: readonly string[];
}

/** The reader side of a response: the generated payload's schema. */
export interface SchemaReader {
  readonly wireFingerprint?: string;
  readonly contractFingerprint?: string;
  readonly label?: string;
  readonly schema?: string;
}

/** Why a lookup found no schema: the problem, whether the endpoint answered (not served), and until when it stands. */
interface Unresolved {
  readonly until: number;
  readonly problem: string;
  readonly notServed: boolean;
}

interface Found {
  readonly schema: PackSchema | null;
  readonly problem: string;
  readonly notServed: boolean;
}

interface EndpointSchemas {
  readonly schemas: Map<string, PackSchema>;
  readonly unresolved: Map<string, Unresolved>;
  etag: string | null;
  pending: Promise<void> | null;
}

/**
 * §5.1 for one client: verdicts per (reader type, fingerprint) and, per schema endpoint, every schema served so far.
 * @internal
 */
export class ResponseSchemaCheck {
  private readonly verdicts = new Map<string, readonly SchemaViolation[]>();
  private readonly readers = new Map<string, PackSchema>();
  private readonly endpoints = new Map<string, EndpointSchemas>();
  /** Schema sets fetched (for tests and diagnostics). */
  fetches = 0;

  constructor(private readonly fetchImpl: typeof fetch, private readonly options: SchemaCheckOptions) {}

  /** Resolves when the body may be decoded; rejects with {@link PackSchemaMismatchError} when it must not. */
  ensureReadable(response: Response, reader: SchemaReader, asList: boolean, url: string, headers: Record<string, string>): Promise<void> | undefined {
    const actual = response.headers.get(PACK_SCHEMA_HEADER);
    if (this.options.checkResponseSchema === false || actual === null || reader.schema === undefined || !FINGERPRINT.test(actual)) {
      return undefined;
    }
    if (!asList && actual === reader.wireFingerprint) {
      return undefined;
    }
    if (this.options.compatibleFingerprints?.includes(actual)) {
      return undefined;
    }
    const key = `${asList ? "list " : ""}${reader.contractFingerprint ?? reader.schema} ${actual}`;
    const verdict = this.verdicts.get(key);
    if (verdict !== undefined) {
      return verdict.length === 0 ? undefined : Promise.reject(this.mismatch(url, reader, asList, actual, verdict));
    }
    return this.judge(key, reader, asList, actual, url, headers, response.headers.get(PACK_SCHEMA_ENDPOINT_HEADER));
  }

  /** Where to look the writer's schema up (§5.1 step 5): the configured path, else the advertised endpoint of the request's origin, else none. */
  private endpointOf(url: string, advertised: string | null): string | null {
    if (this.options.schemaPath !== undefined) return new URL(this.options.schemaPath, url).toString();
    if (advertised === null) return null;
    let endpoint: URL;
    try {
      endpoint = new URL(advertised, url);
    } catch {
      return null;
    }
    // Only the request's origin: the lookup carries the request's Authorization.
    return endpoint.origin === new URL(url).origin ? endpoint.toString() : null;
  }

  private async judge(key: string, reader: SchemaReader, asList: boolean, actual: string, url: string, headers: Record<string, string>, advertised: string | null): Promise<void> {
    const endpoint = this.endpointOf(url, advertised);
    const found: Found = endpoint === null
      ? { schema: null, notServed: false, problem: `the server advertises no schema endpoint (no ${PACK_SCHEMA_ENDPOINT_HEADER} header of the request's origin) and none is configured (schemaPath)` }
      : await this.find(endpoint, actual, authorization(headers));
    if (found.schema === null) {
      const setting = found.notServed ? "schemaNotServed" : "schemaUnavailable";
      const behavior = found.notServed ? this.options.schemaNotServed ?? "fail" : this.options.schemaUnavailable ?? "read";
      if (behavior === "fail") {
        throw new PackSchemaMismatchError(url, "response", label(reader, asList), reader.wireFingerprint ?? "", actual,
          [], `the response was written with Pack-Schema ${actual}, not this client's ${reader.wireFingerprint ?? "(unknown)"}, and the server's schema could not be obtained to check it: ${found.problem}; nothing was read (${setting} is "fail")`);
      }
      return;
    }
    let readerSchema = this.readers.get(reader.schema!);
    if (readerSchema === undefined) {
      readerSchema = parseSchemaText(reader.schema!);
      this.readers.set(reader.schema!, readerSchema);
    }
    const violations = checkCompatibility(asList ? listOf(readerSchema) : readerSchema, found.schema);
    this.verdicts.set(key, violations);
    if (violations.length > 0) {
      throw this.mismatch(url, reader, asList, actual, violations);
    }
  }

  private mismatch(url: string, reader: SchemaReader, asList: boolean, actual: string, violations: readonly SchemaViolation[]): PackSchemaMismatchError {
    const type = label(reader, asList);
    return new PackSchemaMismatchError(url, "response", type, reader.wireFingerprint ?? "", actual, violations,
      `the response was written with a contract (Pack-Schema ${actual}) that ${type ?? "this client's type"} (Pack-Schema ${reader.wireFingerprint ?? "?"}) cannot read; nothing was read`);
  }

  /**
   * The served schema with a wire fingerprint: one lookup at a time per endpoint (callers that need it meanwhile wait and
   * then look at what it added), asking up to {@link MAX_LOOKUP_ATTEMPTS} times while the endpoint answers without it.
   */
  private async find(endpoint: string, fingerprint: string, auth: string | null): Promise<Found> {
    let state = this.endpoints.get(endpoint);
    if (state === undefined) {
      state = { schemas: new Map(), unresolved: new Map(), etag: null, pending: null };
      this.endpoints.set(endpoint, state);
    }
    const s = state;
    for (;;) {
      const known = s.schemas.get(fingerprint);
      if (known !== undefined) {
        return { schema: known, problem: "", notServed: false };
      }
      const unresolved = s.unresolved.get(fingerprint);
      if (unresolved !== undefined && unresolved.until > Date.now()) {
        return { schema: null, problem: unresolved.problem, notServed: unresolved.notServed };
      }
      if (s.pending === null) break;
      await s.pending;
    }
    s.pending = this.lookUp(endpoint, s, fingerprint, auth).finally(() => (s.pending = null));
    await s.pending;
    const schema = s.schemas.get(fingerprint);
    if (schema !== undefined) {
      return { schema, problem: "", notServed: false };
    }
    const unresolved = s.unresolved.get(fingerprint)!;
    return { schema: null, problem: unresolved.problem, notServed: unresolved.notServed };
  }

  /** Asks until a set holds the fingerprint (§5.1 step 5); records why not when none did. */
  private async lookUp(endpoint: string, state: EndpointSchemas, fingerprint: string, auth: string | null): Promise<void> {
    const url = new URL(endpoint);
    url.searchParams.append(WIRE_QUERY_PARAMETER, fingerprint);
    const lookup = new AbortController();
    const timer = setTimeout(() => lookup.abort(new Error("timeout")), LOOKUP_TIMEOUT_MS);
    let answered = 0;
    let problem: string | null = null;
    try {
      for (let attempt = 1; attempt <= MAX_LOOKUP_ATTEMPTS; attempt++) {
        // A 304 would only confirm the set already held, which lacks the fingerprint: later attempts want a full answer.
        problem = await this.fetchSet(url.toString(), endpoint, state, auth, attempt === 1, lookup.signal);
        if (problem !== null || state.schemas.has(fingerprint)) break;
        answered++;
      }
    } finally {
      clearTimeout(timer);
    }
    if (state.schemas.has(fingerprint)) {
      return;
    }
    const notServed = answered > 0;
    const why = notServed
      ? `the schema endpoint ${endpoint} answered ${answered} time${answered === 1 ? "" : "s"} without a schema with wire fingerprint ${fingerprint}${problem === null ? "" : `; then ${problem}`}`
      : problem!;
    if (state.unresolved.size >= 1024) state.unresolved.clear();
    state.unresolved.set(fingerprint, { until: Date.now() + UNAVAILABLE_MS, problem: why, notServed });
  }

  /**
   * One attempt: GETs the schema set (If-None-Match when `revalidate`) and adds its schemas. Null when the endpoint
   * answered (a set, a 304, or the not-served problem), else why it did not.
   */
  private async fetchSet(url: string, endpoint: string, state: EndpointSchemas, auth: string | null, revalidate: boolean, lookup: AbortSignal): Promise<string | null> {
    this.fetches++;
    const headers: Record<string, string> = { Accept: "application/json" };
    if (auth !== null) headers["Authorization"] = auth;
    if (revalidate && state.etag !== null) headers["If-None-Match"] = state.etag;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error("timeout")), FETCH_TIMEOUT_MS);
    const stop = () => controller.abort(lookup.reason);
    lookup.addEventListener("abort", stop);
    try {
      const response = await this.fetchImpl(url, { method: "GET", headers, signal: controller.signal });
      if (response.status === 304) {
        await response.body?.cancel();
        return null;
      }
      if (response.status === 404) {
        // The body is consumed either way.
        return await isNotServed(response) ? null : `the schema endpoint ${endpoint} answered 404`;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return `the schema endpoint ${endpoint} answered ${response.status}`;
      }
      const text = await readText(response, MAX_SET_BYTES);
      if (text === null) {
        return `the schema endpoint ${endpoint} sent more than ${MAX_SET_BYTES} bytes`;
      }
      for (const entry of parseSchemaSet(text)) {
        state.schemas.set(entry.wire, entry.schema);
      }
      state.etag = response.headers.get("etag");
      return null;
    } catch (e) {
      if (controller.signal.aborted) {
        return lookup.aborted
          ? `the schema endpoint ${endpoint} did not give the schema within ${LOOKUP_TIMEOUT_MS / 1000} s`
          : `the schema endpoint ${endpoint} did not answer within ${FETCH_TIMEOUT_MS / 1000} s`;
      }
      return e instanceof PackSchemaFormatError
        ? `the schema endpoint ${endpoint} sent no valid schema set: ${e.message}`
        : `the schema endpoint ${endpoint} could not be reached: ${String(e)}`;
    } finally {
      clearTimeout(timer);
      lookup.removeEventListener("abort", stop);
    }
  }
}

/** Whether a 404 is a schema endpoint's not-served problem (§5), not the 404 of a server without one. */
async function isNotServed(response: Response): Promise<boolean> {
  const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/problem+json") {
    await response.body?.cancel();
    return false;
  }
  const text = await readText(response, MAX_PROBLEM_BYTES);
  if (text === null) return false;
  try {
    const problem: unknown = JSON.parse(text);
    return typeof problem === "object" && problem !== null && (problem as Record<string, unknown>)["type"] === SCHEMA_NOT_SERVED_TYPE;
  } catch {
    return false;
  }
}

/** The registration document of §5.2: a schema set of one, written from the generated constants (no hashing). */
export function registrationDocument(schema: PayloadSchema): string {
  const entry = `{"type":${JSON.stringify(schema.label ?? "")},"wire":${JSON.stringify(schema.wireFingerprint)}`
    + (schema.contractFingerprint === undefined ? "" : `,"contract":${JSON.stringify(schema.contractFingerprint)}`)
    + `,"schema":${schema.schema}}`;
  return `{"format":"pack-schema-set/1","schemas":[${entry}]}`;
}

function label(reader: SchemaReader, asList: boolean): string | null {
  return reader.label === undefined ? null : asList ? `list<${reader.label}>` : reader.label;
}

function authorization(headers: Record<string, string>): string | null {
  for (const k of Object.keys(headers)) {
    if (k.toLowerCase() === "authorization") return headers[k]!;
  }
  return null;
}

async function readText(response: Response, limit: number): Promise<string | null> {
  const bytes = await readUpTo(response, limit);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

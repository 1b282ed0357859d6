/**
 * Every error this package raises, in one module: one base class, {@link PackError}, whose {@link PackError.code} says
 * what went wrong (as connect-es's `ConnectError` and `Code`), and a subclass per code that carries that code's facts
 * (an offset and path, an HTTP status, a fingerprint). Every malformed input surfaces as {@link PackDecodeError}: the
 * decoders never let a `RangeError`, `TypeError` or any other error escape for bad bytes.
 */

import type { SchemaViolation } from "./schema.js";

/** What went wrong: the {@link PackError.code} of every error this package raises, one per subclass. */
export const PackErrorCode = {
  /** Bytes that are not a valid payload of the expected type: {@link PackDecodeError}. */
  Decode: "decode",
  /** A value that cannot be written: {@link PackEncodeError}. */
  Encode: "encode",
  /** The producer of a stream failed mid-stream (an Error frame): {@link PackStreamError}. */
  Stream: "stream",
  /** A document that is not a valid schema or schema set: {@link PackSchemaFormatError}. */
  SchemaFormat: "schema_format",
  /** The schema check failed (a response this client cannot read, a body the server cannot read): {@link PackSchemaMismatchError}. */
  SchemaMismatch: "schema_mismatch",
  /** `fetch` itself rejected: {@link PackNetworkError}. */
  Network: "network",
  /** The server answered a failure status: {@link PackServerError}. */
  Server: "server",
  /** The deadline expired: {@link PackDeadlineError}. */
  DeadlineExceeded: "deadline_exceeded",
  /** A success response in a content type the call cannot read: {@link PackContentError}. */
  Content: "content",
} as const;

/** One of the {@link PackErrorCode} values. */
export type PackErrorCode = (typeof PackErrorCode)[keyof typeof PackErrorCode];

/** Base class of every error this package raises; {@link code} says which kind it is. */
export class PackError extends Error {
  /** What went wrong; each code has its subclass. */
  readonly code: PackErrorCode;

  constructor(code: PackErrorCode, message?: string) {
    super(message);
    this.code = code;
  }

  override get name(): string {
    return this.constructor.name;
  }
}

/**
 * Bytes that are not a valid Pack payload of the expected type (docs/wire-format.md "must reject").
 * `offset` is the byte offset of the problem within the payload (or, for a stream, within the stream);
 * `path` is the member path of the value being read (`$.Members[3].Name`).
 */
export class PackDecodeError extends PackError {
  /** Byte offset of the problem. */
  readonly offset: number;
  /** What is wrong, without the offset and path. */
  readonly reason: string;
  /** Path segments from the root value to the failing value: member names and element indexes. */
  readonly segments: (string | number)[] = [];

  constructor(reason: string, offset: number) {
    super(PackErrorCode.Decode);
    this.reason = reason;
    this.offset = offset;
  }

  /** The member path, `$` for the root value, such as `$.Members[3].Name`. */
  get path(): string {
    let p = "$";
    for (const s of this.segments) {
      p += typeof s === "number" ? `[${s}]` : `.${s}`;
    }
    return p;
  }

  override get message(): string {
    return `${this.reason} (offset ${this.offset}, path ${this.path})`;
  }
}

/** A value that cannot be written (out of range, a lone surrogate in a string, a duplicate key, too deep). */
export class PackEncodeError extends PackError {
  /** What is wrong. */
  readonly reason: string;
  /** Path segments from the root value to the failing value. */
  readonly segments: (string | number)[] = [];

  constructor(reason: string) {
    super(PackErrorCode.Encode);
    this.reason = reason;
  }

  /** The member path, `$` for the root value. */
  get path(): string {
    let p = "$";
    for (const s of this.segments) {
      p += typeof s === "number" ? `[${s}]` : `.${s}`;
    }
    return p;
  }

  override get message(): string {
    return `${this.reason} (path ${this.path})`;
  }
}

/** The producer's error, sent as an Error frame (or a problem's fields) mid-stream. */
export class PackStreamError extends PackError {
  constructor(
    /** HTTP-like status (500 when the frame carried no details). */
    readonly status: number,
    /** Problem type URI, if any. */
    readonly type: string | null,
    /** Title, if any. */
    readonly title: string | null,
    /** Detail, if any. */
    readonly detail: string | null,
    /** The server's trace id, if any. */
    readonly traceId: string | null,
  ) {
    super(PackErrorCode.Stream, `the stream's producer failed: ${status} ${title ?? ""}${detail ? ": " + detail : ""}`.trim());
  }
}

/** A document that is not a valid schema or schema set, or whose recorded fingerprints do not match. */
export class PackSchemaFormatError extends PackError {
  constructor(message: string) {
    super(PackErrorCode.SchemaFormat, message);
  }
}

/**
 * The schema check failed: the response was written with a contract this client's type cannot read (§5.1, nothing was
 * decoded), or the server cannot read this client's request body (§5.2, its 409). `violations` lists each rule ID and
 * path (§3); it is empty when the server's schema could not be had and the client is set to fail then.
 */
export class PackSchemaMismatchError extends PackError {
  constructor(
    /** The request URL. */
    readonly url: string,
    /** `response`: this client cannot read the response; `request`: the server cannot read this client's body. */
    readonly direction: "response" | "request",
    /** The label of the reading side's type (this client's for a response, the server's for a request). */
    readonly readerType: string | null,
    /** The reading side's wire fingerprint. */
    readonly expected: string,
    /** The writing side's wire fingerprint. */
    readonly actual: string,
    /** Every violation, in the order the check found them. */
    readonly violations: readonly SchemaViolation[],
    /** Why, for people. */
    detail: string,
    /** The server's problem object (a request's 409), or null. */
    readonly problem: Record<string, unknown> | null = null,
  ) {
    super(PackErrorCode.SchemaMismatch, `schema mismatch on ${url}: ${detail}${violations.map((v) => `\n  ${v.ruleId} at ${v.path}: ${v.message}`).join("")}`);
  }
}

/** `fetch` itself rejected: no connection, DNS, CORS, a reset. The request may not have reached the server. */
export class PackNetworkError extends PackError {
  constructor(readonly url: string, override readonly cause: unknown) {
    super(PackErrorCode.Network, `network failure calling ${url}: ${String(cause)}`);
  }
}

/** A problem's field errors: field name → messages (ASP.NET Core's `ValidationProblemDetails.Errors`). */
export type FieldErrors = Record<string, string[]>;

/** The server answered a failure status; its `application/problem+json` body, when there is one, is parsed. */
export class PackServerError extends PackError {
  constructor(
    /** HTTP status. */
    readonly status: number,
    /** Problem `type`. */
    readonly type: string | null,
    /** Problem `title`. */
    readonly title: string | null,
    /** Problem `detail`. */
    readonly detail: string | null,
    /** Problem `errors` (validation), empty when none. */
    readonly errors: FieldErrors,
    /** The whole problem object (extensions such as `traceId` included), or null when the body was not JSON. */
    readonly problem: Record<string, unknown> | null,
    /** The raw body text (at most 1 MiB), or null when empty. */
    readonly body: string | null,
  ) {
    super(PackErrorCode.Server, `${status} ${title ?? ""}${detail ? ": " + detail : ""}`.trim());
  }
}

/** The deadline (`timeoutMs`) expired: reported by the server (504 with `Pack-Timeout-Expired`) or the client's timer. */
export class PackDeadlineError extends PackError {
  constructor(readonly timeoutMs: number, readonly reportedByServer: boolean) {
    super(PackErrorCode.DeadlineExceeded, `the deadline of ${timeoutMs} ms expired (${reportedByServer ? "reported by the server" : "client timer"})`);
  }
}

/** A success response whose content type is neither Pack nor (with a JSON reader) JSON. */
export class PackContentError extends PackError {
  constructor(readonly contentType: string | null, message: string) {
    super(PackErrorCode.Content, message);
  }
}

/**
 * Adds a path segment to an error thrown below a member or element, as the error unwinds; turns any other error
 * into a {@link PackDecodeError} so callers only ever see Pack's own type.
 * @internal
 */
export function decodeSegment(e: unknown, segment: string | number, offset: number): PackDecodeError {
  if (e instanceof PackDecodeError) {
    e.segments.unshift(segment);
    return e;
  }
  const wrapped = new PackDecodeError(`unexpected failure while decoding: ${String(e)}`, offset);
  wrapped.segments.push(segment);
  return wrapped;
}

/**
 * The encoding counterpart of {@link decodeSegment}: anything thrown while writing becomes a {@link PackEncodeError}.
 * @internal
 */
export function encodeSegment(e: unknown, segment: string | number): PackEncodeError {
  if (e instanceof PackEncodeError) {
    e.segments.unshift(segment);
    return e;
  }
  const wrapped = new PackEncodeError(`cannot write the value: ${String(e)}`);
  wrapped.segments.push(segment);
  return wrapped;
}

/**
 * Errors raised by the codec. Every malformed input surfaces as {@link PackDecodeError}: the decoders never let a
 * `RangeError`, `TypeError` or any other error escape for bad bytes.
 */

/** Base class of every error this package raises. */
export class PackError extends Error {
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
    super();
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
    super();
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

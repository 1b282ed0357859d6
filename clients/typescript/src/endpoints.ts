/**
 * Support for the typed endpoint functions `pack ts` generates from a served schema set's `endpoints`
 * (docs/schema.md §5.3): URL building and per-call options. The functions themselves call {@link PackClient.call} and
 * {@link PackClient.stream}, so every call has Accept negotiation, deadlines, typed errors and the schema check.
 */
import type { CallOptions, ResponseReader } from "./client.js";
import type { StreamReadOptions } from "./stream.js";

/** A route or query parameter's value; it is sent as its text (`String(value)`). */
export type ParameterValue = string | number | bigint | boolean;

/** Options of a generated endpoint function: those of the call, plus a reader for a JSON answer (`preferJson`). */
export interface EndpointOptions<T> extends CallOptions {
  /** Converts a parsed JSON body; without it a JSON answer is a `PackContentError`. */
  fromJson?: (json: unknown) => T;
}

/** Options of a generated streaming endpoint function. */
export interface EndpointStreamOptions<T> extends EndpointOptions<T>, StreamReadOptions {}

/** A route parameter's value as a path segment: its text, percent-encoded as a URI component. */
export function routeValue(value: ParameterValue): string {
  return encodeURIComponent(String(value));
}

/**
 * A catch-all route parameter's value (`{*path}`, marked `catchAll` in the schema) as path segments: split at `/`,
 * each piece percent-encoded as a URI component, joined with `/` again. Servers do not decode `%2F` in a path, so
 * `routeValue` would hand the handler `a%2Fb` for `a/b`.
 */
export function routePathValue(value: ParameterValue): string {
  const text = String(value);
  let s = "";
  let start = 0;
  for (let i = text.indexOf("/"); i !== -1; i = text.indexOf("/", start)) {
    s += encodeURIComponent(text.slice(start, i)) + "/";
    start = i + 1;
  }
  return s + encodeURIComponent(text.slice(start));
}

/** Appends the query parameters that have a value (`undefined` and `null` are left out), in order, percent-encoded. */
export function withQuery(path: string, query: Readonly<Record<string, ParameterValue | null | undefined>>): string {
  let s = "";
  for (const name in query) {
    const value = query[name];
    if (value === undefined || value === null) {
      continue;
    }
    s += `${s.length === 0 ? "?" : "&"}${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`;
  }
  return path + s;
}

/** A generated payload as the response's reader, with the caller's JSON reader when one is given. */
export function endpointReader<T>(payload: ResponseReader<T>, options: EndpointOptions<T> | undefined): ResponseReader<T> {
  return options?.fromJson === undefined ? payload : { ...payload, fromJson: options.fromJson };
}

/** The reader of an endpoint whose success answer has no Pack body: whatever it sends is not read as a value. */
export const NO_RESPONSE_BODY: ResponseReader<null> = { decode: () => null, fromJson: () => null };

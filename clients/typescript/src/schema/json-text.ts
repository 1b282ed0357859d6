/**
 * The rules of §1.5 about a schema document's JSON text, which `JSON.parse` does not keep: a bounded depth, no object
 * with two members of one name, and Unicode text (no unpaired surrogate).
 */
import { PackSchemaFormatError } from "../errors.js";
import { cut, MAX_NAME_IN_MESSAGE } from "./model.js";

/** The deepest nesting of JSON arrays and objects a schema document may have, as .NET's reader (System.Text.Json's default). */
export const MAX_SCHEMA_JSON_DEPTH = 64;

/**
 * Rejects a document nesting deeper than {@link MAX_SCHEMA_JSON_DEPTH} (the outermost object or array is level 1):
 * everything after this walks it recursively (a member's `default` is hashed by {@link canonicalJson}), and `JSON.parse`
 * reads any depth. Also stops a value that contains itself (not JSON, but `parseSchema` takes any value).
 */
export function checkJsonDepth(v: unknown, depth = 1): void {
  if (v === null || typeof v !== "object") return;
  if (depth > MAX_SCHEMA_JSON_DEPTH) {
    throw new PackSchemaFormatError(`the document nests deeper than ${MAX_SCHEMA_JSON_DEPTH} levels of arrays and objects`);
  }
  if (Array.isArray(v)) {
    for (const x of v) checkJsonDepth(x, depth + 1);
  } else {
    for (const k of Object.keys(v)) checkJsonDepth((v as Record<string, unknown>)[k], depth + 1);
  }
}

/**
 * Reads the JSON text of a schema document or set under the text's own rules of §1.5: JSON, at most
 * {@link MAX_SCHEMA_JSON_DEPTH} levels deep, no object with two members of one name, and Unicode text (no unpaired
 * surrogate, written as itself or escaped: `JSON.parse` reads both). `JSON.parse` keeps the last
 * of two members silently (another reader may keep the first), so its result is used only once the text has been
 * scanned for them; the scan also checks the depth, in place of {@link checkJsonDepth}.
 */
export function readSchemaJson(text: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new PackSchemaFormatError(`not JSON: ${String(e)}`);
  }
  const wrong = checkJsonText(text);
  if (wrong !== null) {
    throw new PackSchemaFormatError(wrong);
  }
  return json;
}

/** An open object (its names so far and its current member) or array (its current index) of {@link checkJsonText}. */
interface OpenContainer {
  readonly array: boolean;
  index: number;
  name: string;
  names: Set<string> | null;
}

/**
 * What is wrong with `text` under §1.5's text rules once it is JSON: an unpaired surrogate (raw, then escaped) or
 * nesting deeper than {@link MAX_SCHEMA_JSON_DEPTH} (checked first, over the whole text), or else the first member
 * name an object gives twice (the one whose second occurrence comes first), in .NET's words; `null` when none. One pass over the text, without recursion: a `Set`
 * of names per open object, at most {@link MAX_SCHEMA_JSON_DEPTH} open containers. Names are compared unescaped, as
 * UTF-16 code units: `"a"` and `"\u0061"` are one name. Meant for text `JSON.parse` has accepted; on any other it
 * still ends, in linear time.
 */
function checkJsonText(text: string): string | null {
  const unpaired = unpairedSurrogate(text);
  if (unpaired >= 0) {
    return `not JSON text this reader accepts: an unpaired surrogate U+${text.charCodeAt(unpaired).toString(16).toUpperCase()} at character ${unpaired} (docs/schema.md §1.5)`;
  }
  const open: OpenContainer[] = [];
  const length = text.length;
  let duplicate: string | null = null;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) { // { [
      if (open.length >= MAX_SCHEMA_JSON_DEPTH) {
        return `the document nests deeper than ${MAX_SCHEMA_JSON_DEPTH} levels of arrays and objects`;
      }
      nextValue(open);
      open.push({ array: c === 0x5b, index: -1, name: "", names: null });
      i++;
    } else if (c === 0x7d || c === 0x5d) { // } ]
      open.pop();
      i++;
    } else if (c === 0x22) { // "
      let end = i + 1;
      let escaped = false;
      while (end < length) {
        const d = text.charCodeAt(end);
        if (d === 0x22) break;
        if (d === 0x5c) {
          escaped = true;
          end++;
        }
        end++;
      }
      let after = end + 1;
      while (after < length && isJsonWhitespace(text.charCodeAt(after))) after++;
      // An escaped surrogate must pair with the next escape (§1.5): JSON.parse reads "\ud800" alone as a lone one.
      if (escaped && ESCAPED_SURROGATE.test(text.slice(i, end + 1)) && unpairedSurrogate(unescapeName(text.slice(i, end + 1))) >= 0) {
        return "not JSON text this reader accepts: a string holds an escaped unpaired surrogate (docs/schema.md §1.5)";
      }
      const top = open[open.length - 1];
      if (after < length && text.charCodeAt(after) === 0x3a && top !== undefined && !top.array) { // a name, before ':'
        if (duplicate !== null) { // found: the rest is only scanned for its depth
          i = after;
          continue;
        }
        const name = escaped ? unescapeName(text.slice(i, end + 1)) : text.slice(i + 1, end);
        top.names ??= new Set();
        if (top.names.has(name)) {
          duplicate = `${pathOf(open)}: the member ${JSON.stringify(cut(name, MAX_NAME_IN_MESSAGE))} is given twice`;
        }
        top.names.add(name);
        top.name = name;
      } else {
        nextValue(open);
      }
      i = after;
    } else if (c === 0x2c || c === 0x3a || isJsonWhitespace(c)) { // , :
      i++;
    } else { // a number, true, false or null
      nextValue(open);
      i++;
      while (i < length && !isValueEnd(text.charCodeAt(i))) i++;
    }
  }
  return duplicate;
}

/** A `\u` escape of a surrogate code unit (U+D800 … U+DFFF), in either case. */
const ESCAPED_SURROGATE = /\\u[dD][89a-fA-F]/;

/**
 * The index of the first unpaired surrogate in `s` (a high surrogate not followed by a low one, or a low one not
 * preceded by a high one), or −1: such text is not Unicode text, and .NET cannot read it as a string (§1.5).
 */
function unpairedSurrogate(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    return i;
  }
  return -1;
}

function nextValue(open: OpenContainer[]): void {
  const top = open[open.length - 1];
  if (top !== undefined && top.array) top.index++;
}

function isJsonWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isValueEnd(c: number): boolean {
  return c === 0x2c || c === 0x5d || c === 0x7d || c === 0x22 || c === 0x7b || c === 0x5b || c === 0x3a || isJsonWhitespace(c);
}

/** A quoted JSON string's value; one `JSON.parse` of a string cannot throw on text `JSON.parse` accepted whole. */
function unescapeName(quoted: string): string {
  try {
    const name: unknown = JSON.parse(quoted);
    return typeof name === "string" ? name : quoted;
  } catch {
    return quoted;
  }
}

/** The path of the innermost open object (§1.5): `$`, `types[0]`, `types[0].members[1]`, `x["a b"]`. */
function pathOf(open: readonly OpenContainer[]): string {
  let path = "$";
  for (let i = 0; i < open.length - 1; i++) {
    const container = open[i]!;
    path += container.array ? `[${container.index}]`
      : /^[A-Za-z_][A-Za-z0-9_]*$/.test(container.name) ? `.${container.name}`
      : `[${JSON.stringify(cut(container.name, MAX_NAME_IN_MESSAGE))}]`;
  }
  // As the other messages name entries: "types[0]", not "$.types[0]".
  return path.startsWith("$.") ? path.slice(2) : path;
}

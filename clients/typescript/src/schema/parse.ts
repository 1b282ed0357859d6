/**
 * Reading a schema document or schema set (docs/schema.md §1, §2.4, §5.3): every property, index and rule of §1.5
 * checked, each recorded fingerprint verified.
 */
import { PackSchemaFormatError } from "../errors.js";
import { contractFingerprint, wireFingerprint } from "./canonical.js";
import { checkJsonDepth, readSchemaJson } from "./json-text.js";
import { fullLabel, MAX_LABEL_LENGTH, schemaLabel } from "./labels.js";
import {
  cut, fail, KINDS, MAX_NAME_IN_MESSAGE, type PackSchema, type PackSchemaSetEntry, SCHEMA_FORMAT, type SchemaKind, type SchemaMember, type SchemaType, SET_FORMAT,
} from "./model.js";
import { checkEntry, InlineWalk, MAX_POSITIONS, PositionCounts, signedOf } from "./rules.js";

/** Reads a schema document (contract or wire form) from parsed JSON; every index is checked. */
export function parseSchema(json: unknown): PackSchema {
  checkJsonDepth(json);
  return readSchema(json);
}

/** {@link parseSchema} of a value whose depth is known to be within {@link MAX_SCHEMA_JSON_DEPTH}. */
function readSchema(json: unknown): PackSchema {
  const doc = asObject(json, "$");
  if (doc["format"] !== SCHEMA_FORMAT || !Array.isArray(doc["types"]) || doc["types"].length === 0) {
    throw new PackSchemaFormatError(`a schema is an object with "format": "${SCHEMA_FORMAT}" and a non-empty "types" array`);
  }
  // Array.from, not map: map skips the holes of a sparse array (parseSchema takes any value, not only parsed JSON).
  const raw = Array.from(doc["types"] as unknown[]);
  const count = raw.length;
  const types = raw.map((t, i) => readType(asObject(t, `types[${i}]`), `types[${i}]`, count));
  // §1.5, in .NET's order (each entry's own rules, then the references), so both name the same entry.
  const names = new Set<string>();
  for (let i = 0; i < types.length; i++) checkEntry(types, i, names);
  const walk = new InlineWalk(types);
  for (let i = 0; i < types.length; i++) walk.visit(i, 0);
  const counts = new PositionCounts(types);
  types.forEach((t, i) => t.members.forEach((m, j) => {
    const member = m as { nullability?: string };
    if (member.nullability === undefined) return;
    const positions = counts.count(m.type, member.nullability.length);
    if (member.nullability.length !== positions || !/^[?!~]*$/.test(member.nullability)) {
      const asked = Math.min(member.nullability.length, MAX_POSITIONS);
      const shown = positions > asked ? `more than ${asked}` : String(positions);
      throw new PackSchemaFormatError(`types[${i}].members[${j}]: "nullability" must have one of '?', '!', '~' for each of the type's ${shown} reference positions`);
    }
    if (/^~*$/.test(member.nullability)) delete member.nullability;
  }));
  return { types };
}

/** Reads a schema document (contract or wire form) from its JSON text: {@link parseSchema} after the text's own rule of §1.5. */
export function parseSchemaText(text: string): PackSchema {
  return readSchema(readSchemaJson(text));
}

/**
 * Reads a schema set (or a single schema, a set of one), verifies each recorded fingerprint against its schema, and
 * checks the set's `endpoints` as §5.3 says (this client does not use them, but accepts the sets .NET accepts).
 */
export function parseSchemaSet(text: string): PackSchemaSetEntry[] {
  const json = readSchemaJson(text);
  const doc = asObject(json, "$");
  if (doc["format"] === SCHEMA_FORMAT) {
    const schema = readSchema(doc);
    return [{ type: fullLabel(schema), wire: wireFingerprint(schema), contract: contractFingerprint(schema), schema }];
  }
  if (doc["format"] !== SET_FORMAT || !Array.isArray(doc["schemas"])) {
    throw new PackSchemaFormatError(`not a Pack schema: expected "format": "${SET_FORMAT}" or "${SCHEMA_FORMAT}"`);
  }
  const entryOfLabel = new Map<string, { index: number; entry: PackSchemaSetEntry }>();
  const entries = Array.from(doc["schemas"] as unknown[]).map((e, i) => {
    const entry = asObject(e, `schemas[${i}]`);
    const schema = readInSet(entry["schema"], i);
    const wire = wireFingerprint(schema);
    const contract = contractFingerprint(schema);
    // A recorded fingerprint is optional: absent or null, it is not checked (§1.5: an optional property that is null is absent).
    const recordedWire = recordedFingerprint(entry, "wire", i);
    const recordedContract = recordedFingerprint(entry, "contract", i);
    if ((recordedWire !== null && recordedWire !== wire) || (recordedContract !== null && recordedContract !== contract)) {
      throw new PackSchemaFormatError(`the schema of ${schemaLabel(schema)} does not match its recorded fingerprints (wire ${String(recordedWire)}, contract ${String(recordedContract)}; computed ${wire}, ${contract})`);
    }
    // One schema per root (§2.4): a set that described a root two ways would leave a lookup by label ambiguous. The
    // same schema twice (string[] and List<string>) is one entry: the first.
    const label = fullLabel(schema);
    const first = entryOfLabel.get(label);
    if (first !== undefined) {
      if (first.entry.contract !== contract) {
        fail(`schemas[${i}]: the root ${cut(label, MAX_LABEL_LENGTH)} is also described, differently, by schemas[${first.index}]; a set describes each root once`);
      }
      return null;
    }
    const result: PackSchemaSetEntry = { type: typeof entry["type"] === "string" ? entry["type"] : label, wire, contract, schema };
    entryOfLabel.set(label, { index: i, entry: result });
    return result;
  });
  checkEndpoints(doc["endpoints"], new Set(entryOfLabel.keys()));
  return entries.filter((e): e is PackSchemaSetEntry => e !== null);
}

/** A set entry's recorded `wire` or `contract`: absent or null (not checked), else a string (§2.4). */
function recordedFingerprint(entry: Record<string, unknown>, name: string, i: number): string | null {
  const v = entry[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") fail(`schemas[${i}].${name} must be a string`);
  return v;
}

/** The kinds that have a `name` (§1.1). */
const NAMED_KINDS: ReadonlySet<string> = new Set(["enum", "object", "frozen-struct", "union"]);

/** An entry's schema, its errors named from the set as the text's own rules name them (§1.5): `schemas[0].schema.types[2]`. */
function readInSet(json: unknown, i: number): PackSchema {
  try {
    return readSchema(json);
  } catch (e) {
    if (!(e instanceof PackSchemaFormatError)) throw e;
    throw new PackSchemaFormatError(e.message.startsWith("types[") ? `schemas[${i}].schema.${e.message}` : `schemas[${i}].schema: ${e.message}`);
  }
}

/**
 * Checks a served set's `endpoints` (§5.3) as .NET's `PackSchemaSet.Parse` reads them, so that both readers accept the
 * same sets: absent or null, or an array of endpoint objects whose `group`, `name`, `method` and `route` are non-empty
 * strings; `parameters` absent, null or an array of objects with `in` (`route` or `query`), non-empty `name` and `type`,
 * boolean `optional`, and `catchAll` absent, null or a boolean, `true` only on a route parameter; `request` and
 * `response` absent, null or an object with a non-empty `type`, the label of one of the set's schemas, and a boolean
 * `stream`. Unknown properties are ignored. This client does not use the endpoints (`pack ts` does).
 */
function checkEndpoints(endpoints: unknown, labels: ReadonlySet<string>): void {
  if (endpoints === undefined || endpoints === null) return;
  if (!Array.isArray(endpoints)) fail(`"endpoints" must be an array`);
  const bodies: { type: string; method: string; route: string }[] = [];
  Array.from(endpoints as unknown[]).forEach((e, i) => {
    const at = `endpoints[${i}]`;
    if (e === null || typeof e !== "object" || Array.isArray(e)) fail(`${at} is not an object`);
    const endpoint = e as Record<string, unknown>;
    const parameters = endpoint["parameters"];
    if (parameters !== undefined && parameters !== null) {
      if (!Array.isArray(parameters)) fail(`${at}.parameters must be an array`);
      Array.from(parameters as unknown[]).forEach((p, j) => {
        const where = `${at}.parameters[${j}]`;
        if (p === null || typeof p !== "object" || Array.isArray(p)) fail(`${where} is not an object`);
        const source = endpointString(p, "in", where);
        if (source !== "route" && source !== "query") fail(`${where}.in must be "route" or "query", not "${source}"`);
        const catchAll = (p as Record<string, unknown>)["catchAll"];
        if (catchAll !== undefined && catchAll !== null && endpointBoolean(p, "catchAll", where) && source !== "route") {
          fail(`${where}.catchAll: only a route parameter can be a catch-all parameter`);
        }
        endpointString(p, "name", where);
        endpointString(p, "type", where);
        endpointBoolean(p, "optional", where);
      });
    }
    endpointString(endpoint, "group", at);
    endpointString(endpoint, "name", at);
    const method = endpointString(endpoint, "method", at);
    const route = endpointString(endpoint, "route", at);
    for (const part of ["request", "response"]) {
      const body = endpoint[part];
      if (body === undefined || body === null) continue;
      const type = endpointString(body, "type", `${at}.${part}`);
      endpointBoolean(body, "stream", `${at}.${part}`);
      bodies.push({ type, method, route });
    }
  });
  for (const body of bodies) {
    if (!labels.has(body.type)) fail(`The endpoint ${body.method} ${body.route} names the type ${cut(body.type, MAX_NAME_IN_MESSAGE)}, which the set does not describe.`);
  }
}

function endpointString(v: unknown, name: string, at: string): string {
  const s = v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[name] : undefined;
  if (typeof s !== "string" || s.length === 0) fail(`${at}.${name} must be a non-empty string`);
  return s as string;
}

function endpointBoolean(v: unknown, name: string, at: string): boolean {
  const b = v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[name] : undefined;
  if (typeof b !== "boolean") fail(`${at}.${name} must be true or false`);
  return b as boolean;
}

function readType(json: Record<string, unknown>, at: string, count: number): SchemaType {
  const kind = json["kind"];
  if (typeof kind !== "string" || !(KINDS as readonly string[]).includes(kind)) {
    throw new PackSchemaFormatError(`${at}: unknown kind ${JSON.stringify(kind)}`);
  }
  if (typeof json["nullable"] !== "boolean") {
    throw new PackSchemaFormatError(`${at}: "nullable" must be true or false`);
  }
  const type: {
    kind: SchemaKind; nullable: boolean; name: string | null; primitive: string | null; width: number; signed: boolean | null;
    element: number; key: number; value: number; members: SchemaMember[]; cases: { tag: number; type: number }[]; values: { name: string | null; value: string }[];
  } = {
    // Only the named kinds have a name (§1.1); on any other it is a property the kind does not have, ignored (§1.5).
    kind: kind as SchemaKind, nullable: json["nullable"], name: NAMED_KINDS.has(kind) ? optionalString(json, "name", at) : null, primitive: null, width: 0, signed: null,
    element: -1, key: -1, value: -1, members: [], cases: [], values: [],
  };
  switch (type.kind) {
    case "primitive":
      type.primitive = optionalString(json, "primitive", at) ?? fail(`${at}: "primitive" is missing`);
      // A width is absent (a string) or a number of bytes: "width": 0 would be a string's width written out.
      type.width = "width" in json ? index(json, "width", at, 0x7fffffff) || fail(`${at}: "width" must be absent (a string) or an integer from 1 to ${0x7fffffff - 1}`) : 0;
      // Normalised (§2.1): an integer primitive's `signed` follows from its name, so leaving it out changes no fingerprint.
      type.signed = optionalBoolean(json, "signed", at) ?? signedOf(type.primitive);
      break;
    case "enum":
      type.element = index(json, "underlying", at, count);
      type.values = array(json, "values", at).map((v, i) => {
        const o = asObject(v, `${at}.values[${i}]`);
        return { name: optionalString(o, "name", `${at}.values[${i}]`), value: optionalString(o, "value", `${at}.values[${i}]`) ?? fail(`${at}.values[${i}]: "value" is missing`) };
      });
      break;
    case "nullable":
    case "list":
    case "set":
      type.element = index(json, "element", at, count);
      break;
    case "map":
      type.key = index(json, "key", at, count);
      type.value = index(json, "value", at, count);
      break;
    case "union":
      type.cases = array(json, "cases", at).map((c, i) => {
        const o = asObject(c, `${at}.cases[${i}]`);
        return { tag: index(o, "tag", `${at}.cases[${i}]`, 0xffff), type: index(o, "type", `${at}.cases[${i}]`, count) };
      });
      break;
    default:
      type.width = type.kind === "frozen-struct" ? index(json, "width", at, 0x7fffffff) : 0;
      type.members = array(json, "members", at).map((m, i) => {
        const o = asObject(m, `${at}.members[${i}]`);
        const member: { name: string | null; type: number; default?: unknown; nullability?: string } = { name: optionalString(o, "name", `${at}.members[${i}]`), type: index(o, "type", `${at}.members[${i}]`, count) };
        if (o["default"] !== undefined && o["default"] !== null) {
          checkIntegers(o["default"], `${at}.members[${i}]`);
          member.default = o["default"];
        }
        const nullability = optionalString(o, "nullability", `${at}.members[${i}]`);
        if (nullability !== null) {
          member.nullability = nullability;
        }
        return member;
      });
      break;
  }
  return type;
}

function asObject(v: unknown, at: string): Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw new PackSchemaFormatError(`${at} is not an object`);
  }
  return v as Record<string, unknown>;
}

function array(json: Record<string, unknown>, property: string, at: string): unknown[] {
  const v = json[property];
  if (!Array.isArray(v)) {
    throw new PackSchemaFormatError(`${at}: "${property}" is missing`);
  }
  return Array.from(v);
}

function optionalString(json: Record<string, unknown>, property: string, at: string): string | null {
  return optional(json, property, at, "string") as string | null;
}

function optionalBoolean(json: Record<string, unknown>, property: string, at: string): boolean | null {
  return optional(json, property, at, "boolean") as boolean | null;
}

/** An optional property (§1.5: null is absent) of the JSON type `type`. */
function optional(json: Record<string, unknown>, property: string, at: string, type: "string" | "boolean"): unknown {
  const v = json[property];
  if (v === undefined || v === null) {
    return null;
  }
  if (typeof v !== type) {
    throw new PackSchemaFormatError(`${at}: "${property}" has the wrong type`);
  }
  return v;
}

/**
 * Every number in a member's default is an integer below 2^53 in magnitude (§2.1): the canonical text holds no other,
 * and JavaScript reads no larger one exactly. The document's depth is already bounded.
 */
function checkIntegers(v: unknown, at: string): void {
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) throw new PackSchemaFormatError(`${at}: "default": a schema holds only integers below 2^53; ${v} is not one`);
  } else if (Array.isArray(v)) {
    for (const x of v) checkIntegers(x, at);
  } else if (v !== null && typeof v === "object") {
    for (const k of Object.keys(v)) checkIntegers((v as Record<string, unknown>)[k], at);
  }
}

function index(json: Record<string, unknown>, property: string, at: string, limit: number): number {
  const v = json[property];
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= limit) {
    throw new PackSchemaFormatError(`${at}: "${property}" must be an integer from 0 to ${limit - 1}`);
  }
  return v;
}

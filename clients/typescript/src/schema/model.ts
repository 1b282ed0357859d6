/**
 * The model of a Pack schema (docs/schema.md §1): a document's type entries as this client reads them, the rule IDs
 * of §3, the format names, and how errors and messages quote what a schema holds. Reading is ./parse.ts, the JSON text
 * rules of §1.5 ./json-text.ts, its entry rules ./rules.ts, canonical text and fingerprints ./canonical.ts, labels
 * ./labels.ts and compatibility ./compatibility.ts; ../schema.ts is what the package exports of them.
 */
import { PackSchemaFormatError } from "../errors.js";

/** The `kind` of a schema type entry (§1.1). */
export type SchemaKind = "primitive" | "enum" | "nullable" | "list" | "set" | "map" | "object" | "frozen-struct" | "union";

/** A member of an object or frozen struct. */
export interface SchemaMember {
  readonly name: string | null;
  readonly type: number;
  readonly default?: unknown;
  /**
   * C#'s nullability annotation (§1.4): one of `?` (nullable), `!` (non-nullable), `~` (oblivious) per reference
   * position of the member's type, in walk order; absent when there is none or every one is oblivious.
   */
  readonly nullability?: string;
}

/** One type entry of a schema (§1.1); parts refer to other entries by index, −1 when absent. */
export interface SchemaType {
  readonly kind: SchemaKind;
  readonly nullable: boolean;
  readonly name: string | null;
  readonly primitive: string | null;
  /** Bytes of a fixed-width primitive or frozen struct; 0 otherwise. */
  readonly width: number;
  readonly signed: boolean | null;
  /** A nullable's, list's or set's element; an enum's underlying primitive. */
  readonly element: number;
  readonly key: number;
  readonly value: number;
  readonly members: readonly SchemaMember[];
  readonly cases: readonly { readonly tag: number; readonly type: number }[];
  readonly values: readonly { readonly name: string | null; readonly value: string }[];
}

/** A parsed schema document (`pack-schema/1`): `types[0]` is the root. */
export interface PackSchema {
  readonly types: readonly SchemaType[];
}

/** One schema of a schema set (§2.4), its recorded fingerprints verified. */
export interface PackSchemaSetEntry {
  readonly type: string;
  readonly wire: string;
  readonly contract: string;
  readonly schema: PackSchema;
}

/** One reason why a reader's schema cannot read a writer's payloads (§3). */
export interface SchemaViolation {
  /** The stable rule ID (`MEMBER_RETYPED` …). */
  readonly ruleId: string;
  /** `$` the root, `.Name` a member, `[]` an element, `{key}`/`{value}` a map's parts, `(tag)` a union case. */
  readonly path: string;
  /** What differs, for people. */
  readonly message: string;
}

/** The rule IDs of §3. */
export const SchemaRules = {
  typeChanged: "TYPE_CHANGED",
  memberRetyped: "MEMBER_RETYPED",
  memberRemoved: "MEMBER_REMOVED",
  memberInserted: "MEMBER_INSERTED",
  memberReordered: "MEMBER_REORDERED",
  nullabilityChanged: "NULLABILITY_CHANGED",
  frozenStructChanged: "FROZEN_STRUCT_CHANGED",
  enumUnderlyingChanged: "ENUM_UNDERLYING_CHANGED",
  enumValueChanged: "ENUM_VALUE_CHANGED",
  unionTagReused: "UNION_TAG_REUSED",
  unionTagChanged: "UNION_TAG_CHANGED",
} as const;

export const KINDS: readonly SchemaKind[] = ["primitive", "enum", "nullable", "list", "set", "map", "object", "frozen-struct", "union"];
export const SCHEMA_FORMAT = "pack-schema/1";
export const SET_FORMAT = "pack-schema-set/1";
/** Names in paths and messages are cut to this length. */
export const MAX_NAME_IN_MESSAGE = 256;

/** The schema of `list<T>` (nullable, as `T[]`) around a schema of `T`: the reader of a whole array read item by item. */
export function listOf(item: PackSchema): PackSchema {
  const shift = (i: number) => (i < 0 ? i : i + 1);
  const types: SchemaType[] = [{ kind: "list", nullable: true, name: null, primitive: null, width: 0, signed: null, element: 1, key: -1, value: -1, members: [], cases: [], values: [] }];
  for (const t of item.types) {
    types.push({
      ...t,
      element: shift(t.element),
      key: shift(t.key),
      value: shift(t.value),
      members: t.members.map((m) => ({ ...m, type: m.type + 1 })),
      cases: t.cases.map((c) => ({ tag: c.tag, type: c.type + 1 })),
    });
  }
  return { types };
}

/** `s`, or its first `max − 1` characters and `…`. */
export function cut(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, max - 1) + "…";
}

/** Raises a {@link PackSchemaFormatError}: the one error a malformed schema is. */
export function fail(message: string): never {
  throw new PackSchemaFormatError(message);
}

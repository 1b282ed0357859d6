/**
 * Pack schemas (docs/schema.md): reading a schema document or schema set, canonical text and fingerprints (to verify a
 * served set), and the compatibility check of §3. Used by the client's check of a response's `Pack-Schema` (§5.1) only
 * when a fingerprint differs, so none of this runs on the common path; generated code carries each root's canonical
 * contract text and fingerprints as constants. Each concern is a module of ./schema/; this is what the package exports
 * of them (SHA-256, the §1.5 walks and the message helpers stay inside).
 */
export type { PackSchema, PackSchemaSetEntry, SchemaKind, SchemaMember, SchemaType, SchemaViolation } from "./schema/model.js";
export { listOf, SchemaRules } from "./schema/model.js";
export { parseSchema, parseSchemaSet, parseSchemaText } from "./schema/parse.js";
export { referencePositions } from "./schema/rules.js";
export { MAX_SCHEMA_JSON_DEPTH } from "./schema/json-text.js";
export { canonicalJson, canonicalText, contractFingerprint, fingerprint, wireFingerprint } from "./schema/canonical.js";
export { MAX_LABEL_LENGTH, schemaLabel, shortName, typeLabel } from "./schema/labels.js";
export { checkCompatibility, MAX_VIOLATIONS } from "./schema/compatibility.js";

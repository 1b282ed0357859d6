/** Labels (docs/schema.md §1.2): how messages, a set's lookup by root and endpoints name a schema's types. */
import { cut, type PackSchema } from "./model.js";
import { MAX_SCHEMA_LABEL_LENGTH } from "./rules.js";

/** The longest label {@link typeLabel} returns; a longer one ends in `…`. */
export const MAX_LABEL_LENGTH = 1024;

/**
 * The label (§1.2) of a schema's type, at most {@link MAX_LABEL_LENGTH} characters: it only names a type in messages,
 * and a served schema can make one as long as it likes (a name of megabytes, or nested maps whose labels double with
 * each level), repeated in every violation that names the type.
 */
export function typeLabel(schema: PackSchema, i: number): string {
  const label = { text: "" };
  appendLabel(schema, i, label, MAX_LABEL_LENGTH);
  return cut(label.text, MAX_LABEL_LENGTH);
}

/**
 * The whole label (§1.2) of a schema's root, as .NET's `PackSchema.Label` gives it: what a set's lookup by root and an
 * endpoint's `request` and `response` compare (§2.4, §5.3). A checked schema's labels have at most
 * {@link MAX_SCHEMA_LABEL_LENGTH} characters (§1.5); a longer one (a schema not checked) is cut there.
 */
export function fullLabel(schema: PackSchema): string {
  const label = { text: "" };
  appendLabel(schema, 0, label, MAX_SCHEMA_LABEL_LENGTH);
  return label.text.length <= MAX_SCHEMA_LABEL_LENGTH ? label.text : label.text.slice(0, MAX_SCHEMA_LABEL_LENGTH) + "…";
}

/**
 * Appends the label of type `i` to `label.text`, stopping once the text is longer than `max` characters: each level
 * appends at least `set<`, so the recursion is bounded by `max` however the types refer to each other.
 */
function appendLabel(schema: PackSchema, i: number, label: { text: string }, max: number): void {
  const room = max + 1 - label.text.length;
  if (room <= 0) return;
  const t = schema.types[i]!;
  switch (t.kind) {
    case "primitive":
      label.text += t.primitive!.length > room ? t.primitive!.slice(0, room) : t.primitive!;
      return;
    case "nullable":
    case "list":
    case "set":
      label.text += t.kind + "<";
      appendLabel(schema, t.element, label, max);
      label.text += ">";
      return;
    case "map":
      label.text += "map<";
      appendLabel(schema, t.key, label, max);
      label.text += ",";
      appendLabel(schema, t.value, label, max);
      label.text += ">";
      return;
    default: {
      const name = t.name ?? `#${i}`;
      label.text += name.length > room ? name.slice(0, room) : name;
    }
  }
}
/** The label of a schema's root. */
export function schemaLabel(schema: PackSchema): string {
  return typeLabel(schema, 0);
}

/** The short name (§1.2): the name after its last `.` outside angle brackets. */
export function shortName(name: string | null): string | null {
  if (name === null) return null;
  let depth = 0;
  for (let i = name.length - 1; i >= 0; i--) {
    const c = name[i];
    if (c === ">") depth++;
    else if (c === "<") depth--;
    else if (c === "." && depth === 0) return name.slice(i + 1);
  }
  return name;
}

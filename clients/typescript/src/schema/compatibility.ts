/** The compatibility check of docs/schema.md §3: whether a reader's schema reads every payload of a writer's. */
import { shortName, typeLabel } from "./labels.js";
import { cut, MAX_NAME_IN_MESSAGE, type PackSchema, SchemaRules, type SchemaType, type SchemaViolation } from "./model.js";

/** The most violations {@link checkCompatibility} lists: the first ones it finds. */
export const MAX_VIOLATIONS = 1000;
/** Paths stop growing at about this length, and names in paths and messages are cut to {@link MAX_NAME_IN_MESSAGE}. */
const MAX_PATH_LENGTH = 1024;

type CompareTask =
  | { readonly r: number; readonly w: number; readonly path: string; readonly member: boolean }
  | { readonly ruleId: string; readonly path: string; readonly message: string };

/**
 * Whether a program built with `reader` reads every payload of `writer` as the writer meant it (docs/schema.md §3):
 * every violation, in the order the check meets them, up to {@link MAX_VIOLATIONS}. Empty means compatible.
 *
 * The writer is the server's, so nothing about it is trusted: the walk keeps its own stack (a writer whose types
 * chain 100 000 deep under a recursive reader type would overflow the call stack), and names, labels and paths in
 * violations are cut to a bounded length (each violation repeats them).
 */
export function checkCompatibility(reader: PackSchema, writer: PackSchema): SchemaViolation[] {
  const violations: SchemaViolation[] = [];
  const compared = new Set<string>();
  const reported = new Set<string>();
  const report = (ruleId: string, path: string, message: string) => {
    const key = ruleId + " " + path;
    if (!reported.has(key) && violations.length < MAX_VIOLATIONS) {
      reported.add(key);
      violations.push({ ruleId, path, message });
    }
  };
  const nameOf = (name: string) => cut(name, MAX_NAME_IN_MESSAGE);
  const child = (path: string, segment: string) => (path.length > MAX_PATH_LENGTH ? path : path + segment);
  const describe = (schema: PackSchema, i: number): string => {
    const t = schema.types[i]!;
    const label = typeLabel(schema, i);
    switch (t.kind) {
      case "object": return `object ${label} (${t.members.length} members)`;
      case "frozen-struct": return `frozen struct ${label} (${t.width} bytes, ${t.members.length} members)`;
      case "union": return `union ${label}`;
      case "enum": return `enum ${label}`;
      default: return label;
    }
  };
  const sameShape = (r: SchemaType, w: SchemaType): boolean => {
    if (r.kind !== w.kind) {
      return (r.kind === "list" || r.kind === "set") && (w.kind === "list" || w.kind === "set");
    }
    switch (r.kind) {
      case "primitive": return r.primitive === w.primitive;
      case "frozen-struct": return r.width === w.width && r.members.length === w.members.length;
      case "enum": return reader.types[r.element]!.primitive === writer.types[w.element]!.primitive;
      default: return true;
    }
  };
  /** Whether every pair of types reachable from (r, w) in step is the same on the wire; pairs met again count as equal. */
  const wireEqual = (r0: number, w0: number): boolean => {
    const seen = new Set<string>();
    const pending: number[] = [r0, w0];
    while (pending.length > 0) {
      const w = pending.pop()!;
      const r = pending.pop()!;
      const key = r + "," + w;
      if (seen.has(key)) continue;
      seen.add(key);
      const rt = reader.types[r]!;
      const wt = writer.types[w]!;
      if (rt.kind !== wt.kind || rt.nullable !== wt.nullable || rt.primitive !== wt.primitive || rt.width !== wt.width
        || rt.members.length !== wt.members.length || rt.cases.length !== wt.cases.length
        || (rt.element < 0) !== (wt.element < 0) || (rt.key < 0) !== (wt.key < 0) || (rt.value < 0) !== (wt.value < 0)) {
        return false;
      }
      for (let i = 0; i < rt.members.length; i++) pending.push(rt.members[i]!.type, wt.members[i]!.type);
      for (let i = 0; i < rt.cases.length; i++) {
        if (rt.cases[i]!.tag !== wt.cases[i]!.tag) return false;
        pending.push(rt.cases[i]!.type, wt.cases[i]!.type);
      }
      if (rt.element >= 0) pending.push(rt.element, wt.element);
      if (rt.key >= 0) pending.push(rt.key, wt.key);
      if (rt.value >= 0) pending.push(rt.value, wt.value);
    }
    return true;
  };
  const indexOf = (t: SchemaType, name: string): number => t.members.findIndex((m) => m.name === name);

  /** The steps of comparing the members of two objects, in order: violations and member pairs to compare. */
  const compareMembers = (rt: SchemaType, wt: SchemaType, path: string, out: CompareTask[]) => {
    const common = Math.min(rt.members.length, wt.members.length);
    let shifted = false;
    for (let i = 0; i < common; i++) {
      const rm = rt.members[i]!;
      const wm = wt.members[i]!;
      const at = child(path, "." + (rm.name === null ? `#${i}` : nameOf(rm.name)));
      if (rm.name !== null && wm.name !== null && rm.name !== wm.name) {
        const rInWriter = indexOf(wt, rm.name);
        const wInReader = indexOf(rt, wm.name);
        if (rInWriter >= 0 || wInReader >= 0) {
          shifted ||= rInWriter < 0 || wInReader < 0;
          if (rInWriter < 0) {
            out.push({ ruleId: SchemaRules.memberRemoved, path: at, message: `the reader's member ${nameOf(rm.name)} (position ${i}) is not written any more; the writer's ${nameOf(wm.name)} takes its place` });
          } else if (wInReader < 0) {
            out.push({ ruleId: SchemaRules.memberInserted, path: child(path, "." + nameOf(wm.name)), message: `the writer inserted ${nameOf(wm.name)} at position ${i}, before the reader's ${nameOf(rm.name)} (now at ${rInWriter}); only appending is compatible` });
          } else {
            out.push({ ruleId: SchemaRules.memberReordered, path: at, message: `${nameOf(rm.name)} is at position ${i} in the reader and ${rInWriter} in the writer` });
          }
          continue;
        }
      }
      out.push({ r: rm.type, w: wm.type, path: at, member: true });
    }
    if (shifted) return;
    for (let i = common; i < wt.members.length; i++) {
      const name = wt.members[i]!.name;
      const j = name === null ? -1 : indexOf(rt, name);
      if (j >= 0 && j < common) out.push({ ruleId: SchemaRules.memberReordered, path: child(path, "." + nameOf(name!)), message: `${nameOf(name!)} is at position ${j} in the reader and ${i} in the writer` });
    }
    for (let i = common; i < rt.members.length; i++) {
      const name = rt.members[i]!.name;
      const j = name === null ? -1 : indexOf(wt, name);
      if (j >= 0 && j < common) out.push({ ruleId: SchemaRules.memberReordered, path: child(path, "." + nameOf(name!)), message: `${nameOf(name!)} is at position ${i} in the reader and ${j} in the writer` });
    }
  };

  /** The steps of comparing one pair of types, in order (the recursion of §3, unrolled onto `out`). */
  const compare = (r: number, w: number, path: string, member: boolean, out: CompareTask[]): void => {
    const rt = reader.types[r]!;
    const wt = writer.types[w]!;
    if (!sameShape(rt, wt)) {
      if (rt.kind === "frozen-struct" && wt.kind === "frozen-struct") {
        out.push({ ruleId: SchemaRules.frozenStructChanged, path, message: `the frozen struct changed from ${describe(writer, w)} (writer) to ${describe(reader, r)} (reader); a frozen struct has no header and cannot gain, lose or change members` });
      } else if (rt.kind === "enum" && wt.kind === "enum") {
        out.push({ ruleId: SchemaRules.enumUnderlyingChanged, path, message: `the enum's underlying type is ${typeLabel(writer, wt.element)} in the writer and ${typeLabel(reader, rt.element)} in the reader` });
      } else {
        out.push({ ruleId: member ? SchemaRules.memberRetyped : SchemaRules.typeChanged, path, message: `the writer writes ${describe(writer, w)}, the reader reads ${describe(reader, r)}` });
      }
      return;
    }
    switch (rt.kind) {
      case "nullable":
        out.push({ r: rt.element, w: wt.element, path, member });
        break;
      case "list":
      case "set":
        out.push({ r: rt.element, w: wt.element, path: child(path, "[]"), member: false });
        break;
      case "map":
        out.push({ r: rt.key, w: wt.key, path: child(path, "{key}"), member: false });
        out.push({ r: rt.value, w: wt.value, path: child(path, "{value}"), member: false });
        break;
      case "enum":
        for (const value of wt.values) {
          if (value.name === null) continue;
          for (const readerValue of rt.values) {
            if (readerValue.name === value.name && readerValue.value !== value.value) {
              out.push({ ruleId: SchemaRules.enumValueChanged, path, message: `${nameOf(value.name)} is ${nameOf(value.value)} in the writer and ${nameOf(readerValue.value)} in the reader` });
            }
          }
        }
        break;
      case "union":
        for (const wc of wt.cases) {
          const writerCase = shortName(writer.types[wc.type]!.name);
          for (const rc of rt.cases) {
            const readerCase = shortName(reader.types[rc.type]!.name);
            if (rc.tag === wc.tag) {
              if (writerCase !== null && readerCase !== null && writerCase !== readerCase && !wireEqual(rc.type, wc.type)) {
                out.push({ ruleId: SchemaRules.unionTagReused, path: child(path, `(${wc.tag})`), message: `tag ${wc.tag} is ${nameOf(writerCase)} in the writer and ${nameOf(readerCase)} in the reader` });
              } else {
                out.push({ r: rc.type, w: wc.type, path: child(path, `(${wc.tag})`), member: false });
              }
            } else if (writerCase !== null && writerCase === readerCase) {
              out.push({ ruleId: SchemaRules.unionTagChanged, path, message: `${nameOf(writerCase)} has tag ${wc.tag} in the writer and ${rc.tag} in the reader` });
            }
          }
        }
        break;
      case "frozen-struct":
        for (let i = 0; i < rt.members.length; i++) {
          if (!wireEqual(rt.members[i]!.type, wt.members[i]!.type)) {
            out.push({ ruleId: SchemaRules.frozenStructChanged, path, message: `member ${i} (${rt.members[i]!.name === null ? "#" + i : nameOf(rt.members[i]!.name!)}) is ${describe(writer, wt.members[i]!.type)} in the writer and ${describe(reader, rt.members[i]!.type)} in the reader; a frozen struct cannot change` });
            break;
          }
        }
        break;
      case "object":
        if (wt.nullable && !rt.nullable) {
          out.push({ ruleId: SchemaRules.nullabilityChanged, path, message: "the writer's type is a class (may be null), the reader's a struct (never null)" });
        }
        compareMembers(rt, wt, path, out);
        break;
      default:
        break;
    }
  };

  // Depth first, in the order the recursion of §3 meets them: a pair's steps replace it on the stack, first step on top.
  const stack: CompareTask[] = [{ r: 0, w: 0, path: "$", member: false }];
  const steps: CompareTask[] = [];
  while (stack.length > 0 && violations.length < MAX_VIOLATIONS) {
    const task = stack.pop()!;
    if ("ruleId" in task) {
      report(task.ruleId, task.path, task.message);
      continue;
    }
    const key = task.r + "," + task.w;
    if (compared.has(key)) continue;
    compared.add(key);
    steps.length = 0;
    compare(task.r, task.w, task.path, task.member, steps);
    for (let i = steps.length - 1; i >= 0; i--) stack.push(steps[i]!);
  }
  return violations;
}

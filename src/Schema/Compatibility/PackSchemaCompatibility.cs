using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;

namespace Pack.Schema;

/// <summary>
/// The compatibility check of two schemas (docs/schema.md §3), in the Pack.Schema package: called as
/// <c>PackSchema.CheckCompatibility(reader, writer)</c>, an extension of <see cref="PackSchema"/>.
/// </summary>
public static class PackSchemaCompatibility
{
    extension(PackSchema)
    {
        /// <summary>
        /// Whether a program built with <paramref name="reader"/> reads every payload of <paramref name="writer"/> as the
        /// writer meant it (docs/schema.md §3): every violation, with its rule ID and path. Empty means compatible;
        /// appended members are compatible both ways.
        /// </summary>
        /// <param name="reader">The reading side's schema.</param>
        /// <param name="writer">The writing side's schema.</param>
        /// <returns>The violations, in the order they were found.</returns>
        public static IReadOnlyList<PackSchemaViolation> CheckCompatibility(PackSchema reader, PackSchema writer)
        {
            ArgumentNullException.ThrowIfNull(reader);
            ArgumentNullException.ThrowIfNull(writer);
            var check = new CompatibilityCheck(reader, writer);
            check.Compare(0, 0, SchemaPath.Root, member: false, levels: 0);
            return check.Violations;
        }
    }

    private sealed class CompatibilityCheck(PackSchema reader, PackSchema writer)
    {
        private const int FreshStackSize = 4 * 1024 * 1024;

        private readonly HashSet<(int, int)> compared = [];
        private readonly HashSet<(string, string)> reported = [];

        public List<PackSchemaViolation> Violations { get; } = [];

        public void Compare(int r, int w, SchemaPath path, bool member, int levels)
        {
            // No payload nests deeper than the largest MaxDepth, so what lies below it can never be read: comparing it
            // would only let two hostile schemas of long chains of objects run the check out of stack.
            if (levels > PackSerializerOptions.MaxDepthLimit || !compared.Add((r, w)))
            {
                return;
            }

            if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
            {
                // 1,000 levels need more stack than a thread may have left: go on with this pair on a fresh thread (as
                // Roslyn's StackGuard does), once per stackful, so the check stays exact and never overflows.
                compared.Remove((r, w));
                ExceptionDispatchInfo? failure = null;
                var fresh = new Thread(
                    () =>
                    {
                        try
                        {
                            Compare(r, w, path, member, levels);
                        }
                        catch (Exception exception)
                        {
                            failure = ExceptionDispatchInfo.Capture(exception);
                        }
                    },
                    FreshStackSize);
                fresh.Start();
                fresh.Join();
                failure?.Throw();
                return;
            }

            var rt = reader.Types[r];
            var wt = writer.Types[w];
            string retyped = member ? PackSchemaRules.MemberRetyped : PackSchemaRules.TypeChanged;
            if (!SameShape(rt, wt))
            {
                if (rt.Kind == PackSchemaKind.FrozenStruct && wt.Kind == PackSchemaKind.FrozenStruct)
                {
                    Report(PackSchemaRules.FrozenStructChanged, path, $"the frozen struct changed from {Describe(writer, w)} (writer) to {Describe(reader, r)} (reader); a frozen struct has no header and cannot gain, lose or change members");
                }
                else if (rt.Kind == PackSchemaKind.Enum && wt.Kind == PackSchemaKind.Enum)
                {
                    Report(PackSchemaRules.EnumUnderlyingChanged, path, $"the enum's underlying type is {writer.LabelOf(wt.Element)} in the writer and {reader.LabelOf(rt.Element)} in the reader");
                }
                else
                {
                    Report(retyped, path, $"the writer writes {Describe(writer, w)}, the reader reads {Describe(reader, r)}");
                }

                return;
            }

            switch (rt.Kind)
            {
                case PackSchemaKind.Nullable:
                    Compare(rt.Element, wt.Element, path, member, levels);
                    break;
                case PackSchemaKind.List:
                case PackSchemaKind.Set:
                    Compare(rt.Element, wt.Element, path.Append("[]"), member: false, levels + 1);
                    break;
                case PackSchemaKind.Map:
                    Compare(rt.Key, wt.Key, path.Append("{key}"), member: false, levels + 1);
                    Compare(rt.Value, wt.Value, path.Append("{value}"), member: false, levels + 1);
                    break;
                case PackSchemaKind.Enum:
                    CompareEnums(rt, wt, path);
                    break;
                case PackSchemaKind.Union:
                    CompareUnions(rt, wt, path, levels);
                    break;
                case PackSchemaKind.FrozenStruct:
                    for (int i = 0; i < rt.Members.Count; i++)
                    {
                        if (!WireEqual(rt.Members[i].Type, wt.Members[i].Type, []))
                        {
                            Report(PackSchemaRules.FrozenStructChanged, path, $"member {i} ({rt.Members[i].Name ?? "#" + i}) is {Describe(writer, wt.Members[i].Type)} in the writer and {Describe(reader, rt.Members[i].Type)} in the reader; a frozen struct cannot change");
                            break;
                        }
                    }

                    break;
                case PackSchemaKind.Object:
                    if (wt.Nullable && !rt.Nullable)
                    {
                        Report(PackSchemaRules.NullabilityChanged, path, "the writer's type is a class (may be null), the reader's a struct (never null)");
                    }

                    CompareMembers(rt, wt, path, levels + 1);
                    break;
            }
        }

        private void CompareMembers(PackSchemaType rt, PackSchemaType wt, SchemaPath path, int levels)
        {
            int common = Math.Min(rt.Members.Count, wt.Members.Count);
            bool shifted = false;
            for (int i = 0; i < common; i++)
            {
                var rm = rt.Members[i];
                var wm = wt.Members[i];
                var at = path.Append("." + (rm.Name ?? "#" + i));
                if (rm.Name is not null && wm.Name is not null && !string.Equals(rm.Name, wm.Name, StringComparison.Ordinal))
                {
                    int rInWriter = IndexOf(wt, rm.Name);
                    int wInReader = IndexOf(rt, wm.Name);
                    if (rInWriter >= 0 || wInReader >= 0)
                    {
                        shifted |= rInWriter < 0 || wInReader < 0;
                        if (rInWriter < 0)
                        {
                            Report(PackSchemaRules.MemberRemoved, at, $"the reader's member {rm.Name} (position {i}) is not written any more; the writer's {wm.Name} takes its place");
                        }
                        else if (wInReader < 0)
                        {
                            Report(PackSchemaRules.MemberInserted, path.Append("." + wm.Name), $"the writer inserted {wm.Name} at position {i}, before the reader's {rm.Name} (now at {rInWriter}); only appending is compatible");
                        }
                        else
                        {
                            Report(PackSchemaRules.MemberReordered, at, $"{rm.Name} is at position {i} in the reader and {rInWriter} in the writer");
                        }

                        continue;
                    }
                }

                Compare(rm.Type, wm.Type, at, member: true, levels);
            }

            // A member the writer appended may not be one the reader has further up (and the reverse): that is a move,
            // unless a removal or insertion above already explains why the members below it moved.
            if (shifted)
            {
                return;
            }

            for (int i = common; i < wt.Members.Count; i++)
            {
                if (wt.Members[i].Name is { } name && IndexOf(rt, name) is >= 0 and var j && j < common)
                {
                    Report(PackSchemaRules.MemberReordered, path.Append("." + name), $"{name} is at position {j} in the reader and {i} in the writer");
                }
            }

            for (int i = common; i < rt.Members.Count; i++)
            {
                if (rt.Members[i].Name is { } name && IndexOf(wt, name) is >= 0 and var j && j < common)
                {
                    Report(PackSchemaRules.MemberReordered, path.Append("." + name), $"{name} is at position {i} in the reader and {j} in the writer");
                }
            }
        }

        private void CompareEnums(PackSchemaType rt, PackSchemaType wt, SchemaPath path)
        {
            foreach (var value in wt.Values)
            {
                if (value.Name is null)
                {
                    continue;
                }

                foreach (var readerValue in rt.Values)
                {
                    if (readerValue.Name == value.Name && readerValue.Value != value.Value)
                    {
                        Report(PackSchemaRules.EnumValueChanged, path, $"{value.Name} is {value.Value} in the writer and {readerValue.Value} in the reader");
                    }
                }
            }
        }

        private void CompareUnions(PackSchemaType rt, PackSchemaType wt, SchemaPath path, int levels)
        {
            foreach (var wc in wt.Cases)
            {
                string? writerCase = writer.Types[wc.Type].ShortName;
                foreach (var rc in rt.Cases)
                {
                    string? readerCase = reader.Types[rc.Type].ShortName;
                    if (rc.Tag == wc.Tag)
                    {
                        if (writerCase is not null && readerCase is not null && writerCase != readerCase && !WireEqual(rc.Type, wc.Type, []))
                        {
                            Report(PackSchemaRules.UnionTagReused, path.Append("(" + wc.Tag + ")"), $"tag {wc.Tag} is {writerCase} in the writer and {readerCase} in the reader");
                        }
                        else
                        {
                            Compare(rc.Type, wc.Type, path.Append("(" + wc.Tag + ")"), member: false, levels);
                        }
                    }
                    else if (writerCase is not null && writerCase == readerCase)
                    {
                        Report(PackSchemaRules.UnionTagChanged, path, $"{writerCase} has tag {wc.Tag} in the writer and {rc.Tag} in the reader");
                    }
                }
            }
        }

        /// <summary>Whether the kinds and top-level shape match (parts are compared separately).</summary>
        private bool SameShape(PackSchemaType r, PackSchemaType w)
        {
            if (r.Kind != w.Kind)
            {
                return (r.Kind is PackSchemaKind.List or PackSchemaKind.Set) && (w.Kind is PackSchemaKind.List or PackSchemaKind.Set);
            }

            return r.Kind switch
            {
                PackSchemaKind.Primitive => r.Primitive == w.Primitive,
                PackSchemaKind.FrozenStruct => r.Width == w.Width && r.Members.Count == w.Members.Count,
                PackSchemaKind.Enum => reader.Types[r.Element].Primitive == writer.Types[w.Element].Primitive,
                _ => true,
            };
        }

        /// <summary>Whether two types are the same on the wire, names aside.</summary>
        private bool WireEqual(int r, int w, HashSet<(int, int)> seen)
        {
            if (!seen.Add((r, w)))
            {
                return true;
            }

            var rt = reader.Types[r];
            var wt = writer.Types[w];
            if (rt.Kind != wt.Kind || rt.Nullable != wt.Nullable || rt.Primitive != wt.Primitive || rt.Width != wt.Width
                || rt.Members.Count != wt.Members.Count || rt.Cases.Count != wt.Cases.Count)
            {
                return false;
            }

            for (int i = 0; i < rt.Members.Count; i++)
            {
                if (!WireEqual(rt.Members[i].Type, wt.Members[i].Type, seen))
                {
                    return false;
                }
            }

            for (int i = 0; i < rt.Cases.Count; i++)
            {
                if (rt.Cases[i].Tag != wt.Cases[i].Tag || !WireEqual(rt.Cases[i].Type, wt.Cases[i].Type, seen))
                {
                    return false;
                }
            }

            return (rt.Element < 0 || WireEqual(rt.Element, wt.Element, seen))
                && (rt.Key < 0 || WireEqual(rt.Key, wt.Key, seen))
                && (rt.Value < 0 || WireEqual(rt.Value, wt.Value, seen));
        }

        private static int IndexOf(PackSchemaType type, string name)
        {
            for (int i = 0; i < type.Members.Count; i++)
            {
                if (type.Members[i].Name == name)
                {
                    return i;
                }
            }

            return -1;
        }

        private static string Describe(PackSchema schema, int index)
        {
            var type = schema.Types[index];
            return type.Kind switch
            {
                PackSchemaKind.Object => $"object {schema.LabelOf(index)} ({type.Members.Count} members)",
                PackSchemaKind.FrozenStruct => $"frozen struct {schema.LabelOf(index)} ({type.Width} bytes, {type.Members.Count} members)",
                PackSchemaKind.Union => $"union {schema.LabelOf(index)}",
                PackSchemaKind.Enum => $"enum {schema.LabelOf(index)}",
                _ => schema.LabelOf(index),
            };
        }

        private void Report(string rule, SchemaPath at, string message)
        {
            string path = at.ToString();
            if (reported.Add((rule, path)))
            {
                Violations.Add(new PackSchemaViolation(rule, path, message));
            }
        }
    }

    /// <summary>
    /// A member path (<c>$.Lines[].Amount</c>) as its parent and its last segment: written out only for a violation, so
    /// that comparing deeply nested types costs each level one small object, not a copy of the whole path.
    /// </summary>
    private sealed class SchemaPath(SchemaPath? parent, string segment)
    {
        public static readonly SchemaPath Root = new(null, "$");

        private readonly SchemaPath? _parent = parent;
        private readonly string _segment = segment;

        public SchemaPath Append(string next) => new(this, next);

        public override string ToString()
        {
            var segments = new Stack<string>();
            for (var at = this; at is not null; at = at._parent)
            {
                segments.Push(at._segment);
            }

            return string.Concat(segments);
        }
    }
}

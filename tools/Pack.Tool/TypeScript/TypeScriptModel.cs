using Pack.Schema;

namespace Pack.Tool.TypeScript;

/// <summary>
/// What <c>pack ts</c> generates from, built once from a schema set: the types merged across the set's schemas by their
/// label (§1.2, so a type shared by several roots is one type), the annotated variants members need (§1.4), the roots
/// and the endpoints. Facts only; <see cref="TypeScriptNames"/> names them and <see cref="TypeScriptEmitter"/> writes them.
/// </summary>
internal sealed class TypeScriptModel
{
    private TypeScriptModel()
    {
    }

    /// <summary>The types by label, in first-seen order (the order the module declares them in).</summary>
    public Dictionary<string, TypeScriptType> Types { get; } = new(StringComparer.Ordinal);

    /// <summary>The roots, one per label, in the set's order.</summary>
    public List<TypeScriptRoot> Roots { get; } = [];

    /// <summary>The served endpoints (§5.3), in the set's order.</summary>
    public List<PackSchemaEndpoint> Endpoints { get; } = [];

    /// <summary>Builds the model of a set.</summary>
    /// <exception cref="FormatException">A schema is a wire form (it has no names to generate from).</exception>
    public static TypeScriptModel Build(PackSchemaSet schemas)
    {
        var model = new TypeScriptModel();
        foreach (var schema in schemas.Schemas)
        {
            model.Add(schema);
        }

        model.Endpoints.AddRange(schemas.Endpoints);
        return model;
    }

    /// <summary>The root whose schema's label (the set's entry an endpoint names) is <paramref name="schemaLabel"/>.</summary>
    /// <exception cref="FormatException">No root has it.</exception>
    public TypeScriptRoot RootOf(string schemaLabel)
        => Roots.Find(r => r.SchemaLabel == schemaLabel)
           ?? throw new FormatException($"An endpoint names the type {schemaLabel}, which the schema set does not describe.");

    /// <summary>
    /// The types the module uses: the roots, every named type (exported) and what they refer to. An unnamed type that
    /// only an annotated variant replaced (<c>list&lt;string&gt;</c> where every use is <c>List&lt;string&gt;</c>,
    /// docs/schema.md §6) is left out, as its functions would be unused.
    /// </summary>
    public HashSet<string> Used()
    {
        var used = new HashSet<string>(StringComparer.Ordinal);
        var pending = new Stack<string>(Roots.Select(r => r.Label).Concat(Types.Values.Where(t => t.Name is not null).Select(t => t.Label)));
        while (pending.Count > 0)
        {
            var label = pending.Pop();
            if (!used.Add(label))
            {
                continue;
            }

            foreach (var part in Types[label].Parts())
            {
                pending.Push(part);
            }
        }

        return used;
    }

    private void Add(PackSchema schema)
    {
        var entries = schema.Types;
        var labels = new string?[entries.Count];
        string Label(int index)
        {
            if (labels[index] is { } known)
            {
                return known;
            }

            // The merge key: PackSchema's label (§1.2), with a non-nullable list marked, as it is a different TS type.
            var e = entries[index];
            var label = e.Kind switch
            {
                PackSchemaKind.Primitive => e.Primitive!,
                PackSchemaKind.Nullable => $"nullable<{Label(e.Element)}>",
                PackSchemaKind.List => $"list<{Label(e.Element)}>" + (e.Nullable ? "" : "!"),
                PackSchemaKind.Set => $"set<{Label(e.Element)}>",
                PackSchemaKind.Map => $"map<{Label(e.Key)},{Label(e.Value)}>",
                _ => e.Name ?? throw WireForm(),
            };
            labels[index] = label;
            return label;
        }

        // The label of the type at `index` where a member's annotation (docs/schema.md §1.4) puts `!` (TS: no null) on
        // some of its positions: the plain label when only the position itself is `!` (the member site checks it), a
        // variant that checks its elements, keys or values where they are `!`.
        string Annotated(int index, string? annotation, ref int cursor, out bool nonNull)
        {
            var e = entries[index];
            nonNull = e.Nullable && e.Kind != PackSchemaKind.Nullable && annotation is not null && annotation[cursor++] == '!';
            int[] parts = e.Kind switch
            {
                PackSchemaKind.List or PackSchemaKind.Set or PackSchemaKind.Nullable => [e.Element],
                PackSchemaKind.Map => [e.Key, e.Value],
                _ => [],
            };
            var labels = new string[parts.Length];
            var strict = new bool[parts.Length];
            var plain = true;
            for (var p = 0; p < parts.Length; p++)
            {
                labels[p] = Annotated(parts[p], annotation, ref cursor, out strict[p]);

                // A map key is never null (wire-format §5), so its `!` checks nothing: a variant for it alone would be
                // the plain map again, emitted twice under one name when both are used.
                strict[p] &= !(e.Kind == PackSchemaKind.Map && p == 0);
                plain &= !strict[p] && labels[p] == Label(parts[p]);
            }

            if (plain)
            {
                return Label(index);
            }

            string Part(int p) => labels[p] + (strict[p] ? " not null" : "");
            var variant = e.Kind == PackSchemaKind.Map ? $"map<{Part(0)},{Part(1)}>" : $"{Label(index)[..Label(index).IndexOf('<', StringComparison.Ordinal)]}<{Part(0)}>" + (e.Nullable ? "" : "!");
            if (!Types.ContainsKey(variant))
            {
                Types[variant] = new TypeScriptType(variant, e.Kind, e.Nullable)
                {
                    Element = e.Kind == PackSchemaKind.Map ? null : labels[0],
                    Key = e.Kind == PackSchemaKind.Map ? labels[0] : null,
                    Value = e.Kind == PackSchemaKind.Map ? labels[1] : null,
                    ElementNonNull = e.Kind != PackSchemaKind.Map && strict[0],
                    ValueNonNull = e.Kind == PackSchemaKind.Map && strict[1],
                };
            }

            return variant;
        }

        for (var i = 0; i < entries.Count; i++)
        {
            var label = Label(i);
            if (Types.ContainsKey(label))
            {
                continue;
            }

            var e = entries[i];
            var type = new TypeScriptType(label, e.Kind, e.Nullable)
            {
                Name = e.Name,
                Primitive = e.Primitive,
                Width = e.Width,
                Element = e.Kind is PackSchemaKind.Nullable or PackSchemaKind.List or PackSchemaKind.Set ? Label(e.Element) : null,
                Key = e.Kind == PackSchemaKind.Map ? Label(e.Key) : null,
                Value = e.Kind == PackSchemaKind.Map ? Label(e.Value) : null,
                Underlying = e.Kind == PackSchemaKind.Enum ? Label(e.Element) : null,
            };
            foreach (var m in e.Members)
            {
                var cursor = 0;
                var memberLabel = Annotated(m.Type, m.Nullability, ref cursor, out var nonNull);
                type.Members.Add(new TypeScriptMember(m.Name ?? throw WireForm(), memberLabel, m.Default?.DeepClone()) { NonNull = nonNull });
            }

            foreach (var c in e.Cases)
            {
                type.Cases.Add(new TypeScriptCase(c.Tag, Label(c.Type)));
            }

            foreach (var value in e.Values)
            {
                type.Values.Add((value.Name ?? throw WireForm(), value.Value));
            }

            Types[label] = type;
        }

        // Several C# roots can be one schema type (string[] and List<string> are both list<string>): emit it once.
        var root = Label(0);
        if (!Roots.Exists(r => r.Label == root))
        {
            Roots.Add(new TypeScriptRoot(root, schema.WireFingerprint, schema.ContractFingerprint, schema.Label, schema.CanonicalText));
        }
    }

    private static FormatException WireForm() =>
        new("The schema is a wire form (no names): TypeScript is generated from the contract form that pack schema export writes.");
}

using Pack.Schema;
using Pack.Tool.Codegen;

namespace Pack.Tool.TypeScript;

/// <summary>
/// What <c>pack ts</c> generates from, built once from the set's language-neutral <see cref="ContractModel"/>: the types
/// by their TypeScript merge key (the label, §1.2, so a type shared by several roots is one type, and a non-nullable list
/// another than a nullable one), the annotated variants members need (§1.4), the roots (one per label) and the endpoints.
/// Facts only; <see cref="TypeScriptNames"/> names them and <see cref="TypeScriptEmitter"/> writes them.
/// </summary>
internal sealed class TypeScriptModel
{
    private readonly ContractModel _contracts;

    private TypeScriptModel(ContractModel contracts)
    {
        _contracts = contracts;
    }

    /// <summary>The types by label, in first-seen order (the order the module declares them in).</summary>
    public Dictionary<string, TypeScriptType> Types { get; } = new(StringComparer.Ordinal);

    /// <summary>The roots, one per label, in the set's order.</summary>
    public List<TypeScriptRoot> Roots { get; } = [];

    /// <summary>The served endpoints (§5.3), in the set's order.</summary>
    public List<PackSchemaEndpoint> Endpoints { get; } = [];

    /// <summary>Builds the TypeScript model of a set's contract model.</summary>
    /// <exception cref="FormatException">A schema is a wire form (it has no names to generate from).</exception>
    public static TypeScriptModel Build(ContractModel contracts)
    {
        var model = new TypeScriptModel(contracts);
        foreach (var named in contracts.Named.Values)
        {
            model.Add(named);
        }

        // Several C# roots can be one schema type (string[] and List<string> are both list<string>): emit it once.
        foreach (var root in contracts.Roots)
        {
            var label = model.Label(root.Type);
            if (!model.Roots.Exists(r => r.Label == label))
            {
                model.Roots.Add(new TypeScriptRoot(label, root.Wire, root.Contract, root.Label, root.CanonicalText));
            }
        }

        model.Endpoints.AddRange(contracts.Endpoints);
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

    private void Add(ContractNamedType named)
    {
        var type = new TypeScriptType(named.DotnetName ?? throw WireForm(), named.Kind, named.Nullable)
        {
            Name = named.DotnetName,
            Width = named.Width,
            Underlying = named.Underlying is { } underlying ? Label(new ContractPrimitive(underlying, Nullable: false)) : null,
        };
        foreach (var m in named.Members)
        {
            var cursor = 0;
            var memberLabel = Annotated(m.Type, m.Nullability, ref cursor, out var nonNull);
            type.Members.Add(new TypeScriptMember(m.Name ?? throw WireForm(), memberLabel, m.Default) { NonNull = nonNull });
        }

        foreach (var c in named.Cases)
        {
            type.Cases.Add(new TypeScriptCase(c.Tag, c.CaseKey));
        }

        foreach (var (name, value) in named.Values)
        {
            type.Values.Add((name ?? throw WireForm(), value));
        }

        Types[type.Label] = type;
    }

    /// <summary>
    /// The label of a type (the merge key: PackSchema's label, §1.2, with a non-nullable list marked, as it is a
    /// different TS type), its unnamed types added on first use.
    /// </summary>
    private string Label(ContractType type)
    {
        var (label, entry) = type switch
        {
            ContractPrimitive p => (p.Name, new TypeScriptType(p.Name, PackSchemaKind.Primitive, p.Nullable) { Primitive = p.Name }),
            ContractNullable n => Unnamed($"nullable<{Label(n.Element)}>", PackSchemaKind.Nullable, nullable: true, Label(n.Element)),
            ContractList l => Unnamed($"list<{Label(l.Element)}>" + (l.Nullable ? "" : "!"), PackSchemaKind.List, l.Nullable, Label(l.Element)),
            ContractSet s => Unnamed($"set<{Label(s.Element)}>", PackSchemaKind.Set, s.Nullable, Label(s.Element)),
            ContractMap m => ($"map<{Label(m.Key)},{Label(m.Value)}>", new TypeScriptType($"map<{Label(m.Key)},{Label(m.Value)}>", PackSchemaKind.Map, m.Nullable) { Key = Label(m.Key), Value = Label(m.Value) }),
            ContractNamedRef r => (r.Key, null),
            _ => throw new InvalidOperationException(type.ToString()),
        };
        if (entry is not null)
        {
            Types.TryAdd(label, entry);
        }

        return label;
    }

    private static (string, TypeScriptType) Unnamed(string label, PackSchemaKind kind, bool nullable, string element)
        => (label, new TypeScriptType(label, kind, nullable) { Element = element });

    /// <summary>Whether a type's own position takes a character of an annotation (§1.4): a reference that can be null.</summary>
    private bool Nullable(ContractType type) => type switch
    {
        ContractPrimitive p => p.Nullable,
        ContractList l => l.Nullable,
        ContractSet s => s.Nullable,
        ContractMap m => m.Nullable,
        ContractNamedRef r => _contracts.Named[r.Key].Nullable,
        _ => false,
    };

    /// <summary>
    /// The label of <paramref name="type"/> where a member's annotation (docs/schema.md §1.4) puts `!` (TS: no null) on
    /// some of its positions: the plain label when only the position itself is `!` (the member site checks it), a
    /// variant that checks its elements, keys or values where they are `!`.
    /// </summary>
    private string Annotated(ContractType type, string? annotation, ref int cursor, out bool nonNull)
    {
        nonNull = Nullable(type) && annotation is not null && annotation[cursor++] == '!';
        ContractType[] parts = type switch
        {
            ContractList l => [l.Element],
            ContractSet s => [s.Element],
            ContractNullable n => [n.Element],
            ContractMap m => [m.Key, m.Value],
            _ => [],
        };
        var labels = new string[parts.Length];
        var strict = new bool[parts.Length];
        var plain = true;
        var map = type is ContractMap;
        for (var p = 0; p < parts.Length; p++)
        {
            labels[p] = Annotated(parts[p], annotation, ref cursor, out strict[p]);

            // A map key is never null (wire-format §5), so its `!` checks nothing: a variant for it alone would be
            // the plain map again, emitted twice under one name when both are used.
            strict[p] &= !(map && p == 0);
            plain &= !strict[p] && labels[p] == Label(parts[p]);
        }

        var label = Label(type);
        if (plain)
        {
            return label;
        }

        var entry = Types[label];
        string Part(int p) => labels[p] + (strict[p] ? " not null" : "");
        var variant = map ? $"map<{Part(0)},{Part(1)}>" : $"{label[..label.IndexOf('<', StringComparison.Ordinal)]}<{Part(0)}>" + (entry.Nullable ? "" : "!");
        Types.TryAdd(variant, new TypeScriptType(variant, entry.Kind, entry.Nullable)
        {
            Element = map ? null : labels[0],
            Key = map ? labels[0] : null,
            Value = map ? labels[1] : null,
            ElementNonNull = !map && strict[0],
            ValueNonNull = map && strict[1],
        });
        return variant;
    }

    private static FormatException WireForm() =>
        new("The schema is a wire form (no names): TypeScript is generated from the contract form that pack schema export writes.");
}

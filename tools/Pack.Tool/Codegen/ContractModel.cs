using Pack.Schema;

namespace Pack.Tool.Codegen;

/// <summary>
/// What every generator (<c>pack ts</c>, <c>pack py</c>) generates from, built once from a schema set and the same for
/// each language: the named types (one per name across the set's schemas, in the order the schemas first reach them),
/// the roots and the endpoints. Facts only; each language names them and writes them in its own emitter.
/// </summary>
internal sealed class ContractModel
{
    private ContractModel(Dictionary<string, ContractNamedType> named, List<ContractRoot> roots, IReadOnlyList<PackSchemaEndpoint> endpoints, HashSet<string> keyTypes)
    {
        Named = named;
        Roots = roots;
        Endpoints = endpoints;
        KeyTypes = keyTypes;
    }

    /// <summary>The named types in first-seen order.</summary>
    public Dictionary<string, ContractNamedType> Named { get; }

    /// <summary>The roots in the set's order, one per schema.</summary>
    public List<ContractRoot> Roots { get; }

    /// <summary>The served endpoints (§5.3), in the set's order.</summary>
    public IReadOnlyList<PackSchemaEndpoint> Endpoints { get; }

    /// <summary>Named types used as a dictionary key or set element (values that must hash and compare by value).</summary>
    public HashSet<string> KeyTypes { get; }

    /// <summary>Builds the model of a set.</summary>
    public static ContractModel Build(PackSchemaSet set)
    {
        ArgumentNullException.ThrowIfNull(set);
        var named = new Dictionary<string, ContractNamedType>(StringComparer.Ordinal);
        var roots = new List<ContractRoot>();
        var keyTypes = new HashSet<string>(StringComparer.Ordinal);
        for (int s = 0; s < set.Schemas.Count; s++)
        {
            var schema = set.Schemas[s];
            var refs = new ContractType?[schema.Types.Count];
            roots.Add(new ContractRoot(schema.Label, Resolve(schema, s, 0, refs, named, keyTypes), schema.WireFingerprint, schema.ContractFingerprint, schema.CanonicalText));
        }

        return new ContractModel(named, roots, set.Endpoints, keyTypes);
    }

    private static ContractType Resolve(PackSchema schema, int s, int index, ContractType?[] refs, Dictionary<string, ContractNamedType> named, HashSet<string> keyTypes)
    {
        if (refs[index] is { } known)
        {
            return known;
        }

        var t = schema.Types[index];
        ContractType Part(int i) => Resolve(schema, s, i, refs, named, keyTypes);
        switch (t.Kind)
        {
            case PackSchemaKind.Primitive:
                return refs[index] = new ContractPrimitive(t.Primitive!, t.Nullable);
            case PackSchemaKind.Nullable:
                return refs[index] = new ContractNullable(Part(t.Element));
            case PackSchemaKind.List:
                return refs[index] = new ContractList(Part(t.Element), t.Nullable);
            case PackSchemaKind.Set:
                var element = Part(t.Element);
                MarkKey(element, keyTypes);
                return refs[index] = new ContractSet(element, t.Nullable);
            case PackSchemaKind.Map:
                var key = Part(t.Key);
                MarkKey(key, keyTypes);
                return refs[index] = new ContractMap(key, Part(t.Value), t.Nullable);
        }

        string id = t.Name ?? $"#{s}.{index}";
        var reference = new ContractNamedRef(id);
        refs[index] = reference;
        if (named.ContainsKey(id))
        {
            return reference; // the same named type in another schema of the set: one type
        }

        named[id] = null!; // reserved while its parts resolve (recursive types)
        var members = t.Members.Select(m => new ContractMember(m.Name, Part(m.Type), m.Nullability, m.Default?.DeepClone())).ToList();
        var cases = t.Cases.Select(c => new ContractCase(c.Tag, ((ContractNamedRef)Part(c.Type)).Key)).ToList();
        string? underlying = t.Kind == PackSchemaKind.Enum ? schema.Types[t.Element].Primitive : null;
        named[id] = new ContractNamedType(id, t.Name, t.Kind, t.Nullable, t.Width, members, cases, underlying, [.. t.Values.Select(v => (v.Name, v.Value))]);
        return reference;
    }

    private static void MarkKey(ContractType type, HashSet<string> keyTypes)
    {
        switch (type)
        {
            case ContractNamedRef r:
                keyTypes.Add(r.Key);
                break;
            case ContractNullable n:
                MarkKey(n.Element, keyTypes);
                break;
        }
    }
}

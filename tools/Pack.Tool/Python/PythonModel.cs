using Pack.Schema;

namespace Pack.Tool.Python;

/// <summary>A type as a generated module refers to it: a primitive, a named type, or a collection of them.</summary>
internal abstract record PyType;

/// <summary>A primitive of docs/schema.md §1.1, by its schema name (<c>i32</c>, <c>string</c>).</summary>
internal sealed record PyPrimitive(string Name) : PyType;

/// <summary>A named type (enum, object, frozen struct, union), by its key in <see cref="PythonModel.Named"/>.</summary>
internal sealed record PyNamedRef(string Key) : PyType;

/// <summary>.NET <c>Nullable&lt;T&gt;</c>.</summary>
internal sealed record PyNullable(PyType Element) : PyType;

/// <summary>A list (<see cref="Nullable"/> false for <c>Memory&lt;T&gt;</c>).</summary>
internal sealed record PyList(PyType Element, bool Nullable) : PyType;

/// <summary>A set.</summary>
internal sealed record PySet(PyType Element, bool Nullable) : PyType;

/// <summary>A dictionary.</summary>
internal sealed record PyMap(PyType Key, PyType Value, bool Nullable) : PyType;

/// <summary>A member: its contract name, type, annotation (§1.4) and default (the §14 JSON text), as the schema has them.</summary>
internal sealed record PyMember(string? Name, PyType Type, string? Nullability, string? DefaultJson);

/// <summary>A named type of the set: the facts of its schema entry.</summary>
internal sealed record PyNamedType(
    string Key,
    string? DotnetName,
    PackSchemaKind Kind,
    bool Nullable,
    int Width,
    IReadOnlyList<PyMember> Members,
    IReadOnlyList<(int Tag, string CaseKey)> Cases,
    string? Underlying,
    IReadOnlyList<(string? Name, string Value)> Values)
{
    /// <summary>A .NET tuple or <c>KeyValuePair</c>: a Python <c>tuple</c>.</summary>
    public bool TupleForm => DotnetName is { } n && (n.StartsWith("System.ValueTuple<", StringComparison.Ordinal)
        || n.StartsWith("System.Tuple<", StringComparison.Ordinal) || n.StartsWith("System.Collections.Generic.KeyValuePair<", StringComparison.Ordinal));
}

/// <summary>A root of the set: a payload type, with the fingerprints and canonical text of its schema.</summary>
internal sealed record PyRoot(string Label, PyType Type, string Wire, string Contract, string CanonicalText);

/// <summary>
/// What <c>pack py</c> generates from, built once from a schema set: the named types (one per name across the set's
/// schemas), the roots and the endpoints. Facts only; <see cref="PythonNames"/> names them and
/// <see cref="PythonEmitter"/> writes them.
/// </summary>
internal sealed class PythonModel
{
    private PythonModel(Dictionary<string, PyNamedType> named, List<PyRoot> roots, IReadOnlyList<PackSchemaEndpoint> endpoints, HashSet<string> keyTypes)
    {
        Named = named;
        Roots = roots;
        Endpoints = endpoints;
        KeyTypes = keyTypes;
    }

    /// <summary>The named types in first-seen order.</summary>
    public Dictionary<string, PyNamedType> Named { get; }

    /// <summary>The roots in the set's order.</summary>
    public List<PyRoot> Roots { get; }

    /// <summary>The served endpoints (§5.3), in the set's order.</summary>
    public IReadOnlyList<PackSchemaEndpoint> Endpoints { get; }

    /// <summary>Named types used as a dictionary key or set element (their classes must be hashable).</summary>
    public HashSet<string> KeyTypes { get; }

    /// <summary>Builds the model of a set.</summary>
    public static PythonModel Build(PackSchemaSet set)
    {
        var named = new Dictionary<string, PyNamedType>(StringComparer.Ordinal);
        var roots = new List<PyRoot>();
        var keyTypes = new HashSet<string>(StringComparer.Ordinal);
        for (int s = 0; s < set.Schemas.Count; s++)
        {
            var schema = set.Schemas[s];
            var refs = new PyType?[schema.Types.Count];
            roots.Add(new PyRoot(schema.Label, Resolve(schema, s, 0, refs, named, keyTypes), schema.WireFingerprint, schema.ContractFingerprint, schema.CanonicalText));
        }

        return new PythonModel(named, roots, set.Endpoints, keyTypes);
    }

    private static PyType Resolve(PackSchema schema, int s, int index, PyType?[] refs, Dictionary<string, PyNamedType> named, HashSet<string> keyTypes)
    {
        if (refs[index] is { } known)
        {
            return known;
        }

        var t = schema.Types[index];
        PyType Part(int i) => Resolve(schema, s, i, refs, named, keyTypes);
        switch (t.Kind)
        {
            case PackSchemaKind.Primitive:
                return refs[index] = new PyPrimitive(t.Primitive!);
            case PackSchemaKind.Nullable:
                return refs[index] = new PyNullable(Part(t.Element));
            case PackSchemaKind.List:
                return refs[index] = new PyList(Part(t.Element), t.Nullable);
            case PackSchemaKind.Set:
                var element = Part(t.Element);
                MarkKey(element, keyTypes);
                return refs[index] = new PySet(element, t.Nullable);
            case PackSchemaKind.Map:
                var key = Part(t.Key);
                MarkKey(key, keyTypes);
                return refs[index] = new PyMap(key, Part(t.Value), t.Nullable);
        }

        string id = t.Name ?? $"#{s}.{index}";
        var reference = new PyNamedRef(id);
        refs[index] = reference;
        if (named.ContainsKey(id))
        {
            return reference; // the same named type in another schema of the set: one class
        }

        named[id] = null!; // reserved while its parts resolve (recursive types)
        var members = t.Members.Select(m => new PyMember(m.Name, Part(m.Type), m.Nullability, m.Default?.ToJsonString())).ToList();
        var cases = t.Cases.Select(c => (c.Tag, ((PyNamedRef)Part(c.Type)).Key)).ToList();
        string? underlying = t.Kind == PackSchemaKind.Enum ? schema.Types[t.Element].Primitive : null;
        named[id] = new PyNamedType(id, t.Name, t.Kind, t.Nullable, t.Width, members, cases, underlying, [.. t.Values.Select(v => (v.Name, v.Value))]);
        return reference;
    }

    private static void MarkKey(PyType type, HashSet<string> keyTypes)
    {
        switch (type)
        {
            case PyNamedRef r:
                keyTypes.Add(r.Key);
                break;
            case PyNullable n:
                MarkKey(n.Element, keyTypes);
                break;
        }
    }
}

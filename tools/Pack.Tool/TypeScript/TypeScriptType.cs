using Pack.Schema;

namespace Pack.Tool.TypeScript;

/// <summary>
/// A type of the module, by its merge key (<see cref="Label"/>): the facts of its schema entry, with its parts as labels.
/// An annotated variant (docs/schema.md §1.4) is a type of its own, whose elements or values are checked without null.
/// </summary>
internal sealed class TypeScriptType(string label, PackSchemaKind kind, bool nullable)
{
    /// <summary>The merge key: PackSchema's label (§1.2), a non-nullable list marked <c>!</c>, a variant marked <c>not null</c> where it checks.</summary>
    public string Label { get; } = label;

    public PackSchemaKind Kind { get; } = kind;

    public bool Nullable { get; } = nullable;

    /// <summary>The .NET name of a named type.</summary>
    public string? Name { get; init; }

    public string? Primitive { get; init; }

    /// <summary>A frozen struct's width in bytes.</summary>
    public int Width { get; init; }

    public string? Element { get; init; }

    public string? Key { get; init; }

    public string? Value { get; init; }

    /// <summary>An enum's underlying primitive type.</summary>
    public string? Underlying { get; init; }

    public List<TypeScriptMember> Members { get; } = [];

    public List<TypeScriptCase> Cases { get; } = [];

    public List<(string Name, string Value)> Values { get; } = [];

    /// <summary>Whether a list's or set's elements are <c>!</c> (docs/schema.md §1.4): typed and checked without null.</summary>
    public bool ElementNonNull { get; init; }

    /// <summary>Whether a map's values are <c>!</c>.</summary>
    public bool ValueNonNull { get; init; }

    /// <summary>The labels this type refers to: its parts, members and cases.</summary>
    public IEnumerable<string> Parts()
    {
        foreach (var part in new[] { Element, Key, Value, Underlying })
        {
            if (part is not null)
            {
                yield return part;
            }
        }

        foreach (var member in Members)
        {
            yield return member.Type;
        }

        foreach (var c in Cases)
        {
            yield return c.Type;
        }
    }
}

// Shared, as source, by the run-time path and the source generator: see SchemaBuilder.
using System.Collections.Generic;

namespace Pack.Schema.Building;

/// <summary>
/// One type entry of a schema (docs/schema.md §1.1) as plain values, for <see cref="SchemaBuilder{TType}"/> and
/// <see cref="SchemaText"/>; the run-time path turns it into a public <c>PackSchemaType</c>.
/// </summary>
internal sealed class SchemaEntry
{
    public SchemaEntry(string kind, bool nullable)
    {
        Kind = kind;
        Nullable = nullable;
    }

    /// <summary>One of <see cref="SchemaKinds"/>.</summary>
    public string Kind { get; }

    public bool Nullable { get; }

    public string? Name { get; set; }

    public string? Primitive { get; set; }

    /// <summary>The fixed width of a primitive or frozen struct, else 0.</summary>
    public int Width { get; set; }

    public bool? Signed { get; set; }

    /// <summary>The element of a nullable, list or set, or an enum's underlying integer; -1 otherwise.</summary>
    public int Element { get; set; } = -1;

    public int Key { get; set; } = -1;

    public int Value { get; set; } = -1;

    /// <summary>
    /// Members in wire order; <c>Default</c> is the canonical JSON text of a member's default, or <see langword="null"/>;
    /// <c>Nullability</c> its annotation (docs/schema.md §1.4), or <see langword="null"/> when absent.
    /// </summary>
    public List<(string? Name, int Type, string? Default, string? Nullability)> Members { get; } = new();

    /// <summary>Union cases by ascending tag.</summary>
    public List<(int Tag, int Type)> Cases { get; } = new();

    /// <summary>Enum values by numeric value, then name.</summary>
    public List<(string? Name, string Value)> Values { get; } = new();
}

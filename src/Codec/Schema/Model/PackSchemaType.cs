namespace Pack.Schema;

/// <summary>One type entry of a <see cref="PackSchema"/> (docs/schema.md §1.1). Parts refer to other entries by index.</summary>
public sealed class PackSchemaType
{
    /// <summary>Creates an entry; <see cref="PackSchema"/> builds and parses them.</summary>
    /// <param name="kind">The kind.</param>
    /// <param name="nullable">Whether the encoding has a null value.</param>
    public PackSchemaType(PackSchemaKind kind, bool nullable)
    {
        Kind = kind;
        Nullable = nullable;
    }

    /// <summary>The kind.</summary>
    public PackSchemaKind Kind { get; }

    /// <summary>Whether the type's encoding has a null value.</summary>
    public bool Nullable { get; }

    /// <summary>The name of an enum, object, frozen struct or union (namespace-qualified), or <see langword="null"/> (other kinds, or a wire form).</summary>
    public string? Name { get; init; }

    /// <summary>The primitive's name (<c>i32</c>, <c>string</c> …) for <see cref="PackSchemaKind.Primitive"/>.</summary>
    public string? Primitive { get; init; }

    /// <summary>The fixed wire width in bytes of a primitive (not a string) or a frozen struct; otherwise 0.</summary>
    public int Width { get; init; }

    /// <summary>For the integer primitives, whether they are signed; otherwise <see langword="null"/>.</summary>
    public bool? Signed { get; init; }

    /// <summary>The element of a nullable, list or set; the underlying integer of an enum; -1 otherwise.</summary>
    public int Element { get; init; } = -1;

    /// <summary>A map's key type, or -1.</summary>
    public int Key { get; init; } = -1;

    /// <summary>A map's value type, or -1.</summary>
    public int Value { get; init; } = -1;

    /// <summary>The members of an object or frozen struct, in wire order; empty otherwise.</summary>
    public IReadOnlyList<PackSchemaMember> Members { get; init; } = [];

    /// <summary>The cases of a union, by ascending tag; empty otherwise.</summary>
    public IReadOnlyList<PackSchemaUnionCase> Cases { get; init; } = [];

    /// <summary>The named values of an enum, by numeric value then name; empty otherwise.</summary>
    public IReadOnlyList<PackSchemaEnumValue> Values { get; init; } = [];

    /// <summary>The short name: <see cref="Name"/> after its last <c>.</c> outside angle brackets.</summary>
    public string? ShortName
    {
        get
        {
            if (Name is null)
            {
                return null;
            }

            int depth = 0;
            for (int i = Name.Length - 1; i >= 0; i--)
            {
                char c = Name[i];
                if (c == '>')
                {
                    depth++;
                }
                else if (c == '<')
                {
                    depth--;
                }
                else if (c == '.' && depth == 0)
                {
                    return Name[(i + 1)..];
                }
            }

            return Name;
        }
    }
}

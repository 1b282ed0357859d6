using System.Text.Json.Nodes;

namespace Pack.Schema;

/// <summary>A member of an object or frozen struct in a <see cref="PackSchema"/>, in wire order.</summary>
public sealed class PackSchemaMember
{
    /// <summary>Creates a member.</summary>
    /// <param name="name">The member's name, or <see langword="null"/> in a wire form.</param>
    /// <param name="type">The index of the member's type.</param>
    /// <param name="default">The value a reader gives the member when a payload lacks it, when that is not its type's zero value.</param>
    /// <param name="nullability">The member's nullability annotation (docs/schema.md §1.4), or <see langword="null"/> when every position is oblivious.</param>
    public PackSchemaMember(string? name, int type, JsonNode? @default = null, string? nullability = null)
    {
        Name = name;
        Type = type;
        Default = @default;
        Nullability = nullability;
    }

    /// <summary>The member's name, or <see langword="null"/> in a wire form.</summary>
    public string? Name { get; }

    /// <summary>The index of the member's type in <see cref="PackSchema.Types"/>.</summary>
    public int Type { get; }

    /// <summary>The value (wire-format §14 JSON mapping) a reader gives the member when a payload lacks it, or <see langword="null"/> when that is its type's zero value.</summary>
    public JsonNode? Default { get; }

    /// <summary>
    /// What C# says about null along the member's type (docs/schema.md §1.4): one character per reference position, in
    /// walk order, <c>?</c> nullable, <c>!</c> non-nullable, <c>~</c> oblivious; <see langword="null"/> when there is no
    /// position or every one is oblivious. A contract fact, not a wire fact: the wire form drops it and the .NET codec
    /// neither checks nor needs it; generated clients type and check members by it (§6).
    /// </summary>
    public string? Nullability { get; }
}

using System.Text.Json.Nodes;

namespace Pack.Schema;

/// <summary>A member of an object or frozen struct in a <see cref="PackSchema"/>, in wire order.</summary>
public sealed class PackSchemaMember
{
    /// <summary>Creates a member.</summary>
    /// <param name="name">The member's name, or <see langword="null"/> in a wire form.</param>
    /// <param name="type">The index of the member's type.</param>
    /// <param name="default">The value a reader gives the member when a payload lacks it, when that is not its type's zero value.</param>
    public PackSchemaMember(string? name, int type, JsonNode? @default = null)
    {
        Name = name;
        Type = type;
        Default = @default;
    }

    /// <summary>The member's name, or <see langword="null"/> in a wire form.</summary>
    public string? Name { get; }

    /// <summary>The index of the member's type in <see cref="PackSchema.Types"/>.</summary>
    public int Type { get; }

    /// <summary>The value (wire-format §14 JSON mapping) a reader gives the member when a payload lacks it, or <see langword="null"/> when that is its type's zero value.</summary>
    public JsonNode? Default { get; }
}

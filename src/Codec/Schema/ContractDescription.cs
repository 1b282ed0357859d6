namespace Pack.Schema;

/// <summary>What the run-time contract model says about one CLR type, in schema terms (see <see cref="ContractDescriber"/>).</summary>
internal sealed class ContractDescription
{
    public required PackSchemaKind Kind { get; init; }

    public required bool Nullable { get; init; }

    /// <summary>The primitive's schema name, for <see cref="PackSchemaKind.Primitive"/>.</summary>
    public string? Primitive { get; init; }

    /// <summary>The fixed width of a primitive or frozen struct, else 0.</summary>
    public int Width { get; init; }

    /// <summary>The parts, in the walk order of docs/schema.md §1.3: element; key, value; underlying; member types; case types by tag.</summary>
    public Type[] Parts { get; init; } = [];

    /// <summary>Member names, parallel to <see cref="Parts"/> for objects and frozen structs.</summary>
    public string[] MemberNames { get; init; } = [];

    /// <summary>Union tags, parallel to <see cref="Parts"/>.</summary>
    public int[] Tags { get; init; } = [];

    /// <summary>Enum values (name, decimal number), in declaration order.</summary>
    public (string Name, string Value)[] EnumValues { get; init; } = [];
}

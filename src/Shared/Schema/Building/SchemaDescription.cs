// Shared, as source, by the run-time path and the source generator: see SchemaBuilder.
namespace Pack.Schema.Building;

/// <summary>What a contract model says about one type, in schema terms (an answer of <see cref="SchemaAdapter{TType}"/>).</summary>
/// <typeparam name="TType">A type: <c>System.Type</c> at run time, <c>ITypeSymbol</c> in the generator.</typeparam>
internal sealed class SchemaDescription<TType>
    where TType : class
{
    public SchemaDescription(string kind, bool nullable)
    {
        Kind = kind;
        Nullable = nullable;
    }

    /// <summary>One of <see cref="SchemaKinds"/>.</summary>
    public string Kind { get; }

    public bool Nullable { get; }

    /// <summary>The primitive's schema name, for <see cref="SchemaKinds.Primitive"/>.</summary>
    public string? Primitive { get; set; }

    /// <summary>The fixed width of a primitive or frozen struct, else 0.</summary>
    public int Width { get; set; }

    /// <summary>The parts, in the walk order of docs/schema.md §1.3: element; key, value; underlying; member types; case types (any order: <see cref="Tags"/> sorts them).</summary>
    public TType[] Parts { get; set; } = [];

    /// <summary>Member names, parallel to <see cref="Parts"/> for objects and frozen structs.</summary>
    public string[] MemberNames { get; set; } = [];

    /// <summary>
    /// What C# says about null in each member's declared type (docs/schema.md §1.4), parallel to <see cref="Parts"/> for
    /// objects and frozen structs; empty, or a <see langword="null"/> item, when the model does not know (oblivious).
    /// </summary>
    public SchemaAnnotation<TType>?[] MemberAnnotations { get; set; } = [];

    /// <summary>Union tags, parallel to <see cref="Parts"/>.</summary>
    public int[] Tags { get; set; } = [];

    /// <summary>Enum values (name, decimal number), in declaration order.</summary>
    public (string Name, string Value)[] EnumValues { get; set; } = [];
}

namespace Pack.Generator.Emit;

/// <summary>What an UnsafeAccessor of a generated formatter reaches.</summary>
internal enum AccessorKind
{
    /// <summary>A field, by reference (read, assigned, or its offset measured).</summary>
    Field,

    /// <summary>A property's get accessor.</summary>
    Getter,

    /// <summary>A property's set or init accessor.</summary>
    Setter,

    /// <summary>The constructor.</summary>
    Constructor,
}

namespace Pack.Schema;

/// <summary>A case of a union in a <see cref="PackSchema"/>.</summary>
/// <param name="Tag">The case's tag on the wire (0 to 65 534).</param>
/// <param name="Type">The index of the case's type in <see cref="PackSchema.Types"/>.</param>
public readonly record struct PackSchemaUnionCase(int Tag, int Type);

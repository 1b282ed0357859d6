namespace Pack.Schema;

/// <summary>A named value of an enum in a <see cref="PackSchema"/>.</summary>
/// <param name="Name">The value's name, or <see langword="null"/> in a wire form.</param>
/// <param name="Value">The number, as decimal digits with an optional <c>-</c>.</param>
public readonly record struct PackSchemaEnumValue(string? Name, string Value);

namespace Pack.Tests.Fuzzing;

/// <summary>A structural field found in a valid payload: where it is, what it is, and the value it held.</summary>
public readonly record struct PackField(PackFieldKind Kind, int Offset, int Value);

namespace Pack.ContractTests.Types;

/// <summary>A generic record struct: fixed width, its values in compiler-generated backing fields (drift class d).</summary>
public readonly record struct GenericSpan<T>(T Start, T End);

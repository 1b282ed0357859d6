namespace Pack.Tests.GoldenVectors;

/// <summary>The value a golden vector describes, with the declared type that decides its encoding.</summary>
/// <param name="Type">The declared type passed to the serializer.</param>
/// <param name="Value">The value.</param>
public sealed record VectorValue(Type Type, object? Value);

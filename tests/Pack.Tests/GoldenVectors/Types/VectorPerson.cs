namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A positional record: read back through its constructor.</summary>
public sealed record VectorPerson(string Name, int Age);

namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A record with an optional constructor parameter, whose default fills the member when an older payload lacks it.</summary>
public sealed record VectorRecordWithDefault(int A, int B = 42);

namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A class with no members: a header with an empty body.</summary>
public sealed class VectorEmpty
{
}

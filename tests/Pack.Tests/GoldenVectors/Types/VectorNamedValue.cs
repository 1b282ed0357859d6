namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A struct with a string member: not fixed, so it has a length header like a class (but is never null).</summary>
public struct VectorNamedValue
{
    public string? Name { get; set; }

    public int Value { get; set; }
}

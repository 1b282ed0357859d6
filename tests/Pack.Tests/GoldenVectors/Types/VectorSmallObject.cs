namespace Pack.Tests.GoldenVectors.Types;

/// <summary>The W6 "small object": three ints and two strings.</summary>
public sealed class VectorSmallObject
{
    public int A { get; set; }

    public int B { get; set; }

    public int C { get; set; }

    public string? S1 { get; set; }

    public string? S2 { get; set; }
}

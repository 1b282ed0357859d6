namespace Pack.Tests.GoldenVectors.Types;

/// <summary>An older version of <see cref="VectorSmallObject"/> that knows only the three ints.</summary>
public sealed class VectorSmallObjectV1
{
    public int A { get; set; }

    public int B { get; set; }

    public int C { get; set; }
}

namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A newer version of a type that had only <see cref="A"/>: the added members have initializers.</summary>
public sealed class VectorEvolved
{
    public int A { get; set; }

    public string? Name { get; set; } = "init";

    public int Count { get; set; } = 7;
}

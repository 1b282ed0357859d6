namespace Pack.Samples.Demo;

/// <summary>The W6 shape (3 ints, 2 strings, one of them Japanese), for the cache-entry sizes.</summary>
public sealed class SmallObject
{
    public int A { get; set; }

    public int B { get; set; }

    public int C { get; set; }

    public string? S1 { get; set; }

    public string? S2 { get; set; }
}

namespace Pack.Benchmarks.Workloads;

/// <summary>W6: a "standard object" of three ints and two strings, the shape MemoryPack's README measures.</summary>
public class SmallObject
{
    /// <summary>First int.</summary>
    public int Id { get; set; }

    /// <summary>Second int.</summary>
    public int Age { get; set; }

    /// <summary>Third int.</summary>
    public int Score { get; set; }

    /// <summary>An ASCII string.</summary>
    public string? Name { get; set; }

    /// <summary>A Japanese string.</summary>
    public string? Greeting { get; set; }
}

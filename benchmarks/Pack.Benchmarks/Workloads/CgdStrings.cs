namespace Pack.Benchmarks.Workloads;

/// <summary>W3 payload 2: eight separate string fields holding the seed's Unicode strings.</summary>
public class CgdStrings
{
    /// <summary>String 1.</summary>
    public string? S1 { get; set; }

    /// <summary>String 2.</summary>
    public string? S2 { get; set; }

    /// <summary>String 3.</summary>
    public string? S3 { get; set; }

    /// <summary>String 4.</summary>
    public string? S4 { get; set; }

    /// <summary>String 5.</summary>
    public string? S5 { get; set; }

    /// <summary>String 6.</summary>
    public string? S6 { get; set; }

    /// <summary>String 7.</summary>
    public string? S7 { get; set; }

    /// <summary>String 8.</summary>
    public string? S8 { get; set; }
}

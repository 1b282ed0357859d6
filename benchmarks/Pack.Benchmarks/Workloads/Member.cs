namespace Pack.Benchmarks.Workloads;

/// <summary>W4: one member of an <see cref="Organization"/>.</summary>
public class Member
{
    /// <summary>The member ID.</summary>
    public int Id { get; set; }

    /// <summary>Name.</summary>
    public string? Name { get; set; }

    /// <summary>Description.</summary>
    public string? Description { get; set; }

    /// <summary>Address.</summary>
    public string? Address { get; set; }

    /// <summary>A value.</summary>
    public double Value { get; set; }

    /// <summary>Last update, in Unix milliseconds.</summary>
    public long UpdateTime { get; set; }
}

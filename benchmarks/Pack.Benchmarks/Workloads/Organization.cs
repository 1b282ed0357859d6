namespace Pack.Benchmarks.Workloads;

/// <summary>W4: the organization of seed 004, a POCO as a user already has it (no serializer attributes).</summary>
public class Organization
{
    /// <summary>The organization ID.</summary>
    public int Id { get; set; }

    /// <summary>Tags.</summary>
    public string[]? Tags { get; set; }

    /// <summary>Members.</summary>
    public List<Member>? Members { get; set; }
}

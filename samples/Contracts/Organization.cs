namespace Pack.Samples.Contracts;

/// <summary>The W4 benchmark payload: an organization with tags and members.</summary>
public sealed class Organization
{
    public int Id { get; set; }

    public string[]? Tags { get; set; }

    public List<Member>? Members { get; set; }
}

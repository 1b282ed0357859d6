namespace Pack.Samples.Contracts;

/// <summary>One member of an <see cref="Organization"/> (W4 benchmark shape).</summary>
public sealed class Member
{
    public int Id { get; set; }

    public string? Name { get; set; }

    public string? Description { get; set; }

    public string? Address { get; set; }

    public double Value { get; set; }

    public long UpdateTime { get; set; }
}

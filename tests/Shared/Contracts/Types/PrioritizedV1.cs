namespace Pack.ContractTests.Types;

/// <summary>The first version of <see cref="Prioritized"/>: its first member only.</summary>
public sealed class PrioritizedV1
{
    public int Id { get; set; }
}

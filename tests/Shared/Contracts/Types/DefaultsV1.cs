namespace Pack.ContractTests.Types;

/// <summary>The first version of <see cref="Defaults"/>: its first member only.</summary>
public sealed class DefaultsV1
{
    public int Id { get; set; }
}

namespace Pack.ContractTests.Randomized;

/// <summary>A contract type of the randomized checks and how to make random values of it.</summary>
public abstract class RandomCase
{
    protected RandomCase(string name) => Name = name;

    public string Name { get; }

    /// <summary>
    /// What this process's formatter does with <paramref name="count"/> random values drawn from <paramref name="seed"/>:
    /// one line per observation (the bytes, the round trip, each truncated read, each corrupted read), in a fixed order,
    /// so that two paths given the same seed must produce the same lines.
    /// </summary>
    public abstract IReadOnlyList<string> Observe(int seed, int count);

    /// <summary>The case as a <see cref="ContractCase"/> of its type, for the mode checks of <see cref="ContractSuite"/>.</summary>
    public abstract ContractCase AsContractCase();

    public override string ToString() => Name;
}

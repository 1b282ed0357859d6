namespace Pack.Client.Tests.Budget;

/// <summary>Tests that measure the whole process's allocation: they run after the parallel tests, one at a time.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class ProcessAllocationCollection
{
    public const string Name = "Process allocation";
}

namespace Pack.Generator.Tests.Models;

/// <summary>An initializer that allocates (a list of capacity 100): user code for both paths, measured by both.</summary>
public sealed class BudgetAllocatingInitializer
{
    public int Id { get; set; }

    public List<int> Items { get; set; } = new(100);
}

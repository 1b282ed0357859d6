namespace Pack.Generator.Tests.Models;

/// <summary>A constructor that allocates (a list of capacity 100 per value): user code for both paths, measured by both.</summary>
public sealed class BudgetAllocatingConstructor
{
    private readonly List<int> _history;

    public BudgetAllocatingConstructor(long id, string? tag)
    {
        Id = id;
        Tag = tag;
        _history = new List<int>(100);
    }

    public long Id { get; }

    public string? Tag { get; }

    public int HistoryCapacity() => _history.Capacity;
}

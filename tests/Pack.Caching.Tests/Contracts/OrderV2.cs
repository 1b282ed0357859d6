namespace Pack.Caching.Tests.Contracts;

/// <summary>The second version: a member appended (compatible both ways, docs/schema.md §3).</summary>
public class OrderV2
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public decimal Total { get; set; }
}

namespace Pack.Caching.Tests.Contracts;

/// <summary>The first version of a cached order.</summary>
public class OrderV1
{
    public int Id { get; set; }

    public string? Customer { get; set; }
}

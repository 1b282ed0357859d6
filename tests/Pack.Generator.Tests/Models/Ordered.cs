namespace Pack.Generator.Tests.Models;

public sealed class Ordered
{
    [PackOrder(3)]
    public int Third { get; set; }

    [PackOrder(1)]
    public int First { get; set; }

    [PackOrder(2)]
    public string? Second { get; set; }
}

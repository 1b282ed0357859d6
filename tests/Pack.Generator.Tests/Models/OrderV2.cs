namespace Pack.Generator.Tests.Models;

public sealed class OrderV2
{
    public int Id { get; set; }

    public List<OrderLine>? Lines { get; set; }

    public string? Note { get; set; }

    public long Added { get; set; }
}

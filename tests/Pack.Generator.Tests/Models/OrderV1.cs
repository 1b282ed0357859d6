namespace Pack.Generator.Tests.Models;

public sealed class OrderV1
{
    public int Id { get; set; }

    public List<OrderLine>? Lines { get; set; }
}

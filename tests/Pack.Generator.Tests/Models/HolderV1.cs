namespace Pack.Generator.Tests.Models;

public sealed class HolderV1
{
    public OrderV1? Order { get; set; }

    public int After { get; set; }
}

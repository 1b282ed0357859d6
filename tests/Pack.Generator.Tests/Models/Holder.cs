namespace Pack.Generator.Tests.Models;

public sealed class Holder
{
    public OrderV2? Order { get; set; }

    public int After { get; set; }
}

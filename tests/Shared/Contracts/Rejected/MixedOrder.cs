namespace Pack.ContractTests.Rejected;

public sealed class MixedOrder
{
    [Pack.PackOrder(1)]
    public int A { get; set; }

    public int B { get; set; }
}

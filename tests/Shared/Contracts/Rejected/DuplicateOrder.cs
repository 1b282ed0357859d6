namespace Pack.ContractTests.Rejected;

public sealed class DuplicateOrder
{
    [Pack.PackOrder(1)]
    public int A { get; set; }

    [Pack.PackOrder(1)]
    public int B { get; set; }
}

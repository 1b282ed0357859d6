namespace Pack.ContractTests.Types;

public sealed class OrderPlaced : EventBase
{
    public int Quantity { get; set; }
}

namespace Pack.ContractTests.Rejected;

// The inner struct is reached by the layout rules (is the outer one of fixed length?) before the walk reaches it as a
// member: the generator must still report it once.
public struct MixedOrderInStruct
{
    public MixedOrderStruct Inner;
}

public struct MixedOrderStruct
{
    [Pack.PackOrder(1)]
    public int A;

    public int B;
}

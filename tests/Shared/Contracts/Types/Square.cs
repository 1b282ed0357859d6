namespace Pack.ContractTests.Types;

public sealed class Square : IShape
{
    public double Side { get; set; }
}

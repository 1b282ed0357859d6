namespace Pack.ContractTests.Rejected;

public sealed class UnboundParameter
{
    [Pack.PackConstructor]
    public UnboundParameter(int missing) => A = missing;

    public int A { get; set; }
}

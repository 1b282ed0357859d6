namespace Pack.ContractTests.Rejected;

public sealed class MultiDimensionalMember
{
    public int[,]? Grid { get; set; }
}

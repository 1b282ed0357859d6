namespace Pack.ContractTests.Rejected;

public sealed class ObjectMember
{
    public object? Value { get; set; }
}

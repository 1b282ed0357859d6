namespace Pack.ContractTests.Rejected;

public sealed class DelegateMember
{
    public System.Action? Callback { get; set; }
}

namespace Pack.ContractTests.Rejected;

public sealed class NativeIntegerMember
{
    public nint Handle { get; set; }
}

namespace Pack.ContractTests.Rejected;

public sealed class AbstractMember
{
    public AbstractMemberBase? Value { get; set; }
}

public abstract class AbstractMemberBase;

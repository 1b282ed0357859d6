namespace Pack.ContractTests.Rejected;

public sealed class QueueMember
{
    public System.Collections.Generic.Queue<int>? Items { get; set; }
}

namespace Pack.ContractTests.Types;

/// <summary>Members declared on a base type: init, required and private-set (drift class a).</summary>
public abstract class EventBase
{
    public Guid Id { get; init; }

    public required string Source { get; init; }

    public long Sequence { get; private set; }

    public void Stamp(long sequence) => Sequence = sequence;
}

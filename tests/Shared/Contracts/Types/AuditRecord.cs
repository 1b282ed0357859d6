namespace Pack.ContractTests.Types;

/// <summary>A record base whose members are required, init-only and private-set (drift class a, on records).</summary>
public abstract record AuditRecord
{
    public required string By { get; init; }

    public DateTimeOffset At { get; init; }

    public long Revision { get; private set; }

    public void Bump(long revision) => Revision = revision;
}

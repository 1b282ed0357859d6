namespace Pack.ContractTests.Types;

/// <summary>A generic base over a generic base: a private-set, a required init-only and an init-only member.</summary>
public abstract class Audited<TId> : Identified<TId>
    where TId : struct, IEquatable<TId>
{
    public DateTime Modified { get; private set; }

    public required string CreatedBy { get; init; }

    public long Revision { get; init; }

    public void Touch(DateTime at) => Modified = at;
}

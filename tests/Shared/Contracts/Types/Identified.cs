namespace Pack.ContractTests.Types;

/// <summary>The DDD base class of issue 42: a generic, constrained identity whose setter only derived types reach.</summary>
public abstract class Identified<TId>
    where TId : struct, IEquatable<TId>
{
    public TId Id { get; protected set; }
}

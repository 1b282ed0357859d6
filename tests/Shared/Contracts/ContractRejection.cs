namespace Pack.ContractTests;

/// <summary>A type that breaks the contract rule <paramref name="Id"/>, and a write that must fail on the run-time path.</summary>
public sealed record ContractRejection(string Id, Type Type, Action Write)
{
    /// <summary>The run-time path's exception for the type.</summary>
    public NotSupportedException RuntimeException() => Assert.Throws<NotSupportedException>(Write);

    public override string ToString() => Id;
}

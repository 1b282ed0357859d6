namespace Pack.ContractTests;

/// <summary>
/// A type that breaks the rule <paramref name="Id"/>, and a write of one of its values that must fail on the run-time
/// path. <paramref name="Member"/> names the member whose type breaks a rule about a value's type (PACK003 to PACK005):
/// the generator names it where the run-time path, which makes one formatter per type, says "A value".
/// </summary>
public sealed record ContractRejection(string Id, Type Type, string? Member, Action Write)
{
    /// <summary>The run-time path's exception for the type.</summary>
    public NotSupportedException RuntimeException() => Assert.Throws<NotSupportedException>(Write);

    public override string ToString() => Type.Name;
}

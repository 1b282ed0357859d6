namespace Pack.ContractTests;

/// <summary>
/// The contract tests every mode runs from this one source, as System.Text.Json runs tests/Common under reflection and
/// source generation: Pack.Tests runs it on the run-time IL path, Pack.Generator.Tests through a generated context with
/// the IL fallback on, Pack.Generator.NoFallback.Tests through the same context with it switched off (Native AOT's
/// situation). Each mode must write the recorded bytes, read them back to the same bytes charging the recorded
/// allocation, and report the recorded <see cref="PackException.Offset"/> for a read truncated at every byte.
/// </summary>
public abstract partial class ContractSuite
{
    /// <summary>Checks that the case's top-level formatter is the one this mode is meant to test.</summary>
    protected abstract void AssertMode(ContractCase contractCase);

    [Theory]
    [MemberData(nameof(ContractCases.Names), MemberType = typeof(ContractCases))]
    public void Serialize_Case_WritesTheRecordedBytes(string name)
    {
        var contractCase = ContractCases.Get(name);

        byte[] bytes = contractCase.Write();

        AssertMode(contractCase);
        Assert.Equal(ContractVectors.For(name).Hex, Convert.ToHexStringLower(bytes));
    }

    [Theory]
    [MemberData(nameof(ContractCases.Names), MemberType = typeof(ContractCases))]
    public void Deserialize_Case_RoundTripsChargingTheRecordedAllocation(string name)
    {
        var contractCase = ContractCases.Get(name);
        var recorded = ContractVectors.For(name);

        var (bytes, charged) = contractCase.ReadAndWrite(Convert.FromHexString(recorded.Hex));

        Assert.Equal(recorded.Hex, Convert.ToHexStringLower(bytes));
        Assert.Equal(recorded.Charged, charged);
    }

    [Theory]
    [MemberData(nameof(ContractCases.Names), MemberType = typeof(ContractCases))]
    public void Deserialize_CaseTruncatedAtEveryByte_ThrowsPackExceptionAtTheRecordedOffsets(string name)
    {
        var contractCase = ContractCases.Get(name);
        var recorded = ContractVectors.For(name);

        string offsets = ContractVectors.TruncationOffsets(contractCase, Convert.FromHexString(recorded.Hex));

        Assert.Equal(recorded.Offsets, offsets);
    }
}

namespace Pack.ContractTests;

/// <summary>
/// The rejections of the shared suite on the run-time path: every rule's type fails with the rule's ID. The generator's
/// side (the same ID, the same words) is GeneratedContractRejectionTests, which compiles the same source files.
/// </summary>
public abstract class ContractRejectionSuite
{
    [Theory]
    [MemberData(nameof(ContractRejections.Ids), MemberType = typeof(ContractRejections))]
    public void Serialize_TypeBreakingARule_ThrowsNotSupportedNamingTheRule(string id)
    {
        var exception = ContractRejections.Get(id).RuntimeException();

        Assert.StartsWith(id + ": ", exception.Message, StringComparison.Ordinal);
    }
}

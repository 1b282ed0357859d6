namespace Pack.ContractTests;

/// <summary>
/// The rejections of the shared suite on the run-time path: every rule's type fails with the rule's ID. The generator's
/// side (the same ID, the same words) is GeneratedContractRejectionTests, which compiles the same source files.
/// </summary>
public abstract class ContractRejectionSuite
{
    [Theory]
    [MemberData(nameof(ContractRejections.Names), MemberType = typeof(ContractRejections))]
    public void Serialize_TypeBreakingARule_ThrowsNotSupportedNamingTheRule(string name)
    {
        var rejection = ContractRejections.Get(name);

        var exception = rejection.RuntimeException();

        Assert.StartsWith(rejection.Id + ": ", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Rejections_EveryDocumentedDiagnostic_HasATypeBreakingItOrSaysWhyNot()
    {
        var documented = ContractRejections.DocumentedIds();

        Assert.NotEmpty(documented);
        foreach (string id in documented)
        {
            Assert.True(
                ContractRejections.All.Any(r => r.Id == id) ^ ContractRejections.WithoutRejection.ContainsKey(id),
                id + " needs exactly one of: a type in tests/Shared/Contracts/Rejected, or a reason in ContractRejections.WithoutRejection");
        }

        Assert.All(ContractRejections.All, r => Assert.Contains(r.Id, documented));
        Assert.All(ContractRejections.WithoutRejection.Keys, id => Assert.Contains(id, documented));
    }
}

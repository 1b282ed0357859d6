using Microsoft.CodeAnalysis;
using Pack.ContractTests;

namespace Pack.Generator.Tests;

/// <summary>
/// The shared rejections through the generator: each rule's type (the same source file the run-time path compiles)
/// reported with the rule's ID and exactly the words of the run-time exception, which this process also raises.
/// </summary>
public sealed class GeneratedContractRejectionTests : ContractRejectionSuite
{
    [Theory]
    [MemberData(nameof(ContractRejections.Ids), MemberType = typeof(ContractRejections))]
    public void Run_TypeBreakingARule_ReportsTheRuleWithTheRunTimeWords(string id)
    {
        var rejection = ContractRejections.Get(id);
        string source = File.ReadAllText(Path.Combine(ContractRejections.SourceDirectory(), rejection.Type.Name + ".cs"))
            + "\n[Pack.PackSerializable(typeof(" + rejection.Type.Name + "))]\ninternal partial class Ctx : Pack.PackSerializerContext;\n";

        var (diagnostics, _) = GeneratorDriverTests.Run(source);

        var diagnostic = Assert.Single(diagnostics, d => d.Severity == DiagnosticSeverity.Error);
        Assert.Equal(id, diagnostic.Id);
        Assert.Equal(rejection.RuntimeException().Message, id + ": " + diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture) + ".");
    }
}

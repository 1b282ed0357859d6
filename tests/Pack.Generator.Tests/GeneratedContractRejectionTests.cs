using Microsoft.CodeAnalysis;
using Pack.ContractTests;

namespace Pack.Generator.Tests;

/// <summary>
/// The shared rejections through the generator: each rule's type (the same source file the run-time path compiles)
/// reported once, with the rule's ID and exactly the words of the run-time exception, which this process also raises.
/// </summary>
public sealed class GeneratedContractRejectionTests : ContractRejectionSuite
{
    [Theory]
    [MemberData(nameof(ContractRejections.Names), MemberType = typeof(ContractRejections))]
    public void Run_TypeBreakingARule_ReportsTheRuleOnceWithTheRunTimeWords(string name)
    {
        var rejection = ContractRejections.Get(name);
        string source = File.ReadAllText(Path.Combine(ContractRejections.SourceDirectory(), rejection.Type.Name + ".cs"))
            + "\n[Pack.PackSerializable(typeof(" + rejection.Type.Name + "))]\ninternal partial class Ctx : Pack.PackSerializerContext;\n";

        var (diagnostics, _) = GeneratorDriverTests.Run(source);

        var diagnostic = Assert.Single(diagnostics, d => d.Severity == DiagnosticSeverity.Error);
        Assert.Equal(rejection.Id, diagnostic.Id);
        string message = rejection.Id + ": " + diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture) + ".";
        if (rejection.Member is { } member)
        {
            // A rule about a value's type: the generator says where the value is, the run-time path "A value".
            message = message.Replace(rejection.Type.FullName + "." + member, "A value", StringComparison.Ordinal);
        }
        else if (rejection.Id is "PACK003" or "PACK004" or "PACK005")
        {
            message = message.Replace("Root type " + rejection.Type.FullName, "A value", StringComparison.Ordinal);
        }

        Assert.Equal(rejection.RuntimeException().Message, message);
    }
}

using Pack.ContractTests;

namespace Pack.Tests;

/// <summary>The shared contract suite on the run-time path: no context is registered, every object formatter is generated IL.</summary>
public sealed class ContractSuiteTests : ContractSuite
{
    [Fact]
    public void Vectors_RecordedFile_ListsEveryCase()
    {
        // PACK_RECORD_CONTRACT_VECTORS=<path> rewrites the file from this path (the reference); the other modes only check it.
        if (Environment.GetEnvironmentVariable("PACK_RECORD_CONTRACT_VECTORS") is { Length: > 0 } path)
        {
            File.WriteAllText(path, ContractVectors.Format(ContractCases.All));
        }

        Assert.All(ContractCases.All, c => Assert.NotNull(ContractVectors.For(c.Name)));
    }

    protected override void AssertMode(ContractCase contractCase)
        => Assert.False(contractCase.FormatterHost() is { } host && host.IsSubclassOf(typeof(PackSerializerContext)), $"{contractCase.Name} resolved a generated formatter.");
}

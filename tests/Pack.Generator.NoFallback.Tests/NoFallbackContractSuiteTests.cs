using Pack.ContractTests;

namespace Pack.Generator.NoFallback.Tests;

/// <summary>The shared contract suite through the generated <see cref="ContractContext"/> with the run-time IL fallback switched off.</summary>
public sealed class NoFallbackContractSuiteTests : GeneratedContractSuite
{
    [Fact]
    public void Process_ReflectionSwitch_IsOff()
        => Assert.False(PackSerializer.IsReflectionEnabledByDefault);
}

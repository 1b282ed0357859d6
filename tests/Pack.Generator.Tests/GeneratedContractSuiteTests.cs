using Pack.ContractTests;

namespace Pack.Generator.Tests;

/// <summary>The shared contract suite through the generated <see cref="ContractContext"/>, with the run-time IL fallback available for what the context does not cover.</summary>
public sealed class GeneratedContractSuiteTests : GeneratedContractSuite;

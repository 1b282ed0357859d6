using Pack.ContractTests;

namespace Pack.Tests;

/// <summary>The shared rejections on the run-time path.</summary>
public sealed class ContractRejectionTests : ContractRejectionSuite;

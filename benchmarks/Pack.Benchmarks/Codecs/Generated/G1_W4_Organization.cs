using BenchmarkDotNet.Attributes;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G1 on W4 (an organization of members): generated vs IL vs MemoryPack.</summary>
public class G1_W4_Organization : GeneratedVsIlBenchmark<Organization, OrganizationContract>
{
    /// <summary>The number of members.</summary>
    [Params(1_000, 100_000)]
    public int Members { get; set; } = 1_000;

    /// <inheritdoc/>
    protected override Organization CreateValue() => WorkloadData.Organization(Members);

    /// <inheritdoc/>
    protected override OrganizationContract ToContract(Organization value) => ContractMapper.ToContract(value);
}

using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G2 on W4 (an organization of 1,000 members): the first round trip in a fresh process, IL vs generated vs MemoryPack vs System.Text.Json.</summary>
/// <remarks>
/// 1,000 members only (G1 also runs 100,000): a first request of that size is the common case, and at 100,000 the
/// first call measures how fast not-yet-optimized code loops more than what using the type costs.
/// </remarks>
public class G2_W4_Organization : FirstUseBenchmark<Organization, OrganizationContract>
{
    /// <inheritdoc/>
    protected override Organization CreateValue() => WorkloadData.Organization(1_000);

    /// <inheritdoc/>
    protected override OrganizationContract ToContract(Organization value) => ContractMapper.ToContract(value);
}

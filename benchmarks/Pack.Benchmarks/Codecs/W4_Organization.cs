using BenchmarkDotNet.Attributes;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>W4: seed 004's organization, a POCO with a string array and a list of members.</summary>
public class W4_Organization : CodecBenchmark<Organization, OrganizationContract, OrganizationContract>
{
    /// <summary>The number of members.</summary>
    [Params(1_000, 100_000)]
    public int Members { get; set; } = 1_000;

    /// <inheritdoc/>
    protected override Organization CreateValue() => WorkloadData.Organization(Members);

    /// <inheritdoc/>
    protected override OrganizationContract ToContract(Organization value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override OrganizationContract ToProto(Organization value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, Organization value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override Organization ReadBinary(BinaryReader reader) => BinaryCodec.ReadOrganization(reader);
}

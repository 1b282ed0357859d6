using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G1 on W1 (a 4-byte blittable struct): generated vs IL vs MemoryPack.</summary>
public class G1_W1_PacketHeader : GeneratedVsIlBenchmark<PacketHeader, PacketHeaderContract>
{
    /// <inheritdoc/>
    protected override PacketHeader CreateValue() => WorkloadData.PacketHeader();

    /// <inheritdoc/>
    protected override PacketHeaderContract ToContract(PacketHeader value) => ContractMapper.ToContract(value);
}

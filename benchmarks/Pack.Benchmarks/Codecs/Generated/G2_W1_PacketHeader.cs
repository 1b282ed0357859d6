using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G2 on W1 (a 4-byte blittable struct): the first round trip in a fresh process, IL vs generated vs MemoryPack vs System.Text.Json.</summary>
public class G2_W1_PacketHeader : FirstUseBenchmark<PacketHeader, PacketHeaderContract>
{
    /// <inheritdoc/>
    protected override PacketHeader CreateValue() => WorkloadData.PacketHeader();

    /// <inheritdoc/>
    protected override PacketHeaderContract ToContract(PacketHeader value) => ContractMapper.ToContract(value);
}

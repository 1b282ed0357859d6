using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G1 on W2 (mixed primitives): generated vs IL vs MemoryPack.</summary>
public class G1_W2_Primitives_Mixed : GeneratedVsIlBenchmark<MixedPrimitives, MixedPrimitivesContract>
{
    /// <inheritdoc/>
    protected override MixedPrimitives CreateValue() => WorkloadData.MixedPrimitives();

    /// <inheritdoc/>
    protected override MixedPrimitivesContract ToContract(MixedPrimitives value) => ContractMapper.ToContract(value);
}

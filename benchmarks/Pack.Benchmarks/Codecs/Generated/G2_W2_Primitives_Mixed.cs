using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G2 on W2 (mixed primitives): the first round trip in a fresh process, IL vs generated vs MemoryPack vs System.Text.Json.</summary>
public class G2_W2_Primitives_Mixed : FirstUseBenchmark<MixedPrimitives, MixedPrimitivesContract>
{
    /// <inheritdoc/>
    protected override MixedPrimitives CreateValue() => WorkloadData.MixedPrimitives();

    /// <inheritdoc/>
    protected override MixedPrimitivesContract ToContract(MixedPrimitives value) => ContractMapper.ToContract(value);
}

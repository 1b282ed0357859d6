using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G1 on W3 (the CGD buffer's primitives object): generated vs IL vs MemoryPack.</summary>
public class G1_W3_CgdBuffer_Primitives : GeneratedVsIlBenchmark<CgdPrimitives, CgdPrimitivesContract>
{
    /// <inheritdoc/>
    protected override CgdPrimitives CreateValue() => WorkloadData.CgdPrimitives();

    /// <inheritdoc/>
    protected override CgdPrimitivesContract ToContract(CgdPrimitives value) => ContractMapper.ToContract(value);
}

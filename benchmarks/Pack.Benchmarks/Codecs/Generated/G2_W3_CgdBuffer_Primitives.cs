using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G2 on W3 (the CGD buffer's primitives object): the first round trip in a fresh process, IL vs generated vs MemoryPack vs System.Text.Json.</summary>
public class G2_W3_CgdBuffer_Primitives : FirstUseBenchmark<CgdPrimitives, CgdPrimitivesContract>
{
    /// <inheritdoc/>
    protected override CgdPrimitives CreateValue() => WorkloadData.CgdPrimitives();

    /// <inheritdoc/>
    protected override CgdPrimitivesContract ToContract(CgdPrimitives value) => ContractMapper.ToContract(value);
}

using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G1 on W5 (an array of blittable vectors): generated vs IL vs MemoryPack.</summary>
public class G1_W5_Vector3Array : GeneratedVsIlBenchmark<Vector3[], Vector3Contract[]>
{
    /// <inheritdoc/>
    protected override Vector3[] CreateValue() => WorkloadData.Vector3Array();

    /// <inheritdoc/>
    protected override Vector3Contract[] ToContract(Vector3[] value) => ContractMapper.ToContract(value);
}

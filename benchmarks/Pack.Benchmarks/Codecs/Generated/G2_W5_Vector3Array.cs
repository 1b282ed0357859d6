using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G2 on W5 (an array of 10,000 blittable vectors): the first round trip in a fresh process, IL vs generated vs MemoryPack vs System.Text.Json.</summary>
public class G2_W5_Vector3Array : FirstUseBenchmark<Vector3[], Vector3Contract[]>
{
    /// <inheritdoc/>
    protected override Vector3[] CreateValue() => WorkloadData.Vector3Array();

    /// <inheritdoc/>
    protected override Vector3Contract[] ToContract(Vector3[] value) => ContractMapper.ToContract(value);
}

using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G1 on W6 (three ints and two strings): generated vs IL vs MemoryPack.</summary>
public class G1_W6_SmallObject : GeneratedVsIlBenchmark<SmallObject, SmallObjectContract>
{
    /// <inheritdoc/>
    protected override SmallObject CreateValue() => WorkloadData.SmallObject();

    /// <inheritdoc/>
    protected override SmallObjectContract ToContract(SmallObject value) => ContractMapper.ToContract(value);
}

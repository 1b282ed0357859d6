using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>G2 on W6 (three ints and two strings): the first round trip in a fresh process, IL vs generated vs MemoryPack vs System.Text.Json.</summary>
public class G2_W6_SmallObject : FirstUseBenchmark<SmallObject, SmallObjectContract>
{
    /// <inheritdoc/>
    protected override SmallObject CreateValue() => WorkloadData.SmallObject();

    /// <inheritdoc/>
    protected override SmallObjectContract ToContract(SmallObject value) => ContractMapper.ToContract(value);
}

using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>W6: three ints and two strings, the "standard object" of MemoryPack's README.</summary>
public class W6_SmallObject : CodecBenchmark<SmallObject, SmallObjectContract, SmallObjectContract>
{
    /// <inheritdoc/>
    protected override SmallObject CreateValue() => WorkloadData.SmallObject();

    /// <inheritdoc/>
    protected override SmallObjectContract ToContract(SmallObject value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override SmallObjectContract ToProto(SmallObject value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, SmallObject value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override SmallObject ReadBinary(BinaryReader reader) => BinaryCodec.ReadSmallObject(reader);
}

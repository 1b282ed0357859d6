using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Protos;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>W6: three ints and two strings, the "standard object" of MemoryPack's README.</summary>
public class W6_SmallObject : CodecBenchmark<SmallObject, SmallObjectMessage>
{
    /// <summary>Creates the benchmark.</summary>
    public W6_SmallObject()
        : base(SmallObjectMessage.Parser)
    {
    }

    /// <inheritdoc/>
    protected override SmallObject CreateValue() => WorkloadData.SmallObject();

    /// <inheritdoc/>
    protected override SmallObjectMessage ToMessage(SmallObject value) => ProtobufMessages.From(value);

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, SmallObject value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override SmallObject ReadBinary(BinaryReader reader) => BinaryCodec.ReadSmallObject(reader);
}

using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>W3 (seed 003) payload 4: <c>string[8]</c> holding the strings of payload 2.</summary>
public class W3_CgdBuffer_StringArray : CodecBenchmark<string[], string[], StringArrayContract>
{
    /// <inheritdoc/>
    protected override string[] CreateValue() => WorkloadData.CgdStringArray();

    /// <inheritdoc/>
    protected override string[] ToContract(string[] value) => [.. value];

    /// <inheritdoc/>
    protected override StringArrayContract ToProto(string[] value) => new() { Values = [.. value] };

    /// <inheritdoc/>
    protected override object? FromProto(StringArrayContract value) => value.Values;

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, string[] value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override string[] ReadBinary(BinaryReader reader) => BinaryCodec.ReadStringArray(reader);
}

using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>W2 (seed 002): the string message, <c>new string('A', 65)</c>. Target: 0 bytes allocated per serialize.</summary>
public class W2_Primitives_String : CodecBenchmark<string, string, TextContract>
{
    /// <inheritdoc/>
    protected override string CreateValue() => WorkloadData.Text();

    /// <inheritdoc/>
    protected override string ToContract(string value) => value;

    /// <inheritdoc/>
    protected override TextContract ToProto(string value) => new() { Value = value };

    /// <inheritdoc/>
    protected override object? FromProto(TextContract value) => value.Value;

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, string value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override string ReadBinary(BinaryReader reader) => BinaryCodec.ReadString(reader);
}

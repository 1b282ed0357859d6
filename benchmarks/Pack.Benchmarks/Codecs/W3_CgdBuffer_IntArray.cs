using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>W3 (seed 003) payload 3: <c>int[8]</c>.</summary>
public class W3_CgdBuffer_IntArray : CodecBenchmark<int[], int[], IntArrayContract>
{
    /// <inheritdoc/>
    protected override int[] CreateValue() => WorkloadData.CgdIntArray();

    /// <inheritdoc/>
    protected override int[] ToContract(int[] value) => [.. value];

    /// <inheritdoc/>
    protected override IntArrayContract ToProto(int[] value) => new() { Values = [.. value] };

    /// <inheritdoc/>
    protected override object? FromProto(IntArrayContract value) => value.Values;

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, int[] value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override int[] ReadBinary(BinaryReader reader) => BinaryCodec.ReadInt32Array(reader);
}

using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>
/// W1: seed 000's 4-byte packet header (<c>Size=48, Id=65534</c>) written into a reused buffer, by the codec peers and
/// by the seed's three hand-written methods. The seed measured 500,000 writes: BitConverter 87–108 ms,
/// StructureToPtr 85–101 ms, direct shifts 61–87 ms.
/// </summary>
public class W1_PacketHeader : CodecBenchmark<PacketHeader, PacketHeaderContract, PacketHeaderContract>
{
    private const int HeaderSize = 4;
    private readonly byte[] header = new byte[HeaderSize];

    /// <summary>Seed method 1: <see cref="BitConverter.GetBytes(ushort)"/> and <see cref="Array.CopyTo(Array, int)"/>; allocates per field.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int BitConverterGetBytes()
    {
        BitConverter.GetBytes(Value.Size).CopyTo(header, 0);
        BitConverter.GetBytes(Value.Id).CopyTo(header, 2);
        return HeaderSize;
    }

    /// <summary>Seed method 2: <see cref="Marshal.StructureToPtr{T}(T, IntPtr, bool)"/> into the pinned buffer.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public unsafe int StructureToPtr()
    {
        fixed (byte* pointer = header)
        {
            Marshal.StructureToPtr(Value, (IntPtr)pointer, false);
        }

        return HeaderSize;
    }

    /// <summary>Seed method 3: direct little-endian byte writes with shifts.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int DirectShifts()
    {
        var buffer = header;
        buffer[0] = (byte)Value.Size;
        buffer[1] = (byte)(Value.Size >> 8);
        buffer[2] = (byte)Value.Id;
        buffer[3] = (byte)(Value.Id >> 8);
        return HeaderSize;
    }

    /// <inheritdoc/>
    public override int? GetPayloadSize(string benchmarkMethod) =>
        benchmarkMethod is nameof(BitConverterGetBytes) or nameof(StructureToPtr) or nameof(DirectShifts)
            ? HeaderSize
            : base.GetPayloadSize(benchmarkMethod);

    /// <inheritdoc/>
    protected override PacketHeader CreateValue() => WorkloadData.PacketHeader();

    /// <inheritdoc/>
    protected override PacketHeaderContract ToContract(PacketHeader value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override PacketHeaderContract ToProto(PacketHeader value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, PacketHeader value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override PacketHeader ReadBinary(BinaryReader reader) => BinaryCodec.ReadPacketHeader(reader);
}

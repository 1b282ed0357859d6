using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Protos;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>
/// W1: seed 000's 4-byte packet header (<c>Size=48, Id=65534</c>) written into a reused buffer, by the codec peers and
/// by the seed's three hand-written methods. The seed measured 500,000 writes: BitConverter 87–108 ms,
/// StructureToPtr 85–101 ms, direct shifts 61–87 ms.
/// </summary>
public class W1_PacketHeader : CodecBenchmarkBase
{
    private const int HeaderSize = 4;
    private readonly byte[] header = new byte[HeaderSize];
    private PacketHeader value;
    private PacketHeaderMessage message = null!;

    /// <summary>System.Text.Json (reflection, cached options).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Serialize)]
    public int SerializeJson() => WriteJson(value);

    /// <summary>Pack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializePack() => WritePack(value);

    /// <summary>The hand-written BinaryWriter codec.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeBinary()
    {
        BinaryCodec.Write(StartBinary(), value);
        return BinaryWrittenCount;
    }

    /// <summary>Google.Protobuf.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeProtobuf() => WriteProtobuf(message);

    /// <summary>Seed method 1: <see cref="BitConverter.GetBytes(ushort)"/> and <see cref="Array.CopyTo(Array, int)"/>; allocates per field.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int BitConverterGetBytes()
    {
        BitConverter.GetBytes(value.Size).CopyTo(header, 0);
        BitConverter.GetBytes(value.Id).CopyTo(header, 2);
        return HeaderSize;
    }

    /// <summary>Seed method 2: <see cref="Marshal.StructureToPtr{T}(T, IntPtr, bool)"/> into the pinned buffer.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public unsafe int StructureToPtr()
    {
        fixed (byte* pointer = header)
        {
            Marshal.StructureToPtr(value, (IntPtr)pointer, false);
        }

        return HeaderSize;
    }

    /// <summary>Seed method 3: direct little-endian byte writes with shifts.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int DirectShifts()
    {
        var buffer = header;
        buffer[0] = (byte)value.Size;
        buffer[1] = (byte)(value.Size >> 8);
        buffer[2] = (byte)value.Id;
        buffer[3] = (byte)(value.Id >> 8);
        return HeaderSize;
    }

    /// <inheritdoc/>
    public override int? GetPayloadSize(string benchmarkMethod) =>
        benchmarkMethod is nameof(BitConverterGetBytes) or nameof(StructureToPtr) or nameof(DirectShifts)
            ? HeaderSize
            : base.GetPayloadSize(benchmarkMethod);

    /// <inheritdoc/>
    protected override void Prepare()
    {
        value = WorkloadData.PacketHeader();
        message = ProtobufMessages.From(value);
    }

    /// <inheritdoc/>
    protected override void Serialize(CodecPeer peer)
    {
        _ = peer switch
        {
            CodecPeer.Json => SerializeJson(),
            CodecPeer.Pack => SerializePack(),
            CodecPeer.Binary => SerializeBinary(),
            CodecPeer.Protobuf => SerializeProtobuf(),
            _ => throw new ArgumentOutOfRangeException(nameof(peer), peer, null),
        };
    }
}

using System.Buffers;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using MemoryPack;
using MessagePack;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Reporting;

namespace Pack.Benchmarks.Codecs;

/// <summary>
/// The writers every codec benchmark reuses between operations, so that allocation figures show the codec alone:
/// one <see cref="ArrayBufferWriter{T}"/> (reset per operation) for the peers that take an <see cref="IBufferWriter{T}"/>,
/// and one <see cref="MemoryStream"/> (truncated per operation) under the <see cref="System.IO.BinaryWriter"/>.
/// </summary>
public abstract class CodecBenchmarkBase : IPayloadSizeSource
{
    private readonly ArrayBufferWriter<byte> buffer = new(64 * 1024);
    private readonly MemoryStream binaryStream = new(64 * 1024);
    private readonly Utf8JsonWriter jsonWriter;
    private readonly BinaryWriter binaryWriter;

    /// <summary>Creates the reused writers.</summary>
    protected CodecBenchmarkBase()
    {
        jsonWriter = new Utf8JsonWriter(buffer);
        binaryWriter = new BinaryWriter(binaryStream);
    }

    /// <summary>Builds the payload for the current [Params]; runs before every benchmark.</summary>
    [GlobalSetup]
    public void Setup() => Prepare();

    /// <summary>Releases the reused writers.</summary>
    [GlobalCleanup]
    public virtual void Cleanup()
    {
        jsonWriter.Dispose();
        binaryWriter.Dispose();
        binaryStream.Dispose();
    }

    /// <inheritdoc/>
    public virtual int? GetPayloadSize(string benchmarkMethod)
    {
        Prepare();
        return PeerOf(benchmarkMethod) is { } peer ? Encode(peer).Length : null;
    }

    /// <summary>Builds the payload (and its attributed copies) for the current [Params].</summary>
    protected abstract void Prepare();

    /// <summary>Runs the serialize benchmark of <paramref name="peer"/> once.</summary>
    protected abstract void Serialize(CodecPeer peer);

    /// <summary>Serializes the prepared payload with <paramref name="peer"/> and returns a copy of the bytes.</summary>
    protected byte[] Encode(CodecPeer peer)
    {
        Serialize(peer);
        return peer == CodecPeer.Binary ? binaryStream.ToArray() : buffer.WrittenSpan.ToArray();
    }

    /// <summary>System.Text.Json into the reused buffer.</summary>
    protected int WriteJson<T>(T value)
    {
        buffer.ResetWrittenCount();
        jsonWriter.Reset(buffer);
        JsonSerializer.Serialize(jsonWriter, value, JsonPeer.Options);
        return buffer.WrittenCount;
    }

    /// <summary>Pack into the reused buffer.</summary>
    protected int WritePack<T>(T value)
    {
        buffer.ResetWrittenCount();
        PackSerializer.Serialize(buffer, value);
        return buffer.WrittenCount;
    }

    /// <summary>MemoryPack into the reused buffer.</summary>
    protected int WriteMemoryPack<T>(T value)
    {
        buffer.ResetWrittenCount();
        MemoryPackSerializer.Serialize(buffer, value);
        return buffer.WrittenCount;
    }

    /// <summary>MessagePack-CSharp into the reused buffer.</summary>
    protected int WriteMessagePack<T>(T value, MessagePackSerializerOptions options)
    {
        buffer.ResetWrittenCount();
        MessagePackSerializer.Serialize(buffer, value, options);
        return buffer.WrittenCount;
    }

    /// <summary>protobuf-net into the reused buffer.</summary>
    protected int WriteProtobuf<T>(T value)
    {
        buffer.ResetWrittenCount();
        ProtoBuf.Serializer.Serialize(buffer, value);
        return buffer.WrittenCount;
    }

    /// <summary>Truncates the reused stream and returns the <see cref="System.IO.BinaryWriter"/> over it.</summary>
    protected BinaryWriter StartBinary()
    {
        binaryStream.SetLength(0);
        return binaryWriter;
    }

    /// <summary>The bytes the <see cref="System.IO.BinaryWriter"/> wrote since <see cref="StartBinary"/>.</summary>
    protected int BinaryWrittenCount => (int)binaryStream.Length;

    private static CodecPeer? PeerOf(string benchmarkMethod)
    {
        var name = benchmarkMethod.StartsWith(Categories.Serialize, StringComparison.Ordinal) ? benchmarkMethod[Categories.Serialize.Length..]
            : benchmarkMethod.StartsWith(Categories.Deserialize, StringComparison.Ordinal) ? benchmarkMethod[Categories.Deserialize.Length..]
            : null;
        return Enum.TryParse<CodecPeer>(name, out var peer) ? peer : null;
    }
}

using BenchmarkDotNet.Attributes;

namespace Pack.Benchmarks.Codecs;

/// <summary>
/// A codec benchmark with deserialize benchmarks too. Each <c>Deserialize{Peer}</c> benchmark gets its own setup that
/// encodes only that peer's payload, so one peer failing to encode fails its own benchmark and no other.
/// </summary>
public abstract class RoundTripBenchmarkBase : CodecBenchmarkBase
{
    private MemoryStream? binaryPayloadStream;

    /// <summary>The System.Text.Json payload, set for <c>DeserializeJson</c>.</summary>
    protected byte[] JsonPayload { get; private set; } = [];

    /// <summary>The Pack payload, set for <c>DeserializePack</c>.</summary>
    protected byte[] PackPayload { get; private set; } = [];

    /// <summary>The protobuf payload, set for <c>DeserializeProtobuf</c>.</summary>
    protected byte[] ProtobufPayload { get; private set; } = [];

    /// <summary>A reader over the BinaryWriter payload, set for <c>DeserializeBinary</c>; rewind it with <see cref="RewindBinary"/>.</summary>
    protected BinaryReader BinaryReader { get; private set; } = new(Stream.Null);

    /// <summary>Setup for <c>DeserializeJson</c>.</summary>
    [GlobalSetup(Target = "DeserializeJson")]
    public void SetupDeserializeJson()
    {
        Prepare();
        JsonPayload = Encode(CodecPeer.Json);
    }

    /// <summary>Setup for <c>DeserializePack</c>.</summary>
    [GlobalSetup(Target = "DeserializePack")]
    public void SetupDeserializePack()
    {
        Prepare();
        PackPayload = Encode(CodecPeer.Pack);
    }

    /// <summary>Setup for <c>DeserializeBinary</c>.</summary>
    [GlobalSetup(Target = "DeserializeBinary")]
    public void SetupDeserializeBinary()
    {
        Prepare();
        binaryPayloadStream = new MemoryStream(Encode(CodecPeer.Binary), writable: false);
        BinaryReader = new BinaryReader(binaryPayloadStream);
    }

    /// <summary>Setup for <c>DeserializeProtobuf</c>.</summary>
    [GlobalSetup(Target = "DeserializeProtobuf")]
    public void SetupDeserializeProtobuf()
    {
        Prepare();
        ProtobufPayload = Encode(CodecPeer.Protobuf);
    }

    /// <inheritdoc/>
    public override void Cleanup()
    {
        BinaryReader.Dispose();
        binaryPayloadStream?.Dispose();
        base.Cleanup();
    }

    /// <summary>Moves the BinaryReader back to the start of its payload and returns it.</summary>
    protected BinaryReader RewindBinary()
    {
        BinaryReader.BaseStream.Position = 0;
        return BinaryReader;
    }
}

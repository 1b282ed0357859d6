using System.Text.Json;
using BenchmarkDotNet.Attributes;
using MemoryPack;
using MessagePack;
using Pack.Benchmarks.Peers;

namespace Pack.Benchmarks.Codecs;

/// <summary>
/// Serialize and deserialize benchmarks of one payload across every codec peer of WORKLOADS.md, in one class so that one
/// BenchmarkDotNet run puts them side by side. System.Text.Json, Pack and the BinaryWriter codec work on the POCO
/// <typeparamref name="T"/>; MemoryPack and MessagePack-CSharp on its attributed copy <typeparamref name="TContract"/>;
/// protobuf-net on <typeparamref name="TProto"/> (the same copy, or a wrapper message where protobuf has no top-level
/// form). The copies are built in setup, so their construction is not timed.
/// </summary>
/// <remarks>
/// Each peer's benchmarks have their own global setup, which encodes that peer's payload and decodes it again,
/// comparing the result with the original (through System.Text.Json, as member names match): a peer that does not
/// round-trip fails its own benchmarks before anything is timed, and no other.
/// </remarks>
/// <typeparam name="T">The workload POCO.</typeparam>
/// <typeparam name="TContract">The attributed copy for MemoryPack and MessagePack-CSharp.</typeparam>
/// <typeparam name="TProto">The protobuf-net contract.</typeparam>
public abstract class CodecBenchmark<T, TContract, TProto> : CodecBenchmarkBase
{
    private static readonly MessagePackSerializerOptions MessagePackOptions = MessagePackSerializerOptions.Standard;
    private static readonly MessagePackSerializerOptions MessagePackLz4Options =
        MessagePackSerializerOptions.Standard.WithCompression(MessagePackCompression.Lz4BlockArray);

    private byte[] jsonPayload = [];
    private byte[] packPayload = [];
    private byte[] memoryPackPayload = [];
    private byte[] messagePackPayload = [];
    private byte[] messagePackLz4Payload = [];
    private byte[] protobufPayload = [];
    private BinaryReader binaryReader = new(Stream.Null);

    /// <summary>The payload being serialized.</summary>
    protected T Value { get; private set; } = default!;

    /// <summary>The payload's attributed copy.</summary>
    protected TContract Contract { get; private set; } = default!;

    /// <summary>The payload's protobuf-net contract.</summary>
    protected TProto Proto { get; private set; } = default!;

    /// <summary>System.Text.Json (reflection, cached options).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Serialize)]
    public int SerializeJson() => WriteJson(Value);

    /// <summary>Pack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializePack() => WritePack(Value);

    /// <summary>MemoryPack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeMemoryPack() => WriteMemoryPack(Contract);

    /// <summary>MessagePack-CSharp.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeMessagePack() => WriteMessagePack(Contract, MessagePackOptions);

    /// <summary>MessagePack-CSharp with <c>Lz4BlockArray</c>.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeMessagePackLz4() => WriteMessagePack(Contract, MessagePackLz4Options);

    /// <summary>protobuf-net.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeProtobuf() => WriteProtobuf(Proto);

    /// <summary>The hand-written BinaryWriter codec.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeBinary()
    {
        WriteBinary(StartBinary(), Value);
        return BinaryWrittenCount;
    }

    /// <summary>System.Text.Json (reflection, cached options).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Deserialize)]
    public T? DeserializeJson() => JsonSerializer.Deserialize<T>(jsonPayload, JsonPeer.Options);

    /// <summary>Pack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public T? DeserializePack() => PackSerializer.Deserialize<T>(packPayload);

    /// <summary>MemoryPack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public TContract? DeserializeMemoryPack() => MemoryPackSerializer.Deserialize<TContract>(memoryPackPayload);

    /// <summary>MessagePack-CSharp.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public TContract DeserializeMessagePack() => MessagePackSerializer.Deserialize<TContract>(messagePackPayload, MessagePackOptions);

    /// <summary>MessagePack-CSharp with <c>Lz4BlockArray</c>.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public TContract DeserializeMessagePackLz4() => MessagePackSerializer.Deserialize<TContract>(messagePackLz4Payload, MessagePackLz4Options);

    /// <summary>protobuf-net.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public TProto DeserializeProtobuf() => ProtoBuf.Serializer.Deserialize<TProto>(protobufPayload.AsSpan());

    /// <summary>The hand-written BinaryReader codec.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public T DeserializeBinary()
    {
        binaryReader.BaseStream.Position = 0;
        return ReadBinary(binaryReader);
    }

    /// <summary>Setup of the System.Text.Json benchmarks: encodes and round-trips the payload.</summary>
    [GlobalSetup(Targets = [nameof(SerializeJson), nameof(DeserializeJson)])]
    public void SetupJson() => SetupPeer(CodecPeer.Json);

    /// <summary>Setup of the Pack benchmarks: encodes and round-trips the payload.</summary>
    [GlobalSetup(Targets = [nameof(SerializePack), nameof(DeserializePack)])]
    public void SetupPack() => SetupPeer(CodecPeer.Pack);

    /// <summary>Setup of the MemoryPack benchmarks: encodes and round-trips the payload.</summary>
    [GlobalSetup(Targets = [nameof(SerializeMemoryPack), nameof(DeserializeMemoryPack)])]
    public void SetupMemoryPack() => SetupPeer(CodecPeer.MemoryPack);

    /// <summary>Setup of the MessagePack benchmarks: encodes and round-trips the payload.</summary>
    [GlobalSetup(Targets = [nameof(SerializeMessagePack), nameof(DeserializeMessagePack)])]
    public void SetupMessagePack() => SetupPeer(CodecPeer.MessagePack);

    /// <summary>Setup of the MessagePack+LZ4 benchmarks: encodes and round-trips the payload.</summary>
    [GlobalSetup(Targets = [nameof(SerializeMessagePackLz4), nameof(DeserializeMessagePackLz4)])]
    public void SetupMessagePackLz4() => SetupPeer(CodecPeer.MessagePackLz4);

    /// <summary>Setup of the protobuf-net benchmarks: encodes and round-trips the payload.</summary>
    [GlobalSetup(Targets = [nameof(SerializeProtobuf), nameof(DeserializeProtobuf)])]
    public void SetupProtobuf() => SetupPeer(CodecPeer.Protobuf);

    /// <summary>Setup of the BinaryWriter benchmarks: encodes and round-trips the payload.</summary>
    [GlobalSetup(Targets = [nameof(SerializeBinary), nameof(DeserializeBinary)])]
    public void SetupBinary() => SetupPeer(CodecPeer.Binary);

    /// <inheritdoc/>
    public override void Cleanup()
    {
        binaryReader.Dispose();
        base.Cleanup();
    }

    /// <summary>
    /// Encodes the payload with every peer, decodes it again and compares; returns each peer's payload size, or throws
    /// <see cref="InvalidOperationException"/> naming the first peer that does not round-trip. The <c>--verify</c> mode.
    /// </summary>
    public IReadOnlyList<(CodecPeer Peer, int Bytes)> VerifyAllPeers()
    {
        var sizes = new List<(CodecPeer, int)>();
        foreach (var peer in Enum.GetValues<CodecPeer>())
        {
            SetupPeer(peer);
            sizes.Add((peer, PayloadOf(peer).Length));
        }

        return sizes;
    }

    /// <summary>Builds the payload for the current [Params].</summary>
    protected abstract T CreateValue();

    /// <summary>Copies the payload into its attributed copy.</summary>
    protected abstract TContract ToContract(T value);

    /// <summary>Copies the payload into its protobuf-net contract.</summary>
    protected abstract TProto ToProto(T value);

    /// <summary>The value a protobuf-net contract stands for, for the round-trip check; by default the contract itself.</summary>
    protected virtual object? FromProto(TProto value) => value;

    /// <summary>Writes the payload with the hand-written codec.</summary>
    protected abstract void WriteBinary(BinaryWriter writer, T value);

    /// <summary>Reads the payload with the hand-written codec.</summary>
    protected abstract T ReadBinary(BinaryReader reader);

    /// <inheritdoc/>
    protected override void Prepare()
    {
        Value = CreateValue();
        Contract = ToContract(Value);
        Proto = ToProto(Value);
    }

    /// <inheritdoc/>
    protected override void Serialize(CodecPeer peer)
    {
        _ = peer switch
        {
            CodecPeer.Json => SerializeJson(),
            CodecPeer.Pack => SerializePack(),
            CodecPeer.MemoryPack => SerializeMemoryPack(),
            CodecPeer.MessagePack => SerializeMessagePack(),
            CodecPeer.MessagePackLz4 => SerializeMessagePackLz4(),
            CodecPeer.Protobuf => SerializeProtobuf(),
            CodecPeer.Binary => SerializeBinary(),
            _ => throw new ArgumentOutOfRangeException(nameof(peer), peer, null),
        };
    }

    private void SetupPeer(CodecPeer peer)
    {
        Prepare();
        var payload = Encode(peer);
        switch (peer)
        {
            case CodecPeer.Json: jsonPayload = payload; break;
            case CodecPeer.Pack: packPayload = payload; break;
            case CodecPeer.MemoryPack: memoryPackPayload = payload; break;
            case CodecPeer.MessagePack: messagePackPayload = payload; break;
            case CodecPeer.MessagePackLz4: messagePackLz4Payload = payload; break;
            case CodecPeer.Protobuf: protobufPayload = payload; break;
            default:
                binaryReader.Dispose();
                binaryReader = new BinaryReader(new MemoryStream(payload, writable: false));
                break;
        }

        object? decoded = peer switch
        {
            CodecPeer.Json => DeserializeJson(),
            CodecPeer.Pack => DeserializePack(),
            CodecPeer.MemoryPack => DeserializeMemoryPack(),
            CodecPeer.MessagePack => DeserializeMessagePack(),
            CodecPeer.MessagePackLz4 => DeserializeMessagePackLz4(),
            CodecPeer.Protobuf => FromProto(DeserializeProtobuf()),
            _ => DeserializeBinary(),
        };

        var expected = JsonSerializer.Serialize<object?>(Value, JsonPeer.Options);
        var actual = JsonSerializer.Serialize(decoded, JsonPeer.Options);
        if (payload.Length == 0 || actual != expected)
        {
            throw new InvalidOperationException(
                $"{GetType().Name}: {peer} does not round-trip ({payload.Length} bytes). Expected {Shorten(expected)}, got {Shorten(actual)}.");
        }
    }

    private byte[] PayloadOf(CodecPeer peer) => peer switch
    {
        CodecPeer.Json => jsonPayload,
        CodecPeer.Pack => packPayload,
        CodecPeer.MemoryPack => memoryPackPayload,
        CodecPeer.MessagePack => messagePackPayload,
        CodecPeer.MessagePackLz4 => messagePackLz4Payload,
        CodecPeer.Protobuf => protobufPayload,
        _ => ((MemoryStream)binaryReader.BaseStream).ToArray(),
    };

    private static string Shorten(string json) => json.Length <= 200 ? json : json[..200] + "…";
}

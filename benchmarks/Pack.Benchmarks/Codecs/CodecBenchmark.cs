using BenchmarkDotNet.Attributes;
using Google.Protobuf;

namespace Pack.Benchmarks.Codecs;

/// <summary>
/// Serialize and deserialize benchmarks of one payload type across the restorable peers. A workload class supplies the
/// payload, its protobuf message and the hand-written BinaryWriter codec; the benchmark methods live here.
/// </summary>
/// <typeparam name="T">The workload POCO.</typeparam>
/// <typeparam name="TMessage">The equivalent generated protobuf message.</typeparam>
public abstract class CodecBenchmark<T, TMessage> : RoundTripBenchmarkBase
    where TMessage : IMessage<TMessage>
{
    private readonly MessageParser<TMessage> parser;

    /// <summary>Creates the benchmark with the message's generated parser.</summary>
    protected CodecBenchmark(MessageParser<TMessage> parser) => this.parser = parser;

    /// <summary>The payload being serialized.</summary>
    protected T Value { get; private set; } = default!;

    /// <summary>The payload as a protobuf message.</summary>
    protected TMessage Message { get; private set; } = default!;

    /// <summary>System.Text.Json (reflection, cached options).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Serialize)]
    public int SerializeJson() => WriteJson(Value);

    /// <summary>Pack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializePack() => WritePack(Value);

    /// <summary>The hand-written BinaryWriter codec.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeBinary()
    {
        WriteBinary(StartBinary(), Value);
        return BinaryWrittenCount;
    }

    /// <summary>Google.Protobuf.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeProtobuf() => WriteProtobuf(Message);

    /// <summary>System.Text.Json (reflection, cached options).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Deserialize)]
    public T? DeserializeJson() => System.Text.Json.JsonSerializer.Deserialize<T>(JsonPayload, Peers.JsonPeer.Options);

    /// <summary>Pack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public T? DeserializePack() => PackSerializer.Deserialize<T>(PackPayload);

    /// <summary>The hand-written BinaryReader codec.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public T DeserializeBinary() => ReadBinary(RewindBinary());

    /// <summary>Google.Protobuf.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public TMessage DeserializeProtobuf() => parser.ParseFrom(ProtobufPayload.AsSpan());

    /// <summary>Builds the payload for the current [Params].</summary>
    protected abstract T CreateValue();

    /// <summary>Copies the payload into its protobuf message.</summary>
    protected abstract TMessage ToMessage(T value);

    /// <summary>Writes the payload with the hand-written codec.</summary>
    protected abstract void WriteBinary(BinaryWriter writer, T value);

    /// <summary>Reads the payload with the hand-written codec.</summary>
    protected abstract T ReadBinary(BinaryReader reader);

    /// <inheritdoc/>
    protected override void Prepare()
    {
        Value = CreateValue();
        Message = ToMessage(Value);
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

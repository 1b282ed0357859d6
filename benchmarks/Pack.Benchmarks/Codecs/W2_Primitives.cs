using BenchmarkDotNet.Attributes;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Protos;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>
/// W2: seed 002's 14 mixed primitives and its 65-character string, serialized into a buffer writer reused between
/// operations. Target: 0 bytes allocated per serialize.
/// </summary>
public class W2_Primitives : RoundTripBenchmarkBase
{
    private MixedPrimitives mixed = null!;
    private MixedPrimitivesMessage mixedMessage = null!;
    private string text = null!;
    private TextMessage textMessage = null!;

    /// <summary>The message.</summary>
    [Params(PrimitivesPayload.Mixed, PrimitivesPayload.String)]
    public PrimitivesPayload Payload { get; set; }

    /// <summary>System.Text.Json (reflection, cached options).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Serialize)]
    public int SerializeJson() => Payload == PrimitivesPayload.Mixed ? WriteJson(mixed) : WriteJson(text);

    /// <summary>Pack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializePack() => Payload == PrimitivesPayload.Mixed ? WritePack(mixed) : WritePack(text);

    /// <summary>The hand-written BinaryWriter codec.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeBinary()
    {
        var writer = StartBinary();
        if (Payload == PrimitivesPayload.Mixed)
        {
            BinaryCodec.Write(writer, mixed);
        }
        else
        {
            BinaryCodec.Write(writer, text);
        }

        return BinaryWrittenCount;
    }

    /// <summary>Google.Protobuf.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeProtobuf() => Payload == PrimitivesPayload.Mixed ? WriteProtobuf(mixedMessage) : WriteProtobuf(textMessage);

    /// <summary>System.Text.Json (reflection, cached options).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Deserialize)]
    public object? DeserializeJson() => Payload == PrimitivesPayload.Mixed
        ? System.Text.Json.JsonSerializer.Deserialize<MixedPrimitives>(JsonPayload, JsonPeer.Options)
        : System.Text.Json.JsonSerializer.Deserialize<string>(JsonPayload, JsonPeer.Options);

    /// <summary>Pack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public object? DeserializePack() => Payload == PrimitivesPayload.Mixed
        ? PackSerializer.Deserialize<MixedPrimitives>(PackPayload)
        : PackSerializer.Deserialize<string>(PackPayload);

    /// <summary>The hand-written BinaryReader codec.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public object DeserializeBinary() => Payload == PrimitivesPayload.Mixed
        ? BinaryCodec.ReadMixedPrimitives(RewindBinary())
        : BinaryCodec.ReadString(RewindBinary());

    /// <summary>Google.Protobuf.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public object DeserializeProtobuf() => Payload == PrimitivesPayload.Mixed
        ? MixedPrimitivesMessage.Parser.ParseFrom(ProtobufPayload.AsSpan())
        : TextMessage.Parser.ParseFrom(ProtobufPayload.AsSpan());

    /// <inheritdoc/>
    protected override void Prepare()
    {
        mixed = WorkloadData.MixedPrimitives();
        mixedMessage = ProtobufMessages.From(mixed);
        text = WorkloadData.Text();
        textMessage = ProtobufMessages.From(text);
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

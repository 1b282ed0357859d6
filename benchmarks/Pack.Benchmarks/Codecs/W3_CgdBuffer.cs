using BenchmarkDotNet.Attributes;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Protos;
using Pack.Benchmarks.Workloads;
using Json = System.Text.Json.JsonSerializer;

namespace Pack.Benchmarks.Codecs;

/// <summary>W3: the five payloads of the CGD.buffer benchmark (seed 003), each reported on its own rows.</summary>
public class W3_CgdBuffer : RoundTripBenchmarkBase
{
    private CgdPrimitives primitives = null!;
    private CgdStrings strings = null!;
    private int[] intArray = null!;
    private string[] stringArray = null!;
    private Dictionary<string, List<int>> map = null!;
    private CgdPrimitivesMessage primitivesMessage = null!;
    private CgdStringsMessage stringsMessage = null!;
    private IntArrayMessage intArrayMessage = null!;
    private StringArrayMessage stringArrayMessage = null!;
    private CgdMapMessage mapMessage = null!;

    /// <summary>The payload.</summary>
    [ParamsAllValues]
    public CgdPayload Payload { get; set; }

    /// <summary>System.Text.Json (reflection, cached options).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Serialize)]
    public int SerializeJson() => Payload switch
    {
        CgdPayload.Primitives => WriteJson(primitives),
        CgdPayload.Strings => WriteJson(strings),
        CgdPayload.IntArray => WriteJson(intArray),
        CgdPayload.StringArray => WriteJson(stringArray),
        _ => WriteJson(map),
    };

    /// <summary>Pack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializePack() => Payload switch
    {
        CgdPayload.Primitives => WritePack(primitives),
        CgdPayload.Strings => WritePack(strings),
        CgdPayload.IntArray => WritePack(intArray),
        CgdPayload.StringArray => WritePack(stringArray),
        _ => WritePack(map),
    };

    /// <summary>The hand-written BinaryWriter codec.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeBinary()
    {
        var writer = StartBinary();
        switch (Payload)
        {
            case CgdPayload.Primitives: BinaryCodec.Write(writer, primitives); break;
            case CgdPayload.Strings: BinaryCodec.Write(writer, strings); break;
            case CgdPayload.IntArray: BinaryCodec.Write(writer, intArray); break;
            case CgdPayload.StringArray: BinaryCodec.Write(writer, stringArray); break;
            default: BinaryCodec.Write(writer, map); break;
        }

        return BinaryWrittenCount;
    }

    /// <summary>Google.Protobuf.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeProtobuf() => Payload switch
    {
        CgdPayload.Primitives => WriteProtobuf(primitivesMessage),
        CgdPayload.Strings => WriteProtobuf(stringsMessage),
        CgdPayload.IntArray => WriteProtobuf(intArrayMessage),
        CgdPayload.StringArray => WriteProtobuf(stringArrayMessage),
        _ => WriteProtobuf(mapMessage),
    };

    /// <summary>System.Text.Json (reflection, cached options).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Deserialize)]
    public object? DeserializeJson() => Payload switch
    {
        CgdPayload.Primitives => Json.Deserialize<CgdPrimitives>(JsonPayload, JsonPeer.Options),
        CgdPayload.Strings => Json.Deserialize<CgdStrings>(JsonPayload, JsonPeer.Options),
        CgdPayload.IntArray => Json.Deserialize<int[]>(JsonPayload, JsonPeer.Options),
        CgdPayload.StringArray => Json.Deserialize<string[]>(JsonPayload, JsonPeer.Options),
        _ => Json.Deserialize<Dictionary<string, List<int>>>(JsonPayload, JsonPeer.Options),
    };

    /// <summary>Pack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public object? DeserializePack() => Payload switch
    {
        CgdPayload.Primitives => PackSerializer.Deserialize<CgdPrimitives>(PackPayload),
        CgdPayload.Strings => PackSerializer.Deserialize<CgdStrings>(PackPayload),
        CgdPayload.IntArray => PackSerializer.Deserialize<int[]>(PackPayload),
        CgdPayload.StringArray => PackSerializer.Deserialize<string[]>(PackPayload),
        _ => PackSerializer.Deserialize<Dictionary<string, List<int>>>(PackPayload),
    };

    /// <summary>The hand-written BinaryReader codec.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public object DeserializeBinary() => Payload switch
    {
        CgdPayload.Primitives => BinaryCodec.ReadCgdPrimitives(RewindBinary()),
        CgdPayload.Strings => BinaryCodec.ReadCgdStrings(RewindBinary()),
        CgdPayload.IntArray => BinaryCodec.ReadInt32Array(RewindBinary()),
        CgdPayload.StringArray => BinaryCodec.ReadStringArray(RewindBinary()),
        _ => BinaryCodec.ReadCgdMap(RewindBinary()),
    };

    /// <summary>Google.Protobuf.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public object DeserializeProtobuf() => Payload switch
    {
        CgdPayload.Primitives => CgdPrimitivesMessage.Parser.ParseFrom(ProtobufPayload.AsSpan()),
        CgdPayload.Strings => CgdStringsMessage.Parser.ParseFrom(ProtobufPayload.AsSpan()),
        CgdPayload.IntArray => IntArrayMessage.Parser.ParseFrom(ProtobufPayload.AsSpan()),
        CgdPayload.StringArray => StringArrayMessage.Parser.ParseFrom(ProtobufPayload.AsSpan()),
        _ => CgdMapMessage.Parser.ParseFrom(ProtobufPayload.AsSpan()),
    };

    /// <inheritdoc/>
    protected override void Prepare()
    {
        primitives = WorkloadData.CgdPrimitives();
        strings = WorkloadData.CgdStrings();
        intArray = WorkloadData.CgdIntArray();
        stringArray = WorkloadData.CgdStringArray();
        map = WorkloadData.CgdMap();
        primitivesMessage = ProtobufMessages.From(primitives);
        stringsMessage = ProtobufMessages.From(strings);
        intArrayMessage = ProtobufMessages.From(intArray);
        stringArrayMessage = ProtobufMessages.From(stringArray);
        mapMessage = ProtobufMessages.From(map);
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

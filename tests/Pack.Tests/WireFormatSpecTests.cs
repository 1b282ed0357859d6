using System.Buffers;
using System.Text.Json.Nodes;
using Pack.Streaming;
using Pack.Tests.GoldenVectors;
using Pack.Tests.GoldenVectors.Types;

namespace Pack.Tests;

/// <summary>The normative points docs/wire-format.md settles for a second implementation, checked against the codec.</summary>
public sealed class WireFormatSpecTests
{
    [Fact]
    public void Deserialize_SetWithTwoNulls_ThrowsDuplicate()
    {
        // count 2, two null strings
        byte[] bytes = Convert.FromHexString("02000000FFFFFFFFFFFFFFFF");

        var exception = Assert.Throws<PackException>(() => PackSerializer.Deserialize<HashSet<string?>>(bytes));

        Assert.Contains("duplicate", exception.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void Deserialize_NullAndEmptyComponents_AreDifferentKeys()
    {
        var set = PackSerializer.Deserialize<HashSet<(int, string?)>>(PackSerializer.Serialize(new[] { (1, (string?)null), (1, "") }))!;
        var strings = PackSerializer.Deserialize<HashSet<string?>>(PackSerializer.Serialize(new[] { null, "" }))!;

        Assert.Equal(2, set.Count);
        Assert.Equal(2, strings.Count);
    }

    [Fact]
    public void Deserialize_ByteIdenticalKeysOfAClassWithoutValueEquality_AreBothKept()
    {
        var one = new VectorSmallObject { A = 1 };
        byte[] bytes = PackSerializer.Serialize(new[] { one, new VectorSmallObject { A = 1 } });

        var set = PackSerializer.Deserialize<HashSet<VectorSmallObject>>(bytes)!;
        var lists = PackSerializer.Deserialize<HashSet<List<int>>>(PackSerializer.Serialize(new[] { new List<int> { 1 }, [1] }))!;

        Assert.Equal(2, set.Count);
        Assert.Equal(2, lists.Count);
    }

    [Fact]
    public void Deserialize_EqualRecordKeys_ThrowsDuplicate()
    {
        byte[] bytes = PackSerializer.Serialize(new[] { new VectorPerson("Ada", 36), new VectorPerson("Ada", 36) });

        Assert.Throws<PackException>(() => PackSerializer.Deserialize<HashSet<VectorPerson>>(bytes));
    }

    [Theory]
    [InlineData("01000000FFFFFFFF", true)] // [null]: the inner -1 enters no level
    [InlineData("0100000000000000", false)] // [[]]: the inner count 0 enters level 2
    public void Deserialize_InnerCountZeroOrMinusOne_CountsDepthOnTheBytes(string hex, bool accepted)
    {
        var options = new PackSerializerOptions { MaxDepth = 1 };
        byte[] bytes = Convert.FromHexString(hex);

        var exception = Record.Exception(() => PackSerializer.Deserialize<Memory<int>[]>(bytes, options));

        Assert.Equal(accepted, exception is null);
        Assert.True(exception is null or PackException);
    }

    [Fact]
    public void Deserialize_EmptyPayload_IsTruncatedAtOffsetZero()
    {
        var exception = Assert.Throws<PackException>(() => PackSerializer.Deserialize<int>([]));

        Assert.Equal(0, exception.Offset);
        Assert.Contains("truncat", exception.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void Deserialize_NullStructCase_NamesTheNull()
    {
        var exception = Assert.Throws<PackException>(() => PackSerializer.Deserialize<IVectorToken>(Convert.FromHexString("0100ffffffff")));

        Assert.Contains("null", exception.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task ReadAsync_EndFrameWithLengthAndNoPayloadBytes_IsMalformedFromTheHeaderAlone()
    {
        // Only the 5-byte header: the reader must not wait for (or need) the declared byte.
        var exception = await Assert.ThrowsAsync<PackException>(async () =>
        {
            await foreach (var item in PackStream.ReadAsync<int>(new MemoryStream(Convert.FromHexString("0201000000"))))
            {
            }
        });

        Assert.Equal(1, exception.Offset);
        Assert.DoesNotContain("ended", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadAsync_NullErrorPayload_IsStatus500()
    {
        var exception = await Assert.ThrowsAsync<PackStreamException>(async () =>
        {
            await foreach (var item in PackStream.ReadAsync<int>(new MemoryStream(Convert.FromHexString("0304000000ffffffff"))))
            {
            }
        });

        Assert.Equal(500, exception.Error.Status);
    }

    [Fact]
    public void WriteError_Null_IsRejected()
        => Assert.Throws<ArgumentNullException>(() => PackStream.WriteError(new ArrayBufferWriter<byte>(), null!));

    [Fact]
    public void SerializeAndDeserialize_NativeIntegers_ThrowNotSupported()
    {
        Assert.Throws<NotSupportedException>(() => PackSerializer.Serialize<nint>(1));
        Assert.Throws<NotSupportedException>(() => PackSerializer.Deserialize<nuint>(new byte[8]));
    }

    [Theory]
    [InlineData("decimal", "\"+1\"")]
    [InlineData("decimal", "\"01.5\"")]
    [InlineData("decimal", "\"00\"")]
    [InlineData("decimal", "\".5\"")]
    [InlineData("decimal", "\"1.\"")]
    [InlineData("Guid", "\"00112233-4455-6677-8899-AABBCCDDEEFF\"")]
    [InlineData("Guid", "\"{00112233-4455-6677-8899-aabbccddeeff}\"")]
    [InlineData("string", "{\"repeat\":\"a\",\"count\":64}")]
    [InlineData("string", "{\"repeat\":\"ab\",\"count\":65}")]
    [InlineData("string", "{\"repeat\":\"\\ud83d\",\"count\":65}")]
    public void FromJson_NonCanonicalVectorJson_IsRejected(string type, string json)
    {
        var declared = type switch { "decimal" => typeof(decimal), "Guid" => typeof(Guid), _ => typeof(string) };

        // A lone surrogate already fails in the JSON reader; the others fail in the vector reader as FormatException.
        Assert.ThrowsAny<Exception>(() => VectorJson.FromJson(JsonNode.Parse(json), declared));
    }

    [Theory]
    [InlineData("decimal", "\"-0\"")]
    [InlineData("decimal", "\"0.50\"")]
    [InlineData("decimal", "\"-123.4567\"")]
    [InlineData("Guid", "\"00112233-4455-6677-8899-aabbccddeeff\"")]
    [InlineData("string", "{\"repeat\":\"a\",\"count\":65}")]
    public void FromJson_CanonicalVectorJson_IsAccepted(string type, string json)
    {
        var declared = type switch { "decimal" => typeof(decimal), "Guid" => typeof(Guid), _ => typeof(string) };

        var value = VectorJson.FromJson(JsonNode.Parse(json), declared);

        Assert.Equal(json, VectorJson.ToJson(value, declared)!.ToJsonString(new System.Text.Json.JsonSerializerOptions { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }));
    }
}

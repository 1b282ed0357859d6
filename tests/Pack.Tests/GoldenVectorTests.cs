using System.Buffers;
using System.Reflection;
using System.Text.Json.Nodes;
using Pack.Streaming;
using Pack.Tests.GoldenVectors;
using Pack.Tests.GoldenVectors.Types;

namespace Pack.Tests;

/// <summary>
/// Checks every golden vector in docs/vectors against the codec, in both directions. The vector files are the
/// contract shared with docs/wire-format.md and any other implementation; a failure here means the wire changed.
/// </summary>
public class GoldenVectorTests
{
    private static readonly Dictionary<string, Type> TypesByName = BuildTypesByName();

    public static TheoryData<string> EncodableVectors => Ids(GoldenVectorKind.Both);

    public static TheoryData<string> DecodableVectors => Ids(GoldenVectorKind.Both, GoldenVectorKind.Decode);

    public static TheoryData<string> InvalidVectors => Ids(GoldenVectorKind.Invalid);

    public static TheoryData<string> StreamVectors => Ids(GoldenVectorKind.Stream);

    public static TheoryData<string> InvalidStreamVectors => Ids(GoldenVectorKind.InvalidStream);

    [Theory]
    [MemberData(nameof(EncodableVectors))]
    public void Serialize_ValidVector_ProducesExactBytes(string id)
    {
        var (vector, expected) = Resolve(id);

        byte[] bytes = PackSerializer.Serialize(expected.Value, expected.Type);

        Assert.Equal(Convert.ToHexStringLower(vector.Bytes), Convert.ToHexStringLower(bytes));
    }

    public static TheoryData<string> DecodeOnlyVectors => Ids(GoldenVectorKind.Decode);

    [Theory]
    [MemberData(nameof(DecodeOnlyVectors))]
    public void Serialize_DecodeOnlyVector_WritesOtherBytesOrFails(string id)
    {
        // docs/wire-format.md §14: a decode-only vector's value is written as other bytes, or, with "writer": "fails",
        // not at all (its canonical bytes break a limit a writer keeps, §9).
        var (vector, expected) = Resolve(id);

        if (vector.WriterFails)
        {
            Assert.Throws<PackException>(() => PackSerializer.Serialize(expected.Value, expected.Type));
        }
        else
        {
            Assert.NotEqual(Convert.ToHexStringLower(vector.Bytes), Convert.ToHexStringLower(PackSerializer.Serialize(expected.Value, expected.Type)));
        }
    }

    [Theory]
    [MemberData(nameof(DecodableVectors))]
    public void Deserialize_ValidVector_ProducesDescribedValue(string id)
    {
        var (vector, expected) = Resolve(id);

        object? actual = PackSerializer.Deserialize(vector.Bytes, expected.Type);

        Assert.Null(VectorEquivalence.FindDifference(expected.Value, actual));
        if (vector.Kind == GoldenVectorKind.Both)
        {
            // Writing the decoded value must give the same bytes back: this pins what equality cannot see.
            Assert.Equal(Convert.ToHexStringLower(vector.Bytes), Convert.ToHexStringLower(PackSerializer.Serialize(actual, expected.Type)));
        }
    }

    [Theory]
    [MemberData(nameof(DecodableVectors))]
    public void Deserialize_ValidVector_MatchesItsJsonValue(string id)
    {
        var (vector, expected) = Resolve(id);
        Assert.True(vector.HasJson, $"{vector.File}: '{id}' has no \"json\" value.");

        object? actual = PackSerializer.Deserialize(vector.Bytes, expected.Type);

        AssertJsonEqual(vector.Json, VectorJson.ToJson(actual, expected.Type));
    }

    [Theory]
    [MemberData(nameof(DecodableVectors))]
    public void JsonValue_ValidVector_IsTheCatalogValue(string id)
    {
        var (vector, expected) = Resolve(id);

        object? fromJson = VectorJson.FromJson(vector.Json, expected.Type);

        Assert.Null(VectorEquivalence.FindDifference(expected.Value, fromJson));
        AssertJsonEqual(vector.Json, VectorJson.ToJson(expected.Value, expected.Type));
    }

    [Theory]
    [MemberData(nameof(EncodableVectors))]
    public void Serialize_JsonValueOfVector_ProducesExactBytes(string id)
    {
        var (vector, expected) = Resolve(id);

        byte[] bytes = PackSerializer.Serialize(VectorJson.FromJson(vector.Json, expected.Type), expected.Type);

        Assert.Equal(Convert.ToHexStringLower(vector.Bytes), Convert.ToHexStringLower(bytes));
    }

    [Theory]
    [MemberData(nameof(InvalidVectors))]
    public void Deserialize_InvalidVector_ThrowsPackException(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var type = TypesByName[vector.TypeName];

        var exception = Assert.Throws<PackException>(() => PackSerializer.Deserialize(vector.Bytes, type));

        Assert.InRange(exception.Offset, 0, vector.Bytes.Length);
    }

    [Fact]
    public void Deserialize_NullStructElementVector_ThrowsPackExceptionAtTheElement()
    {
        // invalid.collection.struct-element-null: the TypeScript client's compiled and interpreted list codecs reject it
        // at the same offset (clients/typescript/test/node/never-null-elements.test.mjs).
        var vector = GoldenVectorFiles.All["invalid.collection.struct-element-null"];

        var exception = Assert.Throws<PackException>(() => PackSerializer.Deserialize<VectorNamedValue[]>(vector.Bytes));

        Assert.Equal(17, exception.Offset);
    }

    [Theory]
    [MemberData(nameof(StreamVectors))]
    public void WriteStream_StreamVector_ProducesExactFrames(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var expected = VectorCatalog.Streams[id];
        Assert.Equal(vector.TypeName, VectorTypeName.Format(expected.ItemType));
        Assert.Equal(vector.EndsWithError, expected.Error is not null);
        Assert.True(vector.HasJson, $"{vector.File}: every item and error frame of '{id}' needs a \"json\" value.");
        var jsonItems = vector.Json!.AsArray().Select(j => VectorJson.FromJson(j, expected.ItemType)).ToList();
        Assert.Null(VectorEquivalence.FindDifference(expected.Items, jsonItems, "items"));
        if (!vector.WritersProduce)
        {
            // A decode-only stream (bytes after End, a null error payload): writers never produce it.
            return;
        }

        Assert.Null(VectorEquivalence.FindDifference(expected.Error, VectorJson.FromJson(vector.ErrorJson, typeof(PackStreamError)), "error"));
        var frames = new List<byte[]>();
        foreach (var item in jsonItems)
        {
            var frame = new ArrayBufferWriter<byte>();
            Invoke(nameof(WriteItem), expected.ItemType, frame, item);
            frames.Add(frame.WrittenSpan.ToArray());
        }

        var last = new ArrayBufferWriter<byte>();
        if (expected.Error is null)
        {
            PackStream.WriteEnd(last);
        }
        else
        {
            PackStream.WriteError(last, expected.Error);
        }

        frames.Add(last.WrittenSpan.ToArray());

        Assert.Equal(vector.Frames.Select(Convert.ToHexStringLower), frames.Select(Convert.ToHexStringLower));
        Assert.Equal(Convert.ToHexStringLower(vector.Bytes), Convert.ToHexStringLower(frames.SelectMany(f => f).ToArray()));
    }

    [Theory]
    [MemberData(nameof(StreamVectors))]
    public async Task ReadStream_StreamVector_YieldsItemsThenEndsAsDescribed(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var expected = VectorCatalog.Streams[id];
        var items = new List<object?>();

        var read = (Task)Invoke(nameof(ReadItemsAsync), expected.ItemType, vector.Bytes, items)!;

        if (expected.Error is null)
        {
            await read;
        }
        else
        {
            var exception = await Assert.ThrowsAsync<PackStreamException>(() => read);
            Assert.Null(VectorEquivalence.FindDifference(expected.Error, exception.Error, "error"));
        }

        Assert.Null(VectorEquivalence.FindDifference(expected.Items, items, "items"));
        AssertJsonEqual(vector.Json, new JsonArray(items.Select(item => VectorJson.ToJson(item, expected.ItemType)).ToArray()));
        if (vector.EndsWithError)
        {
            // The error frame's json is its payload's value, decoded independently of the reader's reporting.
            var errorFrame = vector.Frames[^1];
            AssertJsonEqual(vector.ErrorJson, VectorJson.ToJson(PackSerializer.Deserialize<PackStreamError>(errorFrame.AsSpan(5)), typeof(PackStreamError)));
        }
    }

    [Theory]
    [MemberData(nameof(InvalidStreamVectors))]
    public async Task ReadStream_InvalidStreamVector_ThrowsPackException(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var type = TypesByName[vector.TypeName];

        var exception = await Assert.ThrowsAsync<PackException>(() => (Task)Invoke(nameof(ReadItemsAsync), type, vector.Bytes, new List<object?>())!);
        if (vector.Offset is { } offset)
        {
            Assert.Equal(offset, exception.Offset);
        }
    }

    [Fact]
    public void Catalog_EveryVector_HasExactlyOneDescribedValue()
    {
        var valid = GoldenVectorFiles.OfKind(GoldenVectorKind.Both, GoldenVectorKind.Decode).Select(v => v.Id).Order(StringComparer.Ordinal);
        var streams = GoldenVectorFiles.OfKind(GoldenVectorKind.Stream).Select(v => v.Id).Order(StringComparer.Ordinal);

        Assert.Equal(VectorCatalog.Values.Keys.Order(StringComparer.Ordinal), valid);
        Assert.Equal(VectorCatalog.Streams.Keys.Order(StringComparer.Ordinal), streams);
        Assert.All(GoldenVectorFiles.OfKind(GoldenVectorKind.Invalid, GoldenVectorKind.InvalidStream), v => Assert.Contains(v.TypeName, TypesByName.Keys));
    }

    private static void AssertJsonEqual(JsonNode? expected, JsonNode? actual)
        => Assert.True(JsonNode.DeepEquals(expected, actual), $"expected {Show(expected)}\nactual   {Show(actual)}");

    private static string Show(JsonNode? node)
        => node?.ToJsonString(new System.Text.Json.JsonSerializerOptions { MaxDepth = GoldenVectorFiles.MaxJsonDepth }) ?? "null";

    private static TheoryData<string> Ids(params GoldenVectorKind[] kinds)
        => new(GoldenVectorFiles.OfKind(kinds).Select(v => v.Id).Order(StringComparer.Ordinal));

    private static (GoldenVector Vector, VectorValue Expected) Resolve(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        Assert.True(VectorCatalog.Values.TryGetValue(id, out var expected), $"The vector '{id}' has no value in {nameof(VectorCatalog)}.");
        Assert.Equal(vector.TypeName, VectorTypeName.Format(expected.Type));
        return (vector, expected);
    }

    private static Dictionary<string, Type> BuildTypesByName()
    {
        var types = new Dictionary<string, Type>(StringComparer.Ordinal);
        foreach (var type in VectorCatalog.Values.Values.Select(v => v.Type).Concat(VectorCatalog.Streams.Values.Select(s => s.ItemType)).Concat(VectorCatalog.InvalidOnlyTypes))
        {
            types.TryAdd(VectorTypeName.Format(type), type);
        }

        return types;
    }

    private static object? Invoke(string method, Type typeArgument, params object?[] arguments)
        => typeof(GoldenVectorTests).GetMethod(method, BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(typeArgument).Invoke(null, arguments);

    private static void WriteItem<T>(ArrayBufferWriter<byte> destination, object? item) => PackStream.WriteItem(destination, (T?)item);

    private static async Task ReadItemsAsync<T>(byte[] bytes, List<object?> items)
    {
        using var stream = new MemoryStream(bytes, writable: false);
        await foreach (var item in PackStream.ReadAsync<T>(stream))
        {
            items.Add(item);
        }
    }
}

using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;
using Pack.Tests.GoldenVectors;

namespace Pack.Schema.Tests;

/// <summary>
/// The schema decoder (what <c>pack inspect</c> and the schema's defaults use) reads payloads with nothing but a
/// schema. Every golden vector holds it to the wire format: valid bytes decode to the vector's exact <c>json</c>,
/// and invalid bytes stop it with a <see cref="PackException"/>.
/// </summary>
public class SchemaDecoderTests
{
    private static readonly Dictionary<string, Type> TypesByName = VectorCatalog.Values.Values.Select(v => v.Type)
        .Concat(VectorCatalog.Streams.Values.Select(s => s.ItemType)).Concat(VectorCatalog.InvalidOnlyTypes)
        .DistinctBy(VectorTypeName.Format).ToDictionary(VectorTypeName.Format, t => t, StringComparer.Ordinal);

    public static TheoryData<string> ValidVectors
        => new(GoldenVectorFiles.OfKind(GoldenVectorKind.Both, GoldenVectorKind.Decode).Where(v => v.HasJson).Select(v => v.Id).Order(StringComparer.Ordinal));

    // Every one, repeated dictionary keys and set elements included (the decoder compares keys by §5.1's equality).
    public static TheoryData<string> InvalidVectors
        => new(GoldenVectorFiles.OfKind(GoldenVectorKind.Invalid).Select(v => v.Id).Order(StringComparer.Ordinal));

    [Theory]
    [MemberData(nameof(ValidVectors))]
    public void Decode_ValidVector_GivesTheVectorsJson(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var schema = PackSchema.For(VectorCatalog.Values[id].Type);

        var decoded = SchemaDecoder.Decode(schema.Types, 0, vector.Bytes, out var error);

        Assert.Null(error);
        var json = decoded.ToJson(schema.Types);
        var expected = Expand(vector.Json?.DeepClone());
        Assert.True(JsonNode.DeepEquals(expected, json), $"expected {vector.Json?.ToJsonString()}\nactual   {json?.ToJsonString()}");
        Assert.Equal(vector.Bytes.Length, decoded.End);
    }

    /// <summary>The vector files shorten a long run of one character to <c>{ "repeat", "count" }</c> (wire-format §14).</summary>
    private static JsonNode? Expand(JsonNode? node)
    {
        switch (node)
        {
            case JsonObject { Count: 2 } obj when obj["repeat"] is JsonValue c && obj["count"] is JsonValue n:
                return JsonValue.Create(string.Concat(Enumerable.Repeat(c.GetValue<string>(), n.GetValue<int>())));
            case JsonObject obj:
                foreach (var key in obj.Select(p => p.Key).ToList())
                {
                    obj[key] = Expand(obj[key]?.DeepClone());
                }

                return obj;
            case JsonArray array:
                for (int i = 0; i < array.Count; i++)
                {
                    array[i] = Expand(array[i]?.DeepClone());
                }

                return array;
            default:
                return node;
        }
    }

    [Theory]
    [MemberData(nameof(InvalidVectors))]
    public void Decode_InvalidVector_StopsWithPackException(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var schema = PackSchema.For(TypesByName[vector.TypeName]);

        SchemaDecoder.Decode(schema.Types, 0, vector.Bytes, out var error);

        Assert.NotNull(error);
        Assert.InRange(error.Offset, 0, vector.Bytes.Length);
    }

    public static TheoryData<string> AllVectors
        => new(GoldenVectorFiles.OfKind(GoldenVectorKind.Both, GoldenVectorKind.Decode).Select(v => v.Id)
            .Concat(GoldenVectorFiles.OfKind(GoldenVectorKind.Invalid).Select(v => v.Id)).Distinct().Order(StringComparer.Ordinal));

    /// <summary>
    /// The lean writer for logs (<see cref="SchemaDecoder.WriteJson"/>, no tree) and the tree (<c>Decode</c>, then the
    /// same rules applied to its values) agree on every golden vector: whole, and cut after each of its first bytes as a
    /// log limit cuts a body (prefix), with and without members left out; the same text and the same error.
    /// </summary>
    [Theory]
    [MemberData(nameof(AllVectors))]
    public void WriteJson_AgreesWithTheTree(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var schema = PackSchema.For(VectorCatalog.Values.TryGetValue(id, out var entry) ? entry.Type : TypesByName[vector.TypeName]);
        Func<PackSchemaType, PackSchemaMember, bool> oddNames = (_, member) => member.Name is { Length: var n } && n % 2 == 1;
        byte[] bytes = vector.Bytes;
        for (int length = bytes.Length; length >= 0; length = length > bytes.Length - 48 ? length - 1 : Math.Min(length - 1, 48))
        {
            var payload = bytes.AsMemory(0, length);
            foreach (bool prefix in new[] { false, true })
            {
                foreach (var leaveOut in new[] { null, oddNames })
                {
                    string lean = Lean(schema, payload, prefix, leaveOut, out var leanError);
                    string tree = Tree(schema, payload, prefix, leaveOut, out var treeError);
                    string where = $"{id}, {length} of {bytes.Length} bytes, prefix {prefix}, leave out {leaveOut is not null}";
                    Assert.True(tree == lean, $"{where}\ntree {tree}\nlean {lean}");
                    Assert.Equal(treeError?.Message, leanError?.Message);
                    Assert.Equal(treeError?.Offset, leanError?.Offset);
                }
            }
        }
    }

    [Fact]
    public void WriteJson_ValidVector_IsTheVectorsJson()
    {
        foreach (string id in GoldenVectorFiles.OfKind(GoldenVectorKind.Both, GoldenVectorKind.Decode).Where(v => v.HasJson).Select(v => v.Id))
        {
            var vector = GoldenVectorFiles.All[id];
            var schema = PackSchema.For(VectorCatalog.Values[id].Type);

            var json = JsonNode.Parse(Lean(schema, vector.Bytes, prefix: false, leaveOut: null, out var error), documentOptions: new JsonDocumentOptions { MaxDepth = 256 });

            Assert.Null(error);
            Assert.True(JsonNode.DeepEquals(Expand(vector.Json?.DeepClone()), json), id);
        }
    }

    private static readonly JsonWriterOptions Compact = new() { MaxDepth = 256, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping, SkipValidation = true };

    private static string Lean(PackSchema schema, ReadOnlyMemory<byte> payload, bool prefix, Func<PackSchemaType, PackSchemaMember, bool>? leaveOut, out PackException? error)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer, Compact))
        {
            SchemaDecoder.WriteJson(schema.Types, 0, payload, prefix, writer, leaveOut, "[Redacted]", "[Incomplete]", out error);
        }

        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    private static string Tree(PackSchema schema, ReadOnlyMemory<byte> payload, bool prefix, Func<PackSchemaType, PackSchemaMember, bool>? leaveOut, out PackException? error)
    {
        var value = SchemaDecoder.Decode(schema.Types, 0, payload, prefix, out error);
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer, Compact))
        {
            SchemaDecoder.WriteTree(schema.Types, value, error is not null, writer, leaveOut, "[Redacted]", "[Incomplete]");
        }

        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    /// <summary>Hostile nesting stops at the decoder's depth limit, written as valid JSON closed to its root, with no stack overflow.</summary>
    [Fact]
    public void WriteJson_HostileNesting_StopsAtTheDepthLimitWithClosedJson()
    {
        var schema = PackSchema.For(typeof(Chain));
        var inner = new List<byte>(BitConverter.GetBytes(0));
        for (int level = 0; level < 10_000; level++)
        {
            inner.InsertRange(0, BitConverter.GetBytes(inner.Count));
        }

        byte[] bytes = [0xfe, 0xff, 0xff, 0xff, 0x01, 0x00, .. inner];

        string lean = Lean(schema, bytes, prefix: false, leaveOut: null, out var error);

        Assert.NotNull(error);
        Assert.Contains("nests deeper than 64 levels", error.Message, StringComparison.Ordinal);
        Assert.Equal(Tree(schema, bytes, prefix: false, leaveOut: null, out _), lean);
        Assert.NotNull(JsonNode.Parse(lean, documentOptions: new JsonDocumentOptions { MaxDepth = 256 }));
        Assert.EndsWith("\"[Incomplete]\"" + new string('}', 64), lean, StringComparison.Ordinal);
    }

    /// <summary>A cut list whose count is far past the bytes shows the elements the bytes hold, then "[Incomplete]"; nothing is sized by the count.</summary>
    [Fact]
    public void WriteJson_CutListWithAHugeCount_ShowsWhatTheBytesHold()
    {
        var schema = PackSchema.For(typeof(List<int>));
        byte[] bytes = Convert.FromHexString("ffffff7f0100000002000000ff");

        string lean = Lean(schema, bytes, prefix: true, leaveOut: null, out var error);

        Assert.Equal("[1,2,\"[Incomplete]\"]", lean);
        Assert.NotNull(error);
        Assert.Equal(12, error.Offset);
    }

    /// <summary>
    /// The lean writer's own paths (short strings transcoded on the stack up to 256 UTF-16 units, integers and booleans
    /// written without a node) give the tree's text at and around their limits, and its error for bad bytes.
    /// </summary>
    [Fact]
    public void WriteJson_StringsAndIntegersAtTheFastPathsLimits_AgreeWithTheTree()
    {
        string[] texts = [new string('a', 255), new string('a', 256), new string('a', 257), new string('é', 256), string.Concat(Enumerable.Repeat("😀", 128)), "\"\\\n\u0001", string.Empty];
        foreach (string text in texts)
        {
            var value = new Scalars { Text = text, Long = long.MinValue, Unsigned = ulong.MaxValue, Flag = true, Small = -128, Short = short.MinValue };
            AssertLeanIsTree(PackSchema.For(typeof(Scalars)), PackSerializer.Serialize(value), text.Length.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        byte[] bytes = PackSerializer.Serialize(new Scalars { Text = "abc", Flag = true });
        int textAt = bytes.AsSpan().IndexOf("abc"u8);
        byte[] badUtf8 = (byte[])bytes.Clone();
        badUtf8[textAt + 1] = 0xff;
        Assert.Contains("UTF-8", AssertLeanIsTree(PackSchema.For(typeof(Scalars)), badUtf8, "invalid UTF-8")?.Message, StringComparison.Ordinal);

        byte[] badHeader = (byte[])bytes.Clone();
        badHeader[textAt - 4] = 4; // four UTF-16 units declared for three UTF-8 bytes
        Assert.Equal(textAt - 4, AssertLeanIsTree(PackSchema.For(typeof(Scalars)), badHeader, "inconsistent string header")?.Offset);
    }

    private static PackException? AssertLeanIsTree(PackSchema schema, byte[] bytes, string what)
    {
        string lean = Lean(schema, bytes, prefix: false, leaveOut: null, out var leanError);
        string tree = Tree(schema, bytes, prefix: false, leaveOut: null, out var treeError);
        Assert.True(tree == lean, $"{what}\ntree {tree}\nlean {lean}");
        Assert.Equal(treeError?.Message, leanError?.Message);
        Assert.Equal(treeError?.Offset, leanError?.Offset);
        return leanError;
    }

    public sealed class Scalars
    {
        public string? Text { get; set; }

        public long Long { get; set; }

        public ulong Unsigned { get; set; }

        public bool Flag { get; set; }

        public sbyte Small { get; set; }

        public short Short { get; set; }
    }

    public sealed class Chain
    {
        public Chain? Next { get; set; }
    }
}


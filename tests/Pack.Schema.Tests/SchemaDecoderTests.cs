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
}

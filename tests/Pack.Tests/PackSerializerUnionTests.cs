using System.Text.Json;
using Pack.Tests.Models;

namespace Pack.Tests;

/// <summary>How unions are declared: [PackUnion], or [JsonDerivedType] with integer discriminators, and both together.</summary>
public class PackSerializerUnionTests
{
    [Fact]
    public void Serialize_JsonDerivedTypeWithIntDiscriminators_WritesTheDiscriminatorAsTag()
    {
        JsonIntShape circle = new JsonIntCircle { Radius = 1.5f };
        JsonIntShape square = new JsonIntSquare { Side = 4 };

        // The same bytes as the [PackUnion] vectors union.circle and union.square.
        Assert.Equal("0000feffffff01000000c03f", Convert.ToHexStringLower(PackSerializer.Serialize(circle)));
        Assert.Equal("0100feffffff01000400", Convert.ToHexStringLower(PackSerializer.Serialize(square)));
        Assert.Equal(4, Assert.IsType<JsonIntSquare>(PackSerializer.Deserialize<JsonIntShape>(PackSerializer.Serialize(square))).Side);
    }

    [Fact]
    public void Deserialize_JsonDerivedTypeUnknownTag_ThrowsPackException()
    {
        var exception = Assert.Throws<PackException>(() => PackSerializer.Deserialize<JsonIntShape>(Convert.FromHexString("0200feffffff0000")));

        Assert.Equal(0, exception.Offset);
    }

    [Fact]
    public void Serialize_JsonDerivedTypeWithStringDiscriminator_ThrowsNotSupportedNamingTheFix()
    {
        var exception = Assert.Throws<NotSupportedException>(() => PackSerializer.Serialize<JsonNamedShape>(new JsonNamedCircle()));

        Assert.StartsWith("PACK019: ", exception.Message, StringComparison.Ordinal);
        Assert.Contains("\"circle\"", exception.Message, StringComparison.Ordinal);
        Assert.Contains("[PackUnion(", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Serialize_JsonDerivedTypeDiscriminatorAboveTagRange_ThrowsNotSupported()
    {
        var exception = Assert.Throws<NotSupportedException>(() => PackSerializer.Serialize<JsonWideShape>(new JsonWideCircle()));

        Assert.StartsWith("PACK020: ", exception.Message, StringComparison.Ordinal);
        Assert.Contains("65534", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Serialize_PackUnionBesideStringJsonDerivedType_PackUsesTagsAndJsonUsesNames()
    {
        DualShape square = new DualSquare { Side = 4 };

        byte[] pack = PackSerializer.Serialize(square);
        string json = JsonSerializer.Serialize(square);

        Assert.Equal("0100feffffff01000400", Convert.ToHexStringLower(pack));
        Assert.Equal("""{"$type":"square","Side":4}""", json);
        Assert.Equal(4, Assert.IsType<DualSquare>(PackSerializer.Deserialize<DualShape>(pack)).Side);
        Assert.Equal(4, Assert.IsType<DualSquare>(JsonSerializer.Deserialize<DualShape>(json)).Side);
    }
}

using System.Security.Cryptography;
using System.Text;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Pack.Schema;
using Pack.Tests.GoldenVectors;
using Pack.Tests.GoldenVectors.Types;

namespace Pack.Tests.Schema;

/// <summary>
/// docs/vectors/schemas.json holds the schema, canonical texts and fingerprints of every Vector* type and a few
/// built-in roots. Checked both ways: the codec builds exactly the recorded schema from the C# type, and each recorded
/// schema, read back, writes exactly the recorded canonical texts, whose SHA-256 gives the recorded fingerprints.
/// Set PACK_WRITE_SCHEMA_VECTORS=1 to rewrite the file from the codec (then review the diff; the hand-written
/// <c>invalid</c> and <c>edges</c> documents are kept as they are). Its <c>invalid</c> documents break one rule of
/// docs/schema.md §1.5 each and are rejected; its <c>edges</c>, at the limits of those rules, are read.
/// </summary>
public class SchemaVectorTests
{
    private static readonly (string Name, Type Type)[] Roots = SchemaVectorRoots.All;

    private static readonly Lazy<JsonNode> VectorFile = new(Load);

    private static readonly Lazy<Dictionary<string, JsonObject>> Vectors = new(() => ById(VectorFile.Value, "schemas", "type"));

    public static TheoryData<string> Names => new(Roots.Select(r => r.Name).Order(StringComparer.Ordinal));

    public static TheoryData<string> InvalidIds => new(ById(VectorFile.Value, "invalid", "id").Keys);

    public static TheoryData<string> EdgeIds => new(ById(VectorFile.Value, "edges", "id").Keys);

    public static TheoryData<string> NormalisedIds => new(ById(VectorFile.Value, "normalised", "id").Keys);

    [Theory]
    [MemberData(nameof(Names))]
    public void For_VectorType_BuildsTheRecordedSchema(string name)
    {
        var type = Roots.Single(r => r.Name == name).Type;
        var vector = Vectors.Value[name];

        var schema = PackSchema.For(type);

        Assert.Equal(vector["canonical"]!.GetValue<string>(), schema.CanonicalText);
        Assert.Equal(vector["wireCanonical"]!.GetValue<string>(), schema.WireCanonicalText);
        Assert.Equal(vector["contract"]!.GetValue<string>(), schema.ContractFingerprint);
        Assert.Equal(vector["wire"]!.GetValue<string>(), schema.WireFingerprint);
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Parse_RecordedSchema_WritesTheRecordedTextsAndFingerprints(string name)
    {
        var vector = Vectors.Value[name];

        var schema = PackSchema.FromJson(vector["schema"]);

        Assert.Equal(vector["canonical"]!.GetValue<string>(), schema.CanonicalText);
        Assert.Equal(vector["wireCanonical"]!.GetValue<string>(), schema.WireCanonicalText);
        Assert.Equal(vector["contract"]!.GetValue<string>(), Sha256Prefix(vector["canonical"]!.GetValue<string>()));
        Assert.Equal(vector["wire"]!.GetValue<string>(), Sha256Prefix(vector["wireCanonical"]!.GetValue<string>()));
        Assert.Equal(vector["wireCanonical"]!.GetValue<string>(), schema.ToWireForm().CanonicalText);
    }

    [Theory]
    [MemberData(nameof(InvalidIds))]
    public void Parse_InvalidDocument_ThrowsFormatExceptionNamingTheEntry(string id)
    {
        var vector = ById(VectorFile.Value, "invalid", "id")[id];
        string document = TextOf(vector);

        foreach (var parse in IsSet(vector) ? (Func<string, object>[])[PackSchemaSet.Parse] : [PackSchema.Parse, PackSchemaSet.Parse])
        {
            var exception = Record.Exception(() => parse(document));

            Assert.IsType<FormatException>(exception);
            if (vector["at"] is { } at)
            {
                // The entry, then what is wrong with it: "types[3].members[1]: …" (docs/schema.md §1.5).
                Assert.Matches($"^{Regex.Escape(at.GetValue<string>())}[: ]", exception.Message);
            }
        }
    }

    [Theory]
    [MemberData(nameof(EdgeIds))]
    public void Parse_DocumentAtTheLimits_ReadsIt(string id)
    {
        var vector = ById(VectorFile.Value, "edges", "id")[id];
        string document = TextOf(vector);
        if (IsSet(vector))
        {
            // A set at the limits of §2.4 and §5.3: read by a reader of sets only.
            var set = PackSchemaSet.Parse(document);

            Assert.NotEmpty(set.Schemas);
            Assert.All(set.Schemas, s => Assert.Equal(s.CanonicalText, PackSchema.Parse(s.CanonicalText).CanonicalText));
            return;
        }

        var schema = PackSchema.Parse(document);

        Assert.Single(PackSchemaSet.Parse(document).Schemas);
        Assert.Equal(schema.CanonicalText, PackSchema.Parse(schema.CanonicalText).CanonicalText);
        Assert.Equal(schema.WireCanonicalText, schema.ToWireForm().CanonicalText);
    }

    [Theory]
    [MemberData(nameof(NormalisedIds))]
    public void Parse_DocumentWrittenOtherwise_WritesTheCanonicalTextOfTheSchemaAsRead(string id)
    {
        // docs/schema.md §2.1: the canonical text is that of the schema as read, not of the JSON as given, so the
        // document has the texts and fingerprints of the schemas entry it names ("as").
        var vector = ById(VectorFile.Value, "normalised", "id")[id];
        var expected = Vectors.Value[vector["as"]!.GetValue<string>()];

        foreach (var schema in (PackSchema[])[PackSchema.Parse(TextOf(vector)), PackSchemaSet.Parse(TextOf(vector)).Schemas.Single()])
        {
            Assert.Equal(expected["canonical"]!.GetValue<string>(), schema.CanonicalText);
            Assert.Equal(expected["wireCanonical"]!.GetValue<string>(), schema.WireCanonicalText);
            Assert.Equal(expected["contract"]!.GetValue<string>(), schema.ContractFingerprint);
            Assert.Equal(expected["wire"]!.GetValue<string>(), schema.WireFingerprint);
        }
    }

    [Fact]
    public void SchemasJson_DocumentVectors_HaveUniqueIdsAndReasons()
    {
        var documents = VectorFile.Value["invalid"]!.AsArray().Concat(VectorFile.Value["edges"]!.AsArray()).Concat(VectorFile.Value["normalised"]!.AsArray()).ToList();

        Assert.True(documents.Count >= 100, $"schemas.json holds only {documents.Count} invalid and edge documents");
        Assert.Equal(documents.Count, documents.Select(d => d!["id"]!.GetValue<string>()).Distinct(StringComparer.Ordinal).Count());
        Assert.All(documents, d => Assert.False(string.IsNullOrWhiteSpace(d!["reason"]?.GetValue<string>())));
    }

    [Fact]
    public void SchemasJson_CoversEveryVectorType()
    {
        Assert.Equal(Roots.Select(r => r.Name).Order(StringComparer.Ordinal), Vectors.Value.Keys.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void WireFingerprint_RenamedMembersAndTypes_IsUnchanged()
    {
        // VectorSmallObject and VectorSmallObjectV1 differ in names only where their shapes agree; VectorEnvelope and
        // VectorEnvelopeV1 hold them. The contract fingerprints differ (names), and so do the wire ones exactly when the shape does.
        var small = PackSchema.For(typeof(VectorPoint3));
        var renamed = PackSchema.Parse(small.CanonicalText.Replace("\"X\"", "\"Left\"", StringComparison.Ordinal).Replace("VectorPoint3", "Point", StringComparison.Ordinal));

        Assert.Equal(small.WireFingerprint, renamed.WireFingerprint);
        Assert.NotEqual(small.ContractFingerprint, renamed.ContractFingerprint);
    }

    [Fact]
    public void ContractFingerprint_ChangedDefault_Changes()
    {
        var schema = PackSchema.For(typeof(VectorEvolved));
        var changed = PackSchema.Parse(schema.CanonicalText.Replace("\"default\":7", "\"default\":8", StringComparison.Ordinal));

        Assert.Contains("\"default\":7", schema.CanonicalText, StringComparison.Ordinal);
        Assert.Equal(schema.WireFingerprint, changed.WireFingerprint);
        Assert.NotEqual(schema.ContractFingerprint, changed.ContractFingerprint);
    }

    [Fact]
    public void For_MemberDefaults_AreTheDefaultsOfTypesJson()
    {
        // types.json records, for each Vector* member whose absence does not give its type's zero value, what a reader
        // gives it; the schema's "default" must say the same, independently computed from the codec.
        var types = JsonNode.Parse(File.ReadAllText(Path.Combine(GoldenVectorFiles.Directory, "types.json")))!["types"]!.AsArray();
        int checkedMembers = 0;
        foreach (var entry in types.Where(t => t!["members"] is JsonArray && t["kind"]!.GetValue<string>().Contains("(header", StringComparison.Ordinal)))
        {
            var schema = PackSchema.For(Roots.Single(r => r.Name == entry!["name"]!.GetValue<string>()).Type);
            var members = entry!["members"]!.AsArray();
            Assert.Equal(members.Count, schema.Root.Members.Count);
            for (int i = 0; i < members.Count; i++)
            {
                Assert.True(JsonNode.DeepEquals(members[i]!["default"]?["json"], schema.Root.Members[i].Default), $"{entry["name"]}.{members[i]!["name"]}");
                checkedMembers += members[i]!["default"] is null ? 0 : 1;
            }
        }

        Assert.True(checkedMembers >= 3, "types.json lost its defaults?");
    }

    [Fact]
    public void For_UnsupportedType_ThrowsNotSupportedExceptionWithTheCodecsMessage()
    {
        var exception = Assert.Throws<NotSupportedException>(() => PackSchema.For(typeof(int[,])));

        Assert.StartsWith("PACK004: ", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_NotASchema_ThrowsFormatException()
    {
        Assert.Throws<FormatException>(() => PackSchema.Parse("{\"format\":\"pack-schema/1\",\"types\":[{\"kind\":\"list\",\"nullable\":true,\"element\":5}]}"));
        Assert.Throws<FormatException>(() => PackSchema.Parse("[]"));
        Assert.Throws<FormatException>(() => PackSchema.Parse("{"));
    }

    /// <summary>Whether an entry's document is a schema set (docs/schema.md: for <c>text</c>, when the text holds <c>pack-schema-set/1</c>).</summary>
    private static bool IsSet(JsonObject vector)
        => vector["text"] is { } text
            ? text.GetValue<string>().Contains(PackSchemaSet.Format, StringComparison.Ordinal)
            : (vector["document"] as JsonObject)?["format"] is JsonValue format && format.TryGetValue(out string? name) && name == PackSchemaSet.Format;

    /// <summary>An entry's document: its <c>text</c> exactly as written (docs/schema.md: what a parsed document cannot hold), or its <c>document</c> serialized.</summary>
    private static string TextOf(JsonObject vector)
        => vector["text"] is { } text ? text.GetValue<string>() : vector["document"]!.ToJsonString();

    private static string Sha256Prefix(string text) => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(text)).AsSpan(0, 8));

    private static Dictionary<string, JsonObject> ById(JsonNode file, string array, string key)
        => file[array]!.AsArray().ToDictionary(t => t![key]!.GetValue<string>(), t => t!.AsObject(), StringComparer.Ordinal);

    private static JsonNode Load()
    {
        string path = Path.Combine(GoldenVectorFiles.Directory, "schemas.json");
        if (Environment.GetEnvironmentVariable("PACK_WRITE_SCHEMA_VECTORS") == "1")
        {
            Write(path);
        }

        return JsonNode.Parse(File.ReadAllText(path))!;
    }

    private static void Write(string path)
    {
        var previous = JsonNode.Parse(File.ReadAllText(path))!;
        var schemas = new JsonArray();
        foreach (var (name, type) in Roots.OrderBy(r => r.Name, StringComparer.Ordinal))
        {
            var schema = PackSchema.For(type);
            schemas.Add((JsonNode)new JsonObject
            {
                ["type"] = name,
                ["wire"] = schema.WireFingerprint,
                ["contract"] = schema.ContractFingerprint,
                ["canonical"] = schema.CanonicalText,
                ["wireCanonical"] = schema.WireCanonicalText,
                ["schema"] = schema.ToJson(),
            });
        }

        var document = new JsonObject
        {
            ["format"] = "pack-schema-vectors/1",
            ["description"] = "The schema (docs/schema.md) of each Vector* type of types.json and of a few built-in roots: 'schema' is the contract form, 'canonical' and 'wireCanonical' the exact canonical texts of the contract and wire forms (§2), 'contract' and 'wire' their fingerprints (§2.3). 'type' is the C# type as the other vector files spell it. 'invalid': schema documents (or sets) a reader rejects (§1.5), each breaking the one rule its 'reason' gives, 'at' the entry .NET's message names; 'edges': documents at the limits of §1.5 that a reader accepts; 'normalised': documents written otherwise than the canonical text (no signed, 1.0 for 1, null or unknown properties) that a reader reads as the 'schemas' entry named by 'as', with its canonical texts and fingerprints (§2.1). An entry of either gives its document as 'document' (parsed JSON) or as 'text' (the exact JSON text, read as it is: what a parsed document cannot hold, such as two members of one name). Both are written by hand and kept when the schemas are rewritten.",
            ["schemas"] = schemas,
            ["invalid"] = previous["invalid"]?.DeepClone() ?? new JsonArray(),
            ["edges"] = previous["edges"]?.DeepClone() ?? new JsonArray(),
            ["normalised"] = previous["normalised"]?.DeepClone() ?? new JsonArray(),
        };
        var options = new System.Text.Json.JsonSerializerOptions { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };
        File.WriteAllText(path, document.ToJsonString(options) + "\n");
    }
}

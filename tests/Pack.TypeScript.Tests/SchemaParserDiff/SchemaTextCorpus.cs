using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;

namespace Pack.TypeScript.Tests.SchemaParserDiff;

/// <summary>
/// The texts the differential check starts from: every schema, invalid document and edge of docs/vectors/schemas.json,
/// every reader and writer of docs/vectors/compatibility.json, the schema-set fixtures of Schemas/, and sets made of
/// the vector schemas (with and without recorded fingerprints).
/// </summary>
internal static class SchemaTextCorpus
{
    public static IReadOnlyList<string> Load()
    {
        var options = new JsonDocumentOptions { MaxDepth = 256 };
        var vectors = JsonNode.Parse(File.ReadAllText(Path.Combine(RepositoryPaths.Root, "docs", "vectors", "schemas.json")), documentOptions: options)!;
        var compatibility = JsonNode.Parse(File.ReadAllText(Path.Combine(RepositoryPaths.Root, "docs", "vectors", "compatibility.json")), documentOptions: options)!;
        var texts = new List<string>();
        foreach (var entry in vectors["schemas"]!.AsArray())
        {
            texts.Add(entry!["schema"]!.ToJsonString());
            var set = new JsonObject
            {
                ["format"] = PackSchemaSet.Format,
                ["schemas"] = new JsonArray(new JsonObject { ["type"] = entry["type"]!.DeepClone(), ["wire"] = entry["wire"]!.DeepClone(), ["contract"] = entry["contract"]!.DeepClone(), ["schema"] = entry["schema"]!.DeepClone() }),
            };
            texts.Add(set.ToJsonString());
        }

        foreach (var entry in vectors["invalid"]!.AsArray().Concat(vectors["edges"]!.AsArray()))
        {
            texts.Add(entry!["text"] is { } text ? text.GetValue<string>() : entry["document"]!.ToJsonString());
        }

        foreach (var entry in compatibility["cases"]!.AsArray())
        {
            texts.Add(entry!["reader"]!.ToJsonString());
            texts.Add(entry["writer"]!.ToJsonString());
        }

        foreach (var file in Directory.GetFiles(Path.Combine(RepositoryPaths.Root, "tests", "Pack.TypeScript.Tests", "Schemas"), "*.json").Order(StringComparer.Ordinal))
        {
            texts.Add(File.ReadAllText(file));
        }

        var schemas = vectors["schemas"]!.AsArray().Select(e => PackSchema.FromJson(e!["schema"])).ToList();
        texts.Add(new PackSchemaSet(schemas).ToJsonString());
        texts.Add(new PackSchemaSet(schemas.Take(5)).ToJsonString());
        return texts;
    }
}

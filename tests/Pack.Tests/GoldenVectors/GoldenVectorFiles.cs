using System.Security.Cryptography;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Pack.Tests.GoldenVectors;

/// <summary>Loads every vector file in docs/vectors, found by walking up from the test binaries to the folder holding Web.sln.</summary>
public static class GoldenVectorFiles
{
    /// <summary>The depth vectors nest their JSON values about 70 deep, beyond System.Text.Json's default of 64.</summary>
    public const int MaxJsonDepth = 256;

    private static readonly Lazy<IReadOnlyDictionary<string, GoldenVector>> Loaded = new(Load);

    /// <summary>The folder docs/vectors of the repository.</summary>
    public static string Directory { get; } = FindDirectory();

    /// <summary>Every vector, by id.</summary>
    public static IReadOnlyDictionary<string, GoldenVector> All => Loaded.Value;

    /// <summary>The vectors of one kind.</summary>
    public static IEnumerable<GoldenVector> OfKind(params GoldenVectorKind[] kinds) => All.Values.Where(v => kinds.Contains(v.Kind));

    private static string FindDirectory()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Web.sln")))
            {
                return Path.Combine(directory.FullName, "docs", "vectors");
            }
        }

        throw new InvalidOperationException($"No Web.sln above {AppContext.BaseDirectory}; the golden vectors cannot be found.");
    }

    private static Dictionary<string, GoldenVector> Load()
    {
        var vectors = new Dictionary<string, GoldenVector>(StringComparer.Ordinal);
        foreach (var path in System.IO.Directory.GetFiles(Directory, "*.json").Order(StringComparer.Ordinal))
        {
            var file = Path.GetFileName(path);
            using var document = JsonDocument.Parse(File.ReadAllBytes(path), new JsonDocumentOptions { MaxDepth = MaxJsonDepth });
            var root = document.RootElement;
            if (!root.TryGetProperty("format", out var format) || format.GetString() != "pack-golden-vectors/1")
            {
                continue; // schemas.json and compatibility.json: the schema spec's files, in their own formats (wire-format §14)
            }

            if (root.TryGetProperty("vectors", out var list))
            {
                foreach (var element in list.EnumerateArray())
                {
                    var kind = file == "invalid.json" ? GoldenVectorKind.Invalid
                        : element.GetProperty("direction").GetString() switch
                        {
                            "both" => GoldenVectorKind.Both,
                            "decode" => GoldenVectorKind.Decode,
                            var other => throw new InvalidDataException($"{file}: unknown direction '{other}'."),
                        };
                    Add(vectors, new GoldenVector(file, Id(element), element.GetProperty("type").GetString()!, kind, ReadBytes(element, file))
                    {
                        HasJson = element.TryGetProperty("json", out var json),
                        Json = json.ValueKind == JsonValueKind.Undefined ? null : JsonNode.Parse(json.GetRawText(), documentOptions: new JsonDocumentOptions { MaxDepth = MaxJsonDepth }),
                        WriterFails = element.TryGetProperty("writer", out var writer) && writer.GetString() == "fails",
                    });
                }
            }

            if (root.TryGetProperty("streams", out var streams))
            {
                foreach (var element in streams.EnumerateArray())
                {
                    var frames = element.GetProperty("frames").EnumerateArray().Select(frame => ReadBytes(frame, file)).ToArray();
                    var valued = element.GetProperty("frames").EnumerateArray().Where(f => f.GetProperty("kind").GetString() is "item" or "error").ToList();
                    var items = new JsonArray(valued.Where(f => f.GetProperty("kind").GetString() == "item").Select(ParseJson).ToArray());
                    var error = valued.Where(f => f.GetProperty("kind").GetString() == "error").Select(ParseJson).SingleOrDefault();
                    Add(vectors, new GoldenVector(file, Id(element), element.GetProperty("itemType").GetString()!, GoldenVectorKind.Stream, ReadBytes(element, file))
                    {
                        Frames = frames,
                        EndsWithError = element.GetProperty("outcome").GetString() == "error",
                        WritersProduce = !element.TryGetProperty("direction", out var direction) || direction.GetString() == "both",
                        HasJson = valued.All(f => f.TryGetProperty("json", out _)),
                        Json = items,
                        ErrorJson = error,
                    });
                }
            }

            if (root.TryGetProperty("invalid", out var invalidStreams))
            {
                foreach (var element in invalidStreams.EnumerateArray())
                {
                    Add(vectors, new GoldenVector(file, Id(element), element.GetProperty("itemType").GetString()!, GoldenVectorKind.InvalidStream, ReadBytes(element, file))
                    {
                        Offset = element.TryGetProperty("offset", out var offset) ? offset.GetInt64() : null,
                    });
                }
            }
        }

        return vectors;
    }

    private static string Id(JsonElement element) => element.GetProperty("id").GetString()!;

    private static JsonNode? ParseJson(JsonElement frame) => frame.TryGetProperty("json", out var json) ? JsonNode.Parse(json.GetRawText(), documentOptions: new JsonDocumentOptions { MaxDepth = MaxJsonDepth }) : null;

    private static void Add(Dictionary<string, GoldenVector> vectors, GoldenVector vector)
    {
        if (!vectors.TryAdd(vector.Id, vector))
        {
            throw new InvalidDataException($"{vector.File}: the id '{vector.Id}' is used twice.");
        }
    }

    /// <summary>Reads "hex", or for long data "hexParts" (each part's hex repeated "repeat" times) checked against "length" and "sha256".</summary>
    private static byte[] ReadBytes(JsonElement element, string file)
    {
        if (element.TryGetProperty("hex", out var hex))
        {
            return Convert.FromHexString(hex.GetString()!);
        }

        var bytes = new List<byte>();
        foreach (var part in element.GetProperty("hexParts").EnumerateArray())
        {
            var chunk = Convert.FromHexString(part.GetProperty("hex").GetString()!);
            int repeat = part.TryGetProperty("repeat", out var r) ? r.GetInt32() : 1;
            for (int i = 0; i < repeat; i++)
            {
                bytes.AddRange(chunk);
            }
        }

        var result = bytes.ToArray();
        var id = Id(element);
        if (result.Length != element.GetProperty("length").GetInt32())
        {
            throw new InvalidDataException($"{file}: '{id}' declares {element.GetProperty("length").GetInt32()} bytes but its parts make {result.Length}.");
        }

        if (!string.Equals(Convert.ToHexStringLower(SHA256.HashData(result)), element.GetProperty("sha256").GetString(), StringComparison.Ordinal))
        {
            throw new InvalidDataException($"{file}: the bytes of '{id}' do not match its sha256.");
        }

        return result;
    }
}

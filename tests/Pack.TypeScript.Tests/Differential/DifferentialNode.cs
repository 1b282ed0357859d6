using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Tests.GoldenVectors;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>
/// What the differential checks share: the Node side (clients/typescript/scripts/run-differential.mjs, one process per
/// batch), the vector types, the <c>PACK_DIFF_*</c> settings and the hex shown for a divergence.
/// </summary>
internal static class DifferentialNode
{
    /// <summary>
    /// Decodes <paramref name="cases"/> (declared type and bytes) in one Node process: payloads when
    /// <paramref name="chunkSizes"/> is null, otherwise whole streams, each read once per chunk size (0: in one chunk).
    /// </summary>
    public static JsonArray Run(IReadOnlyCollection<(string Type, byte[] Bytes)> cases, int[]? chunkSizes)
    {
        string directory = Path.Combine(Path.GetTempPath(), $"pack-differential-{Environment.ProcessId}-{Guid.NewGuid():n}");
        Directory.CreateDirectory(directory);
        try
        {
            string input = Path.Combine(directory, "input.json");
            string result = Path.Combine(directory, "output.json");
            using (var stream = File.Create(input))
            using (var writer = new Utf8JsonWriter(stream))
            {
                writer.WriteStartObject();
                writer.WritePropertyName("types");
                TypesJson().WriteTo(writer);
                if (chunkSizes is not null)
                {
                    writer.WriteStartArray("chunkSizes");
                    foreach (int size in chunkSizes)
                    {
                        writer.WriteNumberValue(size);
                    }

                    writer.WriteEndArray();
                }

                writer.WriteStartArray("cases");
                foreach (var (type, bytes) in cases)
                {
                    writer.WriteStartObject();
                    writer.WriteString("type", type);
                    writer.WriteString("hex", Convert.ToHexStringLower(bytes));
                    writer.WriteEndObject();
                }

                writer.WriteEndArray();
                writer.WriteEndObject();
            }

            var run = TypeScriptToolchain.Node($"scripts/run-differential.mjs {input} {result}", TimeSpan.FromMinutes(10));
            Assert.True(run.ExitCode == 0, run.Describe());
            var results = JsonNode.Parse(File.ReadAllBytes(result), documentOptions: new JsonDocumentOptions { MaxDepth = 512 })!.AsArray();
            Assert.Equal(cases.Count, results.Count);
            return results;
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    /// <summary>The <c>types</c> list of docs/vectors/types.json.</summary>
    public static JsonElement TypesJson()
    {
        using var document = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(GoldenVectorFiles.Directory, "types.json")));
        return document.RootElement.GetProperty("types").Clone();
    }

    /// <summary>An integer from the environment (<c>PACK_DIFF_SEED</c>, <c>PACK_DIFF_ROUNDS</c>), or the default.</summary>
    public static int Setting(string name, int fallback)
        => int.TryParse(Environment.GetEnvironmentVariable(name), NumberStyles.Integer, CultureInfo.InvariantCulture, out int value) ? value : fallback;

    /// <summary>The first 160 bytes as hex, for a divergence report.</summary>
    public static string Hex(byte[] bytes)
    {
        var hex = new StringBuilder(Convert.ToHexStringLower(bytes.AsSpan(0, Math.Min(bytes.Length, 160))));
        if (bytes.Length > 160)
        {
            hex.Append(CultureInfo.InvariantCulture, $"… ({bytes.Length} bytes)");
        }

        return hex.Length == 0 ? "(empty)" : hex.ToString();
    }
}

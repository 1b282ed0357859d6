using System.Text.Json.Nodes;

namespace Pack.Tool.Tests;

/// <summary>Files of the repository: the golden vectors the tool's tests take their bytes from, and the golden outputs.</summary>
public static class Repository
{
    public static string Root { get; } = FindRoot();

    public static string GoldenDirectory => Path.Combine(Root, "tests", "Pack.Tool.Tests", "Golden");

    /// <summary>The bytes of a golden vector (docs/vectors/*.json) by id.</summary>
    public static string VectorHex(string id)
    {
        foreach (string file in Directory.GetFiles(Path.Combine(Root, "docs", "vectors"), "*.json"))
        {
            var json = JsonNode.Parse(File.ReadAllText(file), documentOptions: new System.Text.Json.JsonDocumentOptions { MaxDepth = 256 })!;
            if ((string?)json["format"] != "pack-golden-vectors/1")
            {
                continue; // the schema spec's files: their "invalid" holds schema documents, not bytes
            }

            foreach (string list in new[] { "vectors", "streams", "invalid" })
            {
                if (json[list] is not JsonArray array)
                {
                    continue;
                }

                foreach (var vector in array)
                {
                    if (vector?["id"]?.GetValue<string>() != id)
                    {
                        continue;
                    }

                    if (vector["hex"] is JsonValue hex)
                    {
                        return hex.GetValue<string>();
                    }

                    return string.Concat(vector["frames"]!.AsArray().Select(f => f!["hex"]!.GetValue<string>()));
                }
            }
        }

        throw new InvalidOperationException($"No vector '{id}'.");
    }

    /// <summary>Compares an output with its golden file; PACK_UPDATE_GOLDEN=1 rewrites the file instead.</summary>
    public static void AssertGolden(string name, string actual)
    {
        string path = Path.Combine(GoldenDirectory, name);
        if (Environment.GetEnvironmentVariable("PACK_UPDATE_GOLDEN") == "1")
        {
            Directory.CreateDirectory(GoldenDirectory);
            File.WriteAllText(path, actual);
        }

        Assert.True(File.Exists(path), $"No golden file {name}; run with PACK_UPDATE_GOLDEN=1 and review it.");
        Assert.Equal(File.ReadAllText(path).ReplaceLineEndings("\n"), actual);
    }

    private static string FindRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Web.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException("Web.sln not found above the test binaries.");
    }
}

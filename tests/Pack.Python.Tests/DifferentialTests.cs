using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Tests.GoldenVectors;

namespace Pack.Python.Tests;

/// <summary>
/// A differential check against the .NET codec: every golden vector's bytes, mutated from a fixed seed (a byte
/// changed, the payload cut, a byte inserted, a length or count overwritten), read by <c>PackSerializer</c> here and
/// by the Python codec (clients/python/tests/differential.py); both must accept or both reject, and an accepted value
/// must map to the same §14 JSON.
/// </summary>
public sealed class DifferentialTests(PythonToolchain toolchain) : IClassFixture<PythonToolchain>
{
    private const int MutantsPerVector = 24;

    [Fact]
    public void MutatedVectors_PythonAndDotNet_AgreeOnEveryVerdictAndValue()
    {
        toolchain.RequirePython();
        var random = new Random(47);
        var cases = new JsonArray();
        foreach (var vector in GoldenVectorFiles.OfKind(GoldenVectorKind.Both, GoldenVectorKind.Decode, GoldenVectorKind.Invalid))
        {
            if (!TryType(vector, out var type))
            {
                continue;
            }

            cases.Add(Case(vector.TypeName, vector.Bytes, type));
            for (int i = 0; i < MutantsPerVector; i++)
            {
                cases.Add(Case(vector.TypeName, Mutate(vector.Bytes, random), type));
            }
        }

        string file = Path.Combine(Path.GetTempPath(), $"pack-py-diff-{Guid.NewGuid():n}.json");
        File.WriteAllText(file, cases.ToJsonString(new JsonSerializerOptions { MaxDepth = 1024 }));
        try
        {
            var run = PythonToolchain.Run($"tests/differential.py \"{file}\"", TimeSpan.FromMinutes(5));

            Assert.True(run.ExitCode == 0, run.Describe());
            Assert.Contains($"{cases.Count} cases, 0 disagreements", run.Output, StringComparison.Ordinal);
            Assert.True(cases.Count > 5000, $"only {cases.Count} cases");
        }
        finally
        {
            File.Delete(file);
        }
    }

    private static bool TryType(GoldenVector vector, out Type type)
    {
        if (VectorCatalog.Values.TryGetValue(vector.Id, out var value))
        {
            type = value.Type;
            return true;
        }

        foreach (var candidate in VectorCatalog.Values.Values.Select(v => v.Type).Concat(VectorCatalog.InvalidOnlyTypes))
        {
            if (VectorTypeName.Format(candidate) == vector.TypeName)
            {
                type = candidate;
                return true;
            }
        }

        type = typeof(object);
        return false;
    }

    private static JsonObject Case(string typeName, byte[] bytes, Type type)
    {
        var node = new JsonObject { ["type"] = typeName, ["hex"] = Convert.ToHexStringLower(bytes) };
        try
        {
            object? value = PackSerializer.Deserialize(bytes, type);
            node["outcome"] = "accepted";
            node["json"] = VectorJson.ToJson(value, type);
        }
        catch (PackException)
        {
            node["outcome"] = "rejected";
        }

        return node;
    }

    private static byte[] Mutate(byte[] original, Random random)
    {
        var bytes = new List<byte>(original);
        switch (random.Next(4))
        {
            case 0 when bytes.Count > 0:
                bytes[random.Next(bytes.Count)] = (byte)random.Next(256);
                break;
            case 1 when bytes.Count > 0:
                int cut = random.Next(bytes.Count + 1);
                bytes.RemoveRange(cut, bytes.Count - cut);
                break;
            case 2:
                bytes.Insert(random.Next(bytes.Count + 1), (byte)random.Next(256));
                break;
            default:
                if (bytes.Count >= 4)
                {
                    int at = random.Next(bytes.Count - 3);
                    int[] values = [-2, -1, 0, 1, 2, 5, 0x7FFF, int.MaxValue, int.MinValue];
                    byte[] word = BitConverter.GetBytes(values[random.Next(values.Length)]);
                    for (int k = 0; k < 4; k++)
                    {
                        bytes[at + k] = word[k];
                    }
                }

                break;
        }

        return [.. bytes];
    }
}

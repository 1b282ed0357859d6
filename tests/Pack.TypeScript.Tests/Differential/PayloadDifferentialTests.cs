using System.Diagnostics;
using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;
using Pack.Tests.GoldenVectors;
using Xunit.Abstractions;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>
/// The differential check of the two decoders: every valid golden vector (docs/vectors) is mutated from a fixed seed
/// (<see cref="PayloadMutator"/>), each input is decoded as the vector's type by <c>PackSerializer.Deserialize</c> and,
/// in one Node process, by the TypeScript client (its interpreted codecs and, where <c>pack ts</c> generated one, the
/// generated decoder), and the verdicts must agree: both accept with the same value (§14 JSON), or both reject.
/// <c>PACK_DIFF_SEED</c> and <c>PACK_DIFF_ROUNDS</c> (mutation rounds per vector, default 1) run longer hunts.
/// </summary>
public sealed class PayloadDifferentialTests(TypeScriptToolchain toolchain, ITestOutputHelper output) : IClassFixture<TypeScriptToolchain>
{
    private const int DefaultSeed = 20261128;
    private const int LargePayload = 4096;
    private const int ShownDivergences = 12;

    [Fact]
    public void Deserialize_MutatedGoldenVectors_TypeScriptGivesTheSameVerdictAndValue()
    {
        toolchain.RequireBuild();
        int seed = DifferentialNode.Setting("PACK_DIFF_SEED", DefaultSeed);
        int rounds = DifferentialNode.Setting("PACK_DIFF_ROUNDS", 1);
        var clock = Stopwatch.StartNew();

        var cases = Generate(seed, rounds);
        var dotnet = cases.Select(c => DotNetReaders.Serializer(c.Bytes, c.Type)).ToList();
        var dotnetTime = clock.Elapsed;
        var node = DecodeWithTypeScript(cases);

        var divergences = new List<string>();
        var groups = new Dictionary<string, int>(StringComparer.Ordinal);
        int offsetsDiffer = 0, generatedChecked = 0;
        for (int i = 0; i < cases.Count; i++)
        {
            var c = cases[i];
            var interpreted = DecodeVerdict.FromNode(node[i]!["interpreted"])!;
            var generated = DecodeVerdict.FromNode(node[i]!["generated"]);
            generatedChecked += generated is null ? 0 : 1;
            // pack inspect's schema-driven decoder (SchemaDecoder) is a third reader of the same bytes: same verdict.
            var inspect = DecodeWithSchema(c.Bytes, c.Type);
            if (inspect.Outcome != dotnet[i].Outcome)
            {
                string group = $"{c.TypeName}: .NET {dotnet[i].Outcome}, SchemaDecoder (pack inspect) {inspect.Outcome}";
                groups[group] = groups.GetValueOrDefault(group) + 1;
                if (divergences.Count < ShownDivergences)
                {
                    divergences.Add(
                        $"  {c.VectorId} ({c.TypeName}), {c.Description}\n    input  {DifferentialNode.Hex(c.Bytes)}\n    .NET   {dotnet[i]}\n    SchemaDecoder {inspect}");
                }
            }

            foreach (var (name, ts) in new[] { ("TypeScript", interpreted), ("TypeScript generated", generated) })
            {
                if (ts is null)
                {
                    continue;
                }

                if (Agree(dotnet[i], ts, c.Bytes.Length))
                {
                    offsetsDiffer += dotnet[i].Outcome == DecodeVerdict.Rejected && dotnet[i].Offset != ts.Offset ? 1 : 0;
                    continue;
                }

                string group = $"{c.TypeName}: .NET {dotnet[i].Outcome}, {name} {ts.Outcome}";
                groups[group] = groups.GetValueOrDefault(group) + 1;
                if (divergences.Count < ShownDivergences)
                {
                    divergences.Add(
                        $"  {c.VectorId} ({c.TypeName}), {c.Description}\n    input  {DifferentialNode.Hex(c.Bytes)}\n    .NET   {dotnet[i]}\n    {name,-6} {ts}");
                }
            }
        }

        int accepted = dotnet.Count(v => v.Outcome == DecodeVerdict.Accepted);
        int rejected = dotnet.Count(v => v.Outcome == DecodeVerdict.Rejected);
        string summary = string.Create(
            CultureInfo.InvariantCulture,
            $"seed {seed}, rounds {rounds}: {cases.Count} inputs from {cases.Select(c => c.VectorId).Distinct().Count()} vectors; .NET accepted {accepted}, rejected {rejected}; "
            + $"{generatedChecked} also through generated TypeScript; rejected by both at different offsets within the payload (the spec leaves the byte to the implementation): {offsetsDiffer}; "
            + $".NET {dotnetTime.TotalSeconds:0.0} s, total {clock.Elapsed.TotalSeconds:0.0} s");
        output.WriteLine(summary);

        Assert.True(
            divergences.Count == 0,
            $"The decoders disagree ({summary}).\nBy type and verdicts:\n{string.Join("\n", groups.OrderByDescending(g => g.Value).Select(g => $"  {g.Value,6}  {g.Key}"))}\n"
            + $"First {divergences.Count}:\n{string.Join("\n", divergences)}\nRerun with PACK_DIFF_SEED={seed} PACK_DIFF_ROUNDS={rounds}.");

        // The check must have teeth: plenty of inputs, and plenty of both verdicts (a mutator that only broke payloads
        // would never compare values; one that only kept them valid would never compare rejections).
        Assert.True(cases.Count >= 15_000, summary);
        Assert.True(accepted >= 2_000 && rejected >= 10_000, summary);
        Assert.True(generatedChecked >= 5_000, summary);
    }

    internal static bool Agree(DecodeVerdict dotnet, DecodeVerdict typescript, int length)
    {
        if (dotnet.Outcome == DecodeVerdict.Crashed || dotnet.Outcome != typescript.Outcome)
        {
            return false;
        }

        if (dotnet.Outcome == DecodeVerdict.Rejected)
        {
            // Conventions: an offset points into the payload (0 to its length); which byte of the failing value it
            // names is the implementation's. §1: an empty payload is truncated at offset 0.
            return dotnet.Offset is { } a && a >= 0 && a <= length
                && typescript.Offset is { } b && b >= 0 && b <= length
                && (length != 0 || (a == 0 && b == 0));
        }

        return CanonicalJson.Equivalent(dotnet.Json, typescript.Json);
    }

    private static List<DifferentialCase> Generate(int seed, int rounds)
    {
        var typesByName = VectorCatalog.Values.Values.Select(v => v.Type)
            .GroupBy(VectorTypeName.Format, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        var parser = new WireType.Parser(DifferentialNode.TypesJson());
        var random = new Random(seed);
        var mutator = new PayloadMutator(random);
        var cases = new List<DifferentialCase>();
        foreach (var vector in GoldenVectorFiles.OfKind(GoldenVectorKind.Both, GoldenVectorKind.Decode).OrderBy(v => v.Id, StringComparer.Ordinal))
        {
            var type = typesByName[vector.TypeName];
            var map = parser.Parse(vector.TypeName).Map(vector.Bytes);
            bool large = vector.Bytes.Length > LargePayload;
            var seen = new HashSet<string>(StringComparer.Ordinal);
            cases.Add(new DifferentialCase(vector.Id, vector.TypeName, type, "the vector", vector.Bytes));
            seen.Add(Convert.ToHexStringLower(vector.Bytes));
            for (int round = 0; round < rounds; round++)
            {
                foreach (var mutant in mutator.Mutate(vector.Bytes, map, maxAimed: large ? 24 : 240, randomCount: large ? 2 : 32))
                {
                    if (seen.Add(Convert.ToHexStringLower(mutant.Bytes)))
                    {
                        cases.Add(new DifferentialCase(vector.Id, vector.TypeName, type, mutant.Description, mutant.Bytes));
                    }
                }
            }
        }

        return cases;
    }

    private static readonly Dictionary<Type, PackSchema> Schemas = [];

    private static DecodeVerdict DecodeWithSchema(byte[] bytes, Type type)
    {
        if (!Schemas.TryGetValue(type, out var schema))
        {
            Schemas[type] = schema = PackSchema.For(type);
        }

        return DotNetReaders.Schema(bytes, schema);
    }

    private static JsonArray DecodeWithTypeScript(List<DifferentialCase> cases)
        => DifferentialNode.Run(cases.Select(c => (c.TypeName, c.Bytes)).ToList(), chunkSizes: null);

    private sealed record DifferentialCase(string VectorId, string TypeName, Type Type, string Description, byte[] Bytes);
}

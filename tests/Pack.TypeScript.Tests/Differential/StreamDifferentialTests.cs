using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Streaming;
using Pack.Tests.GoldenVectors;
using Xunit.Abstractions;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>
/// The differential check of the two stream readers (§10): every valid stream vector (docs/vectors/streams.json) is
/// mutated from a fixed seed (<see cref="StreamMutator"/>, whose payload mutants are <see cref="PayloadMutator"/>'s), and
/// each input is read by <c>PackStream.ReadAsync</c> and, in one Node process, by the TypeScript client's
/// <c>readPackStream</c>, each in one chunk and in small chunks. Every reading must give the same items (§14 JSON),
/// then the same outcome: End, the same Error frame, or malformed. A malformed stream's offset is judged against
/// <see cref="StreamLayout"/>: §10 fixes it for a framing error (the kind byte, the length field, the end of a cut-off
/// input); a payload's error lies within that payload (at its start when it is empty, §1).
/// <c>PACK_DIFF_SEED</c> and <c>PACK_DIFF_ROUNDS</c> (mutation rounds per vector, default 1) run longer hunts.
/// </summary>
public sealed class StreamDifferentialTests(TypeScriptToolchain toolchain, ITestOutputHelper output) : IClassFixture<TypeScriptToolchain>
{
    private const int DefaultSeed = 20261128;
    private const int ShownDivergences = 12;

    /// <summary>0 is the whole input in one chunk; 1 and 3 split every frame header (5 bytes) differently.</summary>
    private static readonly int[] ChunkSizes = [0, 1, 3];

    private static readonly MethodInfo ReadGeneric = typeof(StreamDifferentialTests).GetMethod(nameof(ReadWithDotNet), BindingFlags.NonPublic | BindingFlags.Static)!;

    [Fact]
    public void ReadAsync_MutatedStreamVectors_TypeScriptReadsTheSameItemsAndOutcome()
    {
        toolchain.RequireBuild();
        int seed = DifferentialNode.Setting("PACK_DIFF_SEED", DefaultSeed);
        int rounds = DifferentialNode.Setting("PACK_DIFF_ROUNDS", 1);
        int maxPayloadLength = PackSerializerOptions.Default.MaxPayloadLength;
        var clock = Stopwatch.StartNew();

        var cases = Generate(seed, rounds, maxPayloadLength);
        var dotnet = cases.Select(c => ChunkSizes.Select(size => Read(c, size)).ToArray()).ToList();
        var dotnetTime = clock.Elapsed;
        var node = DifferentialNode.Run(cases.Select(c => (c.TypeName, c.Bytes)).ToList(), ChunkSizes);

        var divergences = new List<string>();
        var groups = new Dictionary<string, int>(StringComparer.Ordinal);
        var outcomes = new Dictionary<string, int>(StringComparer.Ordinal);
        for (int i = 0; i < cases.Count; i++)
        {
            var c = cases[i];
            var typescript = node[i]!.AsArray().Select(v => StreamVerdict.FromNode(v!)).ToArray();
            var layout = StreamLayout.Read(c.Bytes, maxPayloadLength);
            string? problem = Judge(dotnet[i], typescript, layout);
            outcomes[dotnet[i][0].Outcome] = outcomes.GetValueOrDefault(dotnet[i][0].Outcome) + 1;
            if (problem is null)
            {
                continue;
            }

            string group = $"{c.TypeName}: {problem}";
            groups[group] = groups.GetValueOrDefault(group) + 1;
            if (divergences.Count < ShownDivergences)
            {
                var readings = ChunkSizes.Select((size, k) => $"    .NET       {Chunks(size)}: {dotnet[i][k]}\n    TypeScript {Chunks(size)}: {typescript[k]}");
                divergences.Add(
                    $"  {c.VectorId} ({c.TypeName}), {c.Description}: {problem}\n    input  {DifferentialNode.Hex(c.Bytes)}\n"
                    + $"    §10    {Describe(layout)}\n{string.Join("\n", readings)}");
            }
        }

        string summary = string.Create(
            CultureInfo.InvariantCulture,
            $"seed {seed}, rounds {rounds}: {cases.Count} streams from {cases.Select(c => c.VectorId).Distinct().Count()} vectors, each read in chunks of {string.Join(", ", ChunkSizes.Select(Chunks))}; "
            + $".NET outcomes {string.Join(", ", outcomes.OrderBy(o => o.Key, StringComparer.Ordinal).Select(o => $"{o.Key} {o.Value}"))}; "
            + $".NET {dotnetTime.TotalSeconds:0.0} s, total {clock.Elapsed.TotalSeconds:0.0} s");
        output.WriteLine(summary);

        Assert.True(
            divergences.Count == 0,
            $"The stream readers disagree ({summary}).\nBy type and problem:\n{string.Join("\n", groups.OrderByDescending(g => g.Value).Select(g => $"  {g.Value,6}  {g.Key}"))}\n"
            + $"First {divergences.Count}:\n{string.Join("\n", divergences)}\nRerun with PACK_DIFF_SEED={seed} PACK_DIFF_ROUNDS={rounds}.");

        // The check must have teeth: plenty of inputs, and plenty of every outcome.
        Assert.True(cases.Count >= 4_000, summary);
        Assert.True(outcomes.GetValueOrDefault(StreamVerdict.End) >= 200 && outcomes.GetValueOrDefault(StreamVerdict.Failed) >= 100 && outcomes.GetValueOrDefault(StreamVerdict.Malformed) >= 3_000, summary);
    }

    /// <summary>
    /// Why the readings of one stream disagree, or null: each reader gives the same verdict in every chunking, the two
    /// readers give the same items and outcome (and Error fields), the outcome is the one §10's framing allows, and a
    /// malformed stream's offsets are where §10 puts them.
    /// </summary>
    internal static string? Judge(StreamVerdict[] dotnet, StreamVerdict[] typescript, StreamLayout layout)
    {
        if (dotnet.Any(v => v.Outcome == StreamVerdict.Crashed) || typescript.Any(v => v.Outcome == StreamVerdict.Crashed))
        {
            return "a reader crashed";
        }

        if (dotnet.Any(v => !v.SameAs(dotnet[0])))
        {
            return ".NET depends on chunking";
        }

        if (typescript.Any(v => !v.SameAs(typescript[0])))
        {
            return "TypeScript depends on chunking";
        }

        var (a, b) = (dotnet[0], typescript[0]);
        if (a.Outcome != b.Outcome)
        {
            return $".NET {a.Outcome}, TypeScript {b.Outcome}";
        }

        if (!CanonicalJson.Equivalent(a.Items, b.Items))
        {
            return "different items";
        }

        if (!CanonicalJson.Equivalent(a.Error, b.Error))
        {
            return "different Error frames";
        }

        // Every frame before the last one read is an Item frame that gave one item.
        int last = a.Items.Count;
        var frame = last < layout.Frames.Count ? layout.Frames[last] : null;
        switch (a.Outcome)
        {
            case StreamVerdict.End when frame?.Kind != StreamFrame.End:
            case StreamVerdict.Failed when frame?.Kind != StreamFrame.Error:
                return $"both {a.Outcome} after {last} item(s), which §10 does not frame so";
            case StreamVerdict.Malformed when frame is null:
                return a.Offset == layout.FailureOffset && b.Offset == layout.FailureOffset
                    ? null
                    : $"malformed ({layout.Failure}): offsets .NET {a.Offset}, TypeScript {b.Offset}, §10 {layout.FailureOffset}";
            case StreamVerdict.Malformed when frame.Kind == StreamFrame.End:
                return $"both malformed at a valid End frame after {last} item(s)";
            case StreamVerdict.Malformed:
                // A payload's error: the byte is the decoder's, within the payload (§1: an empty one fails at its start).
                bool Within(long? offset) => offset >= frame.PayloadOffset && offset <= frame.EndOffset && (frame.Length > 0 || offset == frame.PayloadOffset);
                return Within(a.Offset) && Within(b.Offset)
                    ? null
                    : $"malformed payload of frame {last}: offsets .NET {a.Offset}, TypeScript {b.Offset}, the payload {frame.PayloadOffset}..{frame.EndOffset}";
            default:
                return null;
        }
    }

    private static List<StreamCase> Generate(int seed, int rounds, int maxPayloadLength)
    {
        var parser = new WireType.Parser(TypesWithStreamError());
        var random = new Random(seed);
        var mutator = new StreamMutator(random, new PayloadMutator(random), maxPayloadLength);
        var errorType = parser.Parse(nameof(PackStreamError));
        var cases = new List<StreamCase>();
        foreach (var vector in GoldenVectorFiles.OfKind(GoldenVectorKind.Stream).OrderBy(v => v.Id, StringComparer.Ordinal))
        {
            var type = VectorCatalog.Streams[vector.Id].ItemType;
            var itemType = parser.Parse(vector.TypeName);
            var seen = new HashSet<string>(StringComparer.Ordinal) { Convert.ToHexStringLower(vector.Bytes) };
            cases.Add(new StreamCase(vector.Id, vector.TypeName, type, "the vector", vector.Bytes));
            for (int round = 0; round < rounds; round++)
            {
                foreach (var mutant in mutator.Mutate(vector.Bytes, itemType, errorType, maxAimed: 240, randomCount: 48))
                {
                    if (seen.Add(Convert.ToHexStringLower(mutant.Bytes)))
                    {
                        cases.Add(new StreamCase(vector.Id, vector.TypeName, type, mutant.Description, mutant.Bytes));
                    }
                }
            }
        }

        return cases;
    }

    /// <summary>types.json's types and <c>PackStreamError</c> (§10: a class with these members, in this order), so its payloads can be mapped.</summary>
    private static JsonElement TypesWithStreamError()
    {
        var types = JsonNode.Parse(DifferentialNode.TypesJson().GetRawText())!.AsArray();
        types.Add(JsonNode.Parse("""
            { "name": "PackStreamError", "kind": "class (header, nullable)", "members": [
              { "name": "Status", "type": "int" }, { "name": "Type", "type": "string" }, { "name": "Title", "type": "string" },
              { "name": "Detail", "type": "string" }, { "name": "TraceId", "type": "string" } ] }
            """));
        using var document = JsonDocument.Parse(types.ToJsonString());
        return document.RootElement.Clone();
    }

    private static StreamVerdict Read(StreamCase c, int chunk)
        => (StreamVerdict)ReadGeneric.MakeGenericMethod(c.Type).Invoke(null, [c.Bytes, chunk == 0 ? Math.Max(1, c.Bytes.Length) : chunk])!;

    private static StreamVerdict ReadWithDotNet<T>(byte[] bytes, int chunk)
    {
        var items = new JsonArray();
        using var source = new ChunkedStream(bytes, chunk);
        try
        {
            // The chunked stream completes every read at once, so the enumeration runs synchronously.
            var enumerator = PackStream.ReadAsync<T>(source).GetAsyncEnumerator();
            try
            {
                while (enumerator.MoveNextAsync().AsTask().GetAwaiter().GetResult())
                {
                    items.Add(VectorJson.ToJson(enumerator.Current, typeof(T)));
                }
            }
            finally
            {
                enumerator.DisposeAsync().AsTask().GetAwaiter().GetResult();
            }
        }
        catch (PackStreamException e)
        {
            return new StreamVerdict(items, StreamVerdict.Failed, Error: VectorJson.ToJson(e.Error, typeof(PackStreamError)));
        }
        catch (PackException e)
        {
            return new StreamVerdict(items, StreamVerdict.Malformed, Offset: e.Offset, Reason: e.Message);
        }
        catch (Exception e)
        {
            return new StreamVerdict(items, StreamVerdict.Crashed, Reason: e.ToString());
        }

        return new StreamVerdict(items, StreamVerdict.End);
    }

    private static string Chunks(int size) => size == 0 ? "one" : size.ToString(CultureInfo.InvariantCulture);

    private static string Describe(StreamLayout layout)
        => string.Join(" ", layout.Frames.Select(f => $"[kind {f.Kind} at {f.Offset}, {f.Length} B]"))
            + (layout.Failure is null ? "" : $" then {layout.Failure} at {layout.FailureOffset}");

    private sealed record StreamCase(string VectorId, string TypeName, Type Type, string Description, byte[] Bytes);
}

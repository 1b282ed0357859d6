using System.Text.Json.Nodes;
using Pack.Tests.GoldenVectors.Types;

namespace Pack.Tool.Tests;

/// <summary><c>pack inspect</c> on valid, truncated and malformed bodies and streams, against golden output files in Golden/.</summary>
public sealed class PackInspectTests : IDisposable
{
    private readonly SchemaFiles files = new();

    public void Dispose() => files.Dispose();

    [Theory]
    [InlineData("body-valid-envelope.txt", "object.envelope", null)]
    [InlineData("body-valid-union.txt", "union.nested", null)]
    [InlineData("body-valid-collections.txt", "object.mesh", null)]
    [InlineData("body-valid-older-writer.txt", "evolution.missing-members-keep-initializers", null)]
    [InlineData("body-truncated.txt", "object.envelope", 30)]
    public async Task Inspect_Body_MatchesGoldenOutput(string golden, string vector, int? cut)
    {
        string schema = files.Write("schema.json", typeof(VectorEnvelope), typeof(VectorDrawing), typeof(VectorMesh), typeof(VectorEvolved));
        string hex = Repository.VectorHex(vector);
        hex = cut is { } length ? hex[..(length * 2)] : hex;
        string type = vector switch
        {
            "union.nested" => "VectorDrawing",
            "object.mesh" => "VectorMesh",
            "evolution.missing-members-keep-initializers" => "VectorEvolved",
            _ => "VectorEnvelope",
        };

        var (exit, output, error) = await ToolRunner.RunAsync("inspect", hex, "--schema", schema, "--type", type);

        Repository.AssertGolden(golden, output);
        Assert.Equal(cut is null ? 0 : 1, exit);
        Assert.Empty(error);
    }

    [Fact]
    public async Task Inspect_MalformedString_SaysWhereAndWhy()
    {
        string schema = files.Write("schema.json", typeof(VectorSmallObject));
        string hex = Repository.VectorHex("object.small");
        string corrupt = hex[..(40 * 2)] + "ff" + hex[(41 * 2)..]; // A byte inside S2's UTF-8.

        var (exit, output, error) = await ToolRunner.RunAsync("inspect", corrupt, "--schema", schema);

        Repository.AssertGolden("body-malformed-utf8.txt", output);
        Assert.Equal(1, exit);
        Assert.Contains("malformed at @", output, StringComparison.Ordinal);
        Assert.Empty(error);
    }

    [Fact]
    public async Task Inspect_BodyFromFile_ReadsTheFile()
    {
        string schema = files.Write("schema.json", typeof(VectorSmallObject));
        string body = files.PathOf("small.pack");
        await File.WriteAllBytesAsync(body, Convert.FromHexString(Repository.VectorHex("object.small")));

        var (exit, output, _) = await ToolRunner.RunAsync("inspect", body, "--schema", schema);

        Assert.Equal(0, exit);
        Assert.Contains("small.pack · 52 bytes", output, StringComparison.Ordinal);
        Assert.Contains("\"S2\": \"こんにちは世界\"", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("stream-valid.txt", "stream.small-object.complete", typeof(VectorSmallObject), 0)]
    [InlineData("stream-error-frame.txt", "stream.int.error", typeof(int), 0)]
    [InlineData("stream-truncated.txt", "stream.invalid.no-end-frame", typeof(int), 1)]
    [InlineData("stream-cut-in-payload.txt", "stream.invalid.cut-in-payload", typeof(int), 1)]
    [InlineData("stream-malformed-kind.txt", "stream.invalid.unknown-kind", typeof(int), 1)]
    [InlineData("stream-malformed-item.txt", "stream.invalid.item-trailing-bytes", typeof(int), 1)]
    public async Task Inspect_Stream_MatchesGoldenOutput(string golden, string vector, Type itemType, int expectedExit)
    {
        string schema = files.Write("schema.json", itemType);

        var (exit, output, error) = await ToolRunner.RunAsync("inspect", Repository.VectorHex(vector), "--schema", schema, "--stream");

        Repository.AssertGolden(golden, output);
        Assert.Equal(expectedExit, exit);
        Assert.Empty(error);
    }

    public static TheoryData<string> InvalidStreamVectors
    {
        get
        {
            var vectors = JsonNode.Parse(File.ReadAllText(Path.Combine(Repository.Root, "docs", "vectors", "streams.json")))!["invalid"]!.AsArray();
            return new TheoryData<string>(vectors.Select(v => v!["id"]!.GetValue<string>()));
        }
    }

    [Theory]
    [MemberData(nameof(InvalidStreamVectors))]
    public async Task Inspect_InvalidStreamVector_IsMalformedAtTheOffsetTheSpecificationFixes(string id)
    {
        // docs/wire-format.md §10 fixes the offsets of framing errors; pack inspect checks frame headers with the same
        // PackStream.ReadFrameHeader as the .NET readers, so it reports what PackStream.ReadAsync reports.
        var vector = JsonNode.Parse(File.ReadAllText(Path.Combine(Repository.Root, "docs", "vectors", "streams.json")))!["invalid"]!.AsArray()
            .Single(v => v!["id"]!.GetValue<string>() == id)!;
        Assert.Equal("int", vector["itemType"]!.GetValue<string>());
        string schema = files.Write("schema.json", typeof(int));
        string hex = vector["hex"]!.GetValue<string>();

        var (exit, output, error) = await ToolRunner.RunAsync("inspect", hex.Length == 0 ? "0x" : hex, "--schema", schema, "--stream", "--json");

        Assert.True(exit == 1, $"exit {exit}: {error}{output}");
        var malformed = JsonNode.Parse(output)!["malformed"];
        Assert.NotNull(malformed);
        if (vector["offset"] is { } offset)
        {
            Assert.Equal(offset.GetValue<long>(), malformed["offset"]!.GetValue<long>());
        }
        else
        {
            Assert.InRange(malformed["offset"]!.GetValue<long>(), 0, hex.Length / 2);
        }
    }

    [Fact]
    public async Task Inspect_Json_PrintsTheValueInTheVectorMapping()
    {
        string schema = files.Write("schema.json", typeof(VectorDrawing));

        var (exit, output, _) = await ToolRunner.RunAsync("inspect", Repository.VectorHex("union.nested"), "--schema", schema, "--json");

        Assert.Equal(0, exit);
        var json = System.Text.Json.Nodes.JsonNode.Parse(output)!;
        Assert.Equal(0, json["Shape"]!["tag"]!.GetValue<int>());
        Assert.Equal("VectorCircle", json["Shape"]!["case"]!.GetValue<string>());
    }

    [Theory]
    [InlineData("not-hex-at-all")]
    [InlineData("abc")]
    public async Task Inspect_InputNeitherFileNorHex_IsAUsageErrorWithoutStackTrace(string input)
    {
        string schema = files.Write("schema.json", typeof(int));

        var (exit, output, error) = await ToolRunner.RunAsync("inspect", input, "--schema", schema);

        Assert.Equal(2, exit);
        Assert.Empty(output);
        Assert.Contains("is not a file, a URL or hex bytes", error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Inspect_SchemaNotJson_IsAUsageError()
    {
        string schema = files.PathOf("broken.json");
        await File.WriteAllTextAsync(schema, "{ not json");

        var (exit, _, error) = await ToolRunner.RunAsync("inspect", "00", "--schema", schema);

        Assert.Equal(2, exit);
        Assert.Contains("is not a Pack schema", error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Inspect_WithoutSchema_IsAUsageError()
    {
        var (exit, _, error) = await ToolRunner.RunAsync("inspect", "00");

        Assert.Equal(2, exit);
        Assert.Contains("--schema", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Inspect_SchemaEditedByHand_IsRejectedForItsFingerprints()
    {
        string schema = files.Write("schema.json", typeof(VectorSmallObject));
        await File.WriteAllTextAsync(schema, (await File.ReadAllTextAsync(schema)).Replace("\"S2\"", "\"Other\"", StringComparison.Ordinal));

        var (exit, _, error) = await ToolRunner.RunAsync("inspect", Repository.VectorHex("object.small"), "--schema", schema);

        Assert.Equal(2, exit);
        Assert.Contains("does not match its recorded fingerprints", error, StringComparison.Ordinal);
    }
}

using System.Buffers;
using System.Text.Json.Nodes;
using Pack.Schema;
using Pack.Streaming;

namespace Pack.Tool.Tests;

/// <summary><c>pack inspect --har</c>: every Pack exchange of a HAR file decoded, and hostile HAR files reported.</summary>
public sealed class PackInspectHarTests : IDisposable
{
    private readonly SchemaFiles files = new();

    public void Dispose() => files.Dispose();

    [Fact]
    public async Task InspectHar_RequestsResponsesAndStreams_EveryPackBodyDecoded()
    {
        string schema = files.Write("schema.json", typeof(HarNote), typeof(HarAck));
        string har = WriteHar(
            Entry("POST", "http://127.0.0.1/notes", Base64Body(PackSerializer.Serialize(new HarNote(1, "first"))), FingerprintOf<HarNote>(), 200,
                Base64Body(PackSerializer.Serialize(new HarAck(1, true))), FingerprintOf<HarAck>()),
            Entry("GET", "http://127.0.0.1/notes", null, null, 200, Base64Body(Stream(new HarNote(1, "a"), new HarNote(2, "b")), PackMediaTypes.PackStream), FingerprintOf<HarNote>()),
            Entry("GET", "http://127.0.0.1/page", null, null, 200, new JsonObject { ["mimeType"] = "text/html", ["text"] = "<p>" }, null));

        var (exit, output, error) = await ToolRunner.RunAsync("inspect", "--har", har, "--schema", schema, "--json");

        Assert.Equal(0, exit);
        Assert.Empty(error);
        var report = JsonNode.Parse(output)!;
        Assert.Equal(3, report["entries"]!.GetValue<int>());
        Assert.Equal(3, report["packBodies"]!.GetValue<int>());
        var exchanges = report["exchanges"]!.AsArray();
        Assert.Equal("""{"Id":1,"Text":"first"}""", exchanges[0]!["value"]!.ToJsonString());
        Assert.Equal("request", exchanges[0]!["direction"]!.GetValue<string>());
        Assert.Equal("""{"Id":1,"Saved":true}""", exchanges[1]!["value"]!.ToJsonString());
        Assert.Equal("end", exchanges[2]!["outcome"]!.GetValue<string>());
        Assert.Equal("""[{"Id":1,"Text":"a"},{"Id":2,"Text":"b"}]""", exchanges[2]!["items"]!.ToJsonString());
    }

    [Fact]
    public async Task InspectHar_MalformedAndUnknownBodies_ReportedWithOffsetAndTheRestDecoded()
    {
        string schema = files.Write("schema.json", typeof(HarNote), typeof(HarAck));
        byte[] note = PackSerializer.Serialize(new HarNote(7, "seven"));
        string har = WriteHar(
            Entry("GET", "http://127.0.0.1/a", null, null, 200, Base64Body(note[..^2]), FingerprintOf<HarNote>()),
            Entry("GET", "http://127.0.0.1/b", null, null, 200, Base64Body(note), "00000000000000000000000000000000"),
            Entry("GET", "http://127.0.0.1/c", null, null, 200, new JsonObject { ["mimeType"] = PackMediaTypes.Pack, ["text"] = "!!", ["encoding"] = "base64" }, FingerprintOf<HarNote>()),
            Entry("GET", "http://127.0.0.1/d", null, null, 200, new JsonObject { ["mimeType"] = PackMediaTypes.Pack, ["_file"] = "../../etc/passwd" }, FingerprintOf<HarNote>()),
            Entry("GET", "http://127.0.0.1/e", null, null, 200, Base64Body(note), FingerprintOf<HarNote>()));

        var (exit, output, _) = await ToolRunner.RunAsync("inspect", "--har", har, "--schema", schema, "--json");

        Assert.Equal(1, exit);
        var exchanges = JsonNode.Parse(output)!["exchanges"]!.AsArray();
        Assert.Equal(10, exchanges[0]!["malformed"]!["offset"]!.GetValue<long>()); // the string after the -2 header, the count and Id
        Assert.StartsWith("truncated", exchanges[0]!["malformed"]!["reason"]!.GetValue<string>(), StringComparison.Ordinal);
        Assert.StartsWith("unknown schema fingerprint 00000000000000000000000000000000", exchanges[1]!["problem"]!.GetValue<string>(), StringComparison.Ordinal);
        Assert.Equal("the body's base64 text is not valid base64", exchanges[2]!["problem"]!.GetValue<string>());
        Assert.Contains("not a file name beside the HAR", exchanges[3]!["problem"]!.GetValue<string>(), StringComparison.Ordinal);
        Assert.Equal("""{"Id":7,"Text":"seven"}""", exchanges[4]!["value"]!.ToJsonString());
    }

    [Fact]
    public async Task InspectHar_TextOutput_AnnotatesEachExchange()
    {
        string schema = files.Write("schema.json", typeof(HarNote));
        string har = WriteHar(Entry("GET", "http://127.0.0.1/n", null, null, 200, Base64Body(PackSerializer.Serialize(new HarNote(3, "x"))), null));

        var (exit, output, _) = await ToolRunner.RunAsync("inspect", "--har", har, "--schema", schema);

        Assert.Equal(0, exit);
        Assert.Contains("// ── entry 0 · GET http://127.0.0.1/n → 200 · response", output, StringComparison.Ordinal);
        Assert.Contains("✓ decoded completely", output, StringComparison.Ordinal);
        Assert.Contains("1 Pack body, 0 not decoded completely", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("not json at all")]
    [InlineData("""{"log": {"version": "1.2"}}""")]
    [InlineData("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]")]
    public async Task InspectHar_NotAHar_UsageErrorSayingWhy(string text)
    {
        string schema = files.Write("schema.json", typeof(HarNote));
        string har = files.PathOf("hostile.har");
        File.WriteAllText(har, text);

        var (exit, _, error) = await ToolRunner.RunAsync("inspect", "--har", har, "--schema", schema);

        Assert.Equal(2, exit);
        Assert.Contains("is not a HAR file", error, StringComparison.Ordinal);
    }

    private static string FingerprintOf<T>() => PackSchema.For(typeof(T)).WireFingerprint;

    private static byte[] Stream(params HarNote[] notes)
    {
        var buffer = new ArrayBufferWriter<byte>();
        foreach (var note in notes)
        {
            PackStream.WriteItem(buffer, note);
        }

        PackStream.WriteEnd(buffer);
        return buffer.WrittenSpan.ToArray();
    }

    private static JsonObject Base64Body(byte[] bytes, string mediaType = PackMediaTypes.Pack) =>
        new() { ["size"] = bytes.Length, ["mimeType"] = mediaType, ["text"] = Convert.ToBase64String(bytes), ["encoding"] = "base64" };

    private static JsonObject Entry(string method, string url, JsonObject? requestBody, string? requestFingerprint, int status, JsonObject responseBody, string? responseFingerprint)
    {
        var request = new JsonObject { ["method"] = method, ["url"] = url, ["headers"] = Headers(requestBody?["mimeType"]?.GetValue<string>(), requestFingerprint) };
        if (requestBody is not null)
        {
            request["postData"] = requestBody;
        }

        var response = new JsonObject
        {
            ["status"] = status,
            ["headers"] = Headers(responseBody["mimeType"]?.GetValue<string>(), responseFingerprint),
            ["content"] = responseBody,
        };
        return new JsonObject { ["request"] = request, ["response"] = response };
    }

    private static JsonArray Headers(string? contentType, string? fingerprint)
    {
        var headers = new JsonArray();
        if (contentType is not null)
        {
            headers.Add(new JsonObject { ["name"] = "content-type", ["value"] = contentType });
        }

        if (fingerprint is not null)
        {
            headers.Add(new JsonObject { ["name"] = "pack-schema", ["value"] = fingerprint });
        }

        return headers;
    }

    private string WriteHar(params JsonObject[] entries)
    {
        string path = files.PathOf("traffic.har");
        var har = new JsonObject { ["log"] = new JsonObject { ["version"] = "1.2", ["entries"] = new JsonArray(entries) } };
        File.WriteAllText(path, har.ToJsonString());
        return path;
    }

    public sealed record HarNote(int Id, string Text);

    public sealed record HarAck(int Id, bool Saved);
}

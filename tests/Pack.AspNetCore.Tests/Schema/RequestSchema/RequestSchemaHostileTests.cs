using System.Diagnostics;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Microsoft.AspNetCore.Builder;

namespace Pack.AspNetCore.Tests.Schema.RequestSchema;

/// <summary>
/// The schema endpoint's registration (docs/schema.md §5.2) and the <c>Pack-Schema</c> check against hostile input on
/// real Kestrel: every document and header value is answered with a small 4xx problem, promptly, never a 500, a hang
/// or a large allocation.
/// </summary>
public sealed class RequestSchemaHostileTests
{
    public static TheoryData<string, string> HostileDocuments => new()
    {
        // 1 KB that a label doubling at every level turned into 65 million characters, computed several times and echoed.
        { "exponential label", Set([.. Enumerable.Range(0, 16).Select(i => $$"""{"kind":"map","nullable":true,"key":{{i + 1}},"value":{{i + 1}}}"""), $$"""{"kind":"object","nullable":true,"name":"{{new string('N', 1000)}}","members":[]}"""]) },
        // A nullability annotation whose positions were counted path by path: 2^40 steps.
        { "exponential nullability", Set([
            """{"kind":"object","nullable":true,"name":"Root","members":[{"name":"m","type":1,"nullability":"?"}]}""",
            .. Enumerable.Range(0, 40).Select(i => $$"""{"kind":"map","nullable":true,"key":{{i + 2}},"value":{{i + 2}}}"""),
            """{"kind":"primitive","nullable":true,"primitive":"string"}"""]) },
        { "list of itself", Set("""{"kind":"list","nullable":true,"element":0}""") },
        { "struct of itself", Set("""{"kind":"object","nullable":false,"name":"S","members":[{"name":"a","type":0}]}""") },
        { "null member", Set("""{"kind":"object","nullable":true,"name":"A","members":[null]}""") },
        { "primitive of the wrong width", Set("""{"kind":"primitive","nullable":false,"primitive":"i32","width":1,"signed":true}""") },
        { "json nested 5,000 deep", new string('[', 5_000) + new string(']', 5_000) },
    };

    [Theory]
    [MemberData(nameof(HostileDocuments))]
    public async Task Register_HostileDocument_Answers400ProblemPromptly(string name, string document)
    {
        await using var host = await RequestSchemaHost.StartAsync();
        long allocated = GC.GetTotalAllocatedBytes();
        var watch = Stopwatch.StartNew();

        using var response = await host.Client.PostAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern, Json(document));
        string body = await response.Content.ReadAsStringAsync();

        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{name}: {(int)response.StatusCode} {body[..Math.Min(body.Length, 300)]}");
        Assert.Equal(PackHttp.ProblemJson, response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("The body is not a valid Pack schema set", body, StringComparison.Ordinal);
        Assert.InRange(body.Length, 0, 8 * 1024);
        Assert.InRange(watch.ElapsedMilliseconds, 0, 5_000);
        // Process-wide (the endpoint runs on the server's threads), so the tests running beside this one count too: the
        // bound is loose, but the defects allocated gigabytes (a 65-million-character label built several times).
        Assert.InRange(GC.GetTotalAllocatedBytes() - allocated, 0, 512L * 1024 * 1024);
    }

    [Theory]
    [InlineData(RequestSchemaHost.MvcOrder)]
    [InlineData(RequestSchemaHost.MinimalOrder)]
    [InlineData(RequestSchemaHost.MinimalOrders)]
    public async Task Post_HostilePackSchemaHeaders_Answer400Problem(string path)
    {
        await using var host = await RequestSchemaHost.StartAsync();
        string fingerprint = RequestSchemaHost.Fingerprint<ClientOrder>();

        foreach (string[] values in (string[][])[[new string('a', 16_000)], [fingerprint, fingerprint], [.. Enumerable.Repeat("0123456789abcdef", 200)], ["0123456789ABCDEF"], ["0123456789abcdeg"], ["0123456789abcde\u007f"]])
        {
            using var request = RequestSchemaHost.Post(path, new ClientOrder { Id = 1 }, fingerprint: null, accept: PackMediaTypes.Pack);
            request.Headers.TryAddWithoutValidation("Pack-Schema", values);

            using var response = await host.Client.SendAsync(request);

            Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{values.Length} × {values[0][..Math.Min(values[0].Length, 20)]}: {(int)response.StatusCode}");
            Assert.Equal(PackHttp.ProblemJson, response.Content.Headers.ContentType?.MediaType);
        }
    }

    private static string Set(params string[] types) => $$$"""{"format":"pack-schema-set/1","schemas":[{"schema":{"format":"pack-schema/1","types":[{{{string.Join(",", types)}}}]}}]}""";

    private static StringContent Json(string json)
    {
        var content = new StringContent(json, Encoding.UTF8);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        return content;
    }
}

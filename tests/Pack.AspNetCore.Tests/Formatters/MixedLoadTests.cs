using System.Net;
using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// Bad bodies interleaved with good ones on the same keep-alive connections (HTTP/1.1) or the same connection (h2c), some
/// in parallel, MVC and minimal APIs, with and without strict negotiation: every answer is the right one, none is a 500,
/// nothing is logged as an error, and the good requests after a bad one are unaffected.
/// </summary>
public sealed class MixedLoadTests
{
    private const int Limit = 4096;
    private const int Rounds = 6;

    private sealed record Case(string Name, Func<HttpRequestMessage> Request, HttpStatusCode Status, string? MediaType);

    [Theory]
    [InlineData(HttpProtocols.Http1, false)]
    [InlineData(HttpProtocols.Http1, true)]
    [InlineData(HttpProtocols.Http2, false)]
    [InlineData(HttpProtocols.Http2, true)]
    public async Task Requests_GoodAndBadBodiesInterleaved_EachAnsweredCorrectlyNever500(HttpProtocols protocols, bool strict)
    {
        var logs = new CapturingLoggerProvider();
        await using var host = await KestrelTestHost.StartAsync(
            protocols,
            configurePack: options => options.MaxRequestBodySize = Limit,
            logger: logs,
            configureServices: services => services.Configure<MvcOptions>(options => options.ReturnHttpNotAcceptable = strict));
        using var client = host.CreateClient();
        var cases = Cases();

        for (var round = 0; round < Rounds; round++)
        {
            // In order on one connection for half the rounds, four at a time (connections reused, or h2 streams) for the rest.
            var parallelism = round % 2 == 0 ? 1 : 4;
            for (var start = 0; start < cases.Count; start += parallelism)
            {
                var batch = cases.Skip(start).Take(parallelism).Select(c => SendAsync(client, c));
                await Task.WhenAll(batch);
            }
        }

        Assert.False(logs.Errors.Any(), string.Join(Environment.NewLine, logs.Errors));
    }

    private static async Task SendAsync(HttpClient client, Case c)
    {
        using var response = await client.SendAsync(c.Request());
        var body = await response.Content.ReadAsByteArrayAsync();

        Assert.True((int)response.StatusCode < 500, $"{c.Name}: {(int)response.StatusCode}");
        Assert.True(c.Status == response.StatusCode, $"{c.Name}: expected {(int)c.Status}, got {(int)response.StatusCode} {Encoding.UTF8.GetString(body)}");
        Assert.Equal(c.MediaType, response.Content.Headers.ContentType?.MediaType);
        if (c.MediaType == PackMediaTypes.Pack)
        {
            Assert.Equal(1, PackSerializer.Deserialize<Organization>(body)!.Id);
        }
        else if (c.MediaType is not null)
        {
            JsonDocument.Parse(body).Dispose();
        }
    }

    private static List<Case> Cases()
    {
        var good = PackSerializer.Serialize(SampleData.Organization(1, members: 3));
        var oversized = PackSerializer.Serialize(SampleData.Organization(1, members: 60));
        Assert.True(oversized.Length > Limit);
        byte[] garbage = [0xFF, 0xFF, 0xFF, 0x7F, 0x01, 0x02];
        var json = Encoding.UTF8.GetBytes(JsonSerializer.Serialize(SampleData.Organization(1, members: 3), new JsonSerializerOptions(JsonSerializerDefaults.Web)));

        return
        [
            new("MVC good", () => PackHttp.Post("/api/organizations", PackHttp.Bytes(good)), HttpStatusCode.OK, PackMediaTypes.Pack),
            new("MVC malformed", () => PackHttp.Post("/api/organizations", PackHttp.Bytes(garbage)), HttpStatusCode.BadRequest, PackHttp.ProblemJson),
            new("MVC truncated", () => PackHttp.Post("/api/organizations", PackHttp.Bytes(good[..(good.Length / 2)])), HttpStatusCode.BadRequest, PackHttp.ProblemJson),
            new("MVC oversized", () => PackHttp.Post("/api/organizations", PackHttp.Bytes(oversized)), HttpStatusCode.RequestEntityTooLarge, PackHttp.ProblemJson),
            new("MVC JSON", () => PackHttp.Post("/api/organizations", PackHttp.Bytes(json, "application/json"), "application/json"), HttpStatusCode.OK, "application/json"),
            new("MVC 415", () => PackHttp.Post("/api/organizations", PackHttp.Bytes(good, "text/csv")), HttpStatusCode.UnsupportedMediaType, PackHttp.ProblemJson),
            new("MVC GET", () => PackHttp.Get("/api/organizations/1"), HttpStatusCode.OK, PackMediaTypes.Pack),
            new("minimal good", () => PackHttp.Post("/minimal/organizations", PackHttp.Bytes(good)), HttpStatusCode.Created, PackMediaTypes.Pack),
            new("minimal malformed", () => PackHttp.Post("/minimal/organizations", PackHttp.Bytes(garbage)), HttpStatusCode.BadRequest, PackHttp.ProblemJson),
            new("minimal truncated", () => PackHttp.Post("/minimal/organizations", PackHttp.Bytes(good[..^1])), HttpStatusCode.BadRequest, PackHttp.ProblemJson),
            new("minimal oversized", () => PackHttp.Post("/minimal/organizations", PackHttp.Bytes(oversized)), HttpStatusCode.RequestEntityTooLarge, PackHttp.ProblemJson),
            new("minimal GET", () => PackHttp.Get("/minimal/organizations/1"), HttpStatusCode.OK, PackMediaTypes.Pack),
        ];
    }
}

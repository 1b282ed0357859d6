using System.Net;
using System.Net.Sockets;
using System.Text;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.TestApp;
using Pack.Streaming;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// Hostile and broken clients against real Kestrel on 127.0.0.1: nothing they do may produce a 500, keep a producer
/// running, or be logged as an unhandled exception.
/// </summary>
public class KestrelFaultTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(15);

    public static TheoryData<string> MalformedAcceptHeaders =>
    [
        "application/x-pack;q=abc",
        ",,,",
        ";;;",
        "application/x-pack;q=",
        "application/x-pack;q=2",
        "application/x-pack;q=-1",
        "*/*;q=NaN, application/x-pack;;;q=0.5",
        "application/",
        "/x-pack",
        "\"application/x-pack\"",
        "application/x-pack; charset=\"unterminated",
        string.Join(",", Enumerable.Repeat("application/x-pack;q=0.1", 400)), // about 10 KB
        new string('a', 10_000),
    ];

    [Theory]
    [MemberData(nameof(MalformedAcceptHeaders))]
    public async Task Get_MalformedAcceptHeader_IsNeverA500(string accept)
    {
        var logs = new CapturingLoggerProvider();
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1, logger: logs);
        using var client = host.CreateClient();

        foreach (var path in new[] { "/api/organizations/1", "/minimal/organizations/1", "/minimal/members?count=3" })
        {
            using var response = await client.SendAsync(PackHttp.Get(path, accept));
            await response.Content.ReadAsByteArrayAsync();

            Assert.True((int)response.StatusCode < 500, $"{path} with Accept {accept[..Math.Min(40, accept.Length)]}: {(int)response.StatusCode} {string.Join(Environment.NewLine, logs.Errors)}");
        }

        using var post = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Content(SampleData.Organization(1, members: 1)), accept));
        Assert.True((int)post.StatusCode < 500, $"POST: {(int)post.StatusCode}");
        Assert.False(logs.Errors.Any(), string.Join(Environment.NewLine, logs.Errors));
    }

    [Theory]
    [InlineData("/api/organizations", "{\"id\":1}")]
    [InlineData("/api/organizations", "")]
    [InlineData("/minimal/organizations", "{\"id\":1}")]
    [InlineData("/minimal/organizations", "")]
    public async Task Post_PackContentTypeWithJsonOrEmptyBody_Returns400Problem(string path, string body)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post(path, PackHttp.Bytes(Encoding.UTF8.GetBytes(body))));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        await PackHttp.ReadProblemAsync(response);
    }

    [Theory]
    [InlineData("application/x-pack;q=")]
    [InlineData("application/x-pack; charset=")]
    [InlineData("application/x-pack; charset=\"unterminated")]
    [InlineData("application/x-pack;;;")]
    [InlineData("application/")]
    [InlineData(";")]
    public async Task Post_MalformedContentType_IsNeverA500(string contentType)
    {
        var logs = new CapturingLoggerProvider();
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1, logger: logs);
        using var client = host.CreateClient();

        foreach (var path in new[] { "/api/organizations", "/minimal/organizations" })
        {
            var content = new ByteArrayContent(PackSerializer.Serialize(SampleData.Organization(1, members: 1)));
            content.Headers.TryAddWithoutValidation("Content-Type", contentType);
            using var response = await client.SendAsync(PackHttp.Post(path, content));

            Assert.True((int)response.StatusCode < 500, $"{path} with Content-Type {contentType}: {(int)response.StatusCode} {string.Join(Environment.NewLine, logs.Errors)}");
        }

        Assert.False(logs.Errors.Any(), string.Join(Environment.NewLine, logs.Errors));
    }

    [Fact]
    public async Task Get_ClientStopsReadingThenLeaves_ProducerStopsAndNothingIsLoggedAsAnError()
    {
        var logs = new CapturingLoggerProvider();
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1, logger: logs);
        var probeId = Guid.NewGuid().ToString("N");
        var probe = host.Services.GetRequiredService<StreamProbes>().Get(probeId);

        using (var client = host.CreateClient())
        {
            using var response = await client.SendAsync(PackHttp.Get($"/api/organizations/members/endless?probe={probeId}"), HttpCompletionOption.ResponseHeadersRead);
            await using var body = await response.Content.ReadAsStreamAsync();
            await using var items = PackStream.ReadAsync<Member>(body).GetAsyncEnumerator();
            Assert.True(await items.MoveNextAsync().AsTask().WaitAsync(Timeout));

            // The client stops reading; the producer keeps going until the socket buffers fill, then waits on backpressure.
            await Task.Delay(TimeSpan.FromMilliseconds(500));
            Assert.False(probe.Canceled.Task.IsCompleted);
        }

        await probe.Canceled.Task.WaitAsync(Timeout);
        await AssertHealthyAsync(host);
        Assert.False(logs.Errors.Any(), string.Join(Environment.NewLine, logs.Errors));
    }

    [Theory]
    [InlineData("/api/organizations")]
    [InlineData("/minimal/organizations")]
    public async Task Post_ClientDisconnectsMidBody_NothingIsLoggedAsAnError(string path)
    {
        var logs = new CapturingLoggerProvider();
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1, logger: logs);
        var body = PackSerializer.Serialize(SampleData.Organization(1, members: 50));

        using (var socket = new TcpClient())
        {
            await socket.ConnectAsync(IPAddress.Loopback, host.BaseAddress.Port);
            var stream = socket.GetStream();
            var head = $"POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: {PackMediaTypes.Pack}\r\nContent-Length: {body.Length}\r\n\r\n";
            await stream.WriteAsync(Encoding.ASCII.GetBytes(head));
            await stream.WriteAsync(body.AsMemory(0, body.Length / 2));
            await stream.FlushAsync();
            await Task.Delay(TimeSpan.FromMilliseconds(200));
            socket.Client.Close(0); // RST, mid-body
        }

        await Task.Delay(TimeSpan.FromMilliseconds(500));
        await AssertHealthyAsync(host);
        Assert.False(logs.Errors.Any(), string.Join(Environment.NewLine, logs.Errors));
    }

    private static async Task AssertHealthyAsync(KestrelTestHost host)
    {
        using var client = host.CreateClient();
        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/1"));
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }
}

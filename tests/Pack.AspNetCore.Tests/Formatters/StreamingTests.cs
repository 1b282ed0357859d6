using System.Net;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.TestApp;
using Pack.Streaming;

namespace Pack.AspNetCore.Tests.Formatters;

public sealed class StreamingTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(15);

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task Get_AsyncEnumerable_ClientReadsFirstItemBeforeServerProducesLast(HttpProtocols protocols)
    {
        await using var host = await KestrelTestHost.StartAsync(protocols);
        using var client = host.CreateClient();
        var probeId = Guid.NewGuid().ToString("N");
        var probe = host.Services.GetRequiredService<StreamProbes>().Get(probeId);

        using var response = await client.SendAsync(PackHttp.Get($"/api/organizations/members?probe={probeId}&count=3"), HttpCompletionOption.ResponseHeadersRead);
        Assert.Equal(PackMediaTypes.PackStream, response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("Accept", response.Headers.Vary);
        await using var body = await response.Content.ReadAsStreamAsync();
        await using var items = PackStream.ReadAsync<Member>(body).GetAsyncEnumerator();

        Assert.True(await items.MoveNextAsync().AsTask().WaitAsync(Timeout));
        PackHttp.AssertSame(SampleData.Member(1), items.Current);
        Assert.False(probe.ReleaseLast.Task.IsCompleted, "The first item arrived while the producer was still holding the last one.");

        probe.ReleaseLast.SetResult();
        var rest = new List<Member?>();
        while (await items.MoveNextAsync().AsTask().WaitAsync(Timeout))
        {
            rest.Add(items.Current);
        }

        Assert.Equal([2, 3], rest.Select(m => m!.Id));
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task Get_AsyncEnumerableThatThrows_SendsErrorFrameAfterItems(HttpProtocols protocols)
    {
        await using var host = await KestrelTestHost.StartAsync(protocols);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/members/failing"), HttpCompletionOption.ResponseHeadersRead);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        await using var body = await response.Content.ReadAsStreamAsync();

        var received = new List<int>();
        var exception = await Assert.ThrowsAsync<PackStreamException>(async () =>
        {
            await foreach (var member in PackStream.ReadAsync<Member>(body))
            {
                received.Add(member!.Id);
            }
        }).WaitAsync(Timeout);

        Assert.Equal([1, 2], received);
        Assert.Equal(500, exception.Error.Status);
        Assert.Equal("An error occurred while streaming the response.", exception.Error.Title);
        Assert.Equal("The producer failed after two items.", exception.Error.Detail); // Development shows the message.
        Assert.False(string.IsNullOrEmpty(exception.Error.TraceId));
    }

    [Fact]
    public async Task Get_AsyncEnumerableThatThrowsInProduction_HidesTheMessage()
    {
        using var factory = new PackTestAppFactory().WithWebHostBuilder(web => web.UseEnvironment("Production"));
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/members/failing"), HttpCompletionOption.ResponseHeadersRead);
        await using var body = await response.Content.ReadAsStreamAsync();

        var exception = await Assert.ThrowsAsync<PackStreamException>(async () =>
        {
            await foreach (var member in PackStream.ReadAsync<Member>(body))
            {
            }
        }).WaitAsync(Timeout);
        Assert.Null(exception.Error.Detail);
        Assert.Equal(500, exception.Error.Status);
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task Get_ClientDisconnects_CancelsTheProducer(HttpProtocols protocols)
    {
        await using var host = await KestrelTestHost.StartAsync(protocols);
        var probeId = Guid.NewGuid().ToString("N");
        var probe = host.Services.GetRequiredService<StreamProbes>().Get(probeId);

        using (var client = host.CreateClient())
        {
            using var response = await client.SendAsync(PackHttp.Get($"/api/organizations/members/endless?probe={probeId}"), HttpCompletionOption.ResponseHeadersRead);
            await using var body = await response.Content.ReadAsStreamAsync();
            await using var items = PackStream.ReadAsync<Member>(body).GetAsyncEnumerator();
            Assert.True(await items.MoveNextAsync().AsTask().WaitAsync(Timeout));
            Assert.False(probe.Canceled.Task.IsCompleted);
        }

        // Disposing the response and client aborts the request; the server must observe it and stop producing.
        await probe.Canceled.Task.WaitAsync(Timeout);
    }

    [Fact]
    public async Task Get_AsyncEnumerableWithoutPackAccept_IsAJsonArray()
    {
        using var factory = new PackTestAppFactory();
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/members/failing?x=1", accept: null), HttpCompletionOption.ResponseHeadersRead);

        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
    }
}

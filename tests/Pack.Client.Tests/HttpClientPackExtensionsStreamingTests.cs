using System.Net;
using Pack.Client.Tests.Infrastructure;
using Pack.Streaming;

namespace Pack.Client.Tests;

public sealed class HttpClientPackExtensionsStreamingTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(ServerProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    public static TheoryData<ServerKind> Servers => [ServerKind.PackMinimalApi, ServerKind.JsonControllers, ServerKind.PackControllers];

    public static TheoryData<ServerKind> PackServers => [ServerKind.PackMinimalApi, ServerKind.PackControllers];

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task GetFromPackAsAsyncEnumerable_Stream_YieldsAllItemsInOrder(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        var items = new List<Item?>();
        await foreach (Item? item in client.GetFromPackAsAsyncEnumerable<Item>("items/stream?count=50", Timeout))
        {
            items.Add(item);
        }

        Assert.Equal(Enumerable.Range(1, 50), items.Select(i => i!.Id));
        Assert.Equal("streamed-50", items[^1]!.Name);
    }

    [Theory]
    [MemberData(nameof(PackServers))]
    public async Task ReadFromPackAsAsyncEnumerable_PackServer_AnswersPackStream(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateNegotiatingClient();

        using HttpResponseMessage response = await client.GetAsync("items/stream?count=3", HttpCompletionOption.ResponseHeadersRead, Timeout);
        var ids = new List<int>();
        await foreach (Item? item in response.Content.ReadFromPackAsAsyncEnumerable<Item>(Timeout))
        {
            ids.Add(item!.Id);
        }

        Assert.Equal(PackMediaTypes.PackStream, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal([1, 2, 3], ids);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task GetFromPackAsAsyncEnumerable_WholeCollection_YieldsItems(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        var names = new List<string?>();
        await foreach (Item? item in client.GetFromPackAsAsyncEnumerable<Item>("items?name=n&take=2", Timeout))
        {
            names.Add(item?.Name);
        }

        Assert.Equal(["n-1", "n-2"], names);
    }

    [Theory]
    [MemberData(nameof(PackServers))]
    public async Task GetFromPackAsAsyncEnumerable_ErrorFrame_ThrowsAfterItemsBeforeIt(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        var ids = new List<int>();
        var ex = await Assert.ThrowsAsync<PackStreamException>(async () =>
        {
            await foreach (Item? item in client.GetFromPackAsAsyncEnumerable<Item>("items/stream-error", Timeout))
            {
                ids.Add(item!.Id);
            }
        });

        Assert.Equal([1, 2], ids);
        Assert.Equal(500, ex.Error.Status);
        Assert.False(string.IsNullOrEmpty(ex.Error.Title));
    }

    [Theory]
    [MemberData(nameof(PackServers))]
    public async Task GetFromPackAsAsyncEnumerable_CancelledMidStream_ServerSeesRequestAborted(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();
        using var cancel = CancellationTokenSource.CreateLinkedTokenSource(Timeout);

        var received = new List<int>();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (Item? item in client.GetFromPackAsAsyncEnumerable<Item>("items/stream-until-aborted", cancel.Token))
            {
                received.Add(item!.Id);

                // The first item arrived before the producer finished: the client does not wait for the whole body.
                await cancel.CancelAsync();
            }
        });

        Assert.Equal([1], received);
        await host.Probe.RequestAborted.Task.WaitAsync(ServerProbe.Timeout);
    }

    [Theory]
    [MemberData(nameof(PackServers))]
    public async Task GetFromPackAsAsyncEnumerable_LoopLeftEarly_ServerSeesRequestAborted(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        Item? first = null;
        await foreach (Item? item in client.GetFromPackAsAsyncEnumerable<Item>("items/stream-until-aborted", Timeout))
        {
            first = item;
            break;
        }

        Assert.Equal("first", first?.Name);
        await host.Probe.RequestAborted.Task.WaitAsync(ServerProbe.Timeout);
    }

    [Fact]
    public async Task GetFromPackAsAsyncEnumerable_NotFound_ThrowsApiExceptionOnFirstMove()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        using var client = host.CreateClient();

        var ex = await Assert.ThrowsAsync<PackApiException>(async () =>
        {
            await foreach (Item? item in client.GetFromPackAsAsyncEnumerable<Item>("no-such-route", Timeout))
            {
                Assert.Fail($"Unexpected item {item?.Id}");
            }
        });

        Assert.Equal(HttpStatusCode.NotFound, ex.StatusCode);
    }
}

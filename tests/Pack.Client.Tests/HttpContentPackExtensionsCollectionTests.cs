using System.Net;
using System.Net.Http.Headers;
using Pack.Client.Tests.Infrastructure;
using Pack.Streaming;

namespace Pack.Client.Tests;

/// <summary>Collection reads of a Pack stream (<c>application/x-pack-stream</c>) collect its frames, as JSON arrays do.</summary>
public sealed class HttpContentPackExtensionsCollectionTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(ServerProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    public static TheoryData<ServerKind, string> ServersAndShapes()
    {
        var data = new TheoryData<ServerKind, string>();
        foreach (var kind in new[] { ServerKind.PackControllers, ServerKind.PackMinimalApi, ServerKind.JsonControllers })
        {
            foreach (var shape in new[] { "List", "Array", "IEnumerable", "IReadOnlyList", "ICollection", "HashSet" })
            {
                data.Add(kind, shape);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(ServersAndShapes))]
    public async Task GetFromPackAsync_CollectionOfStreamingEndpoint_CollectsEveryItem(ServerKind kind, string shape)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();
        const string uri = "items/stream?count=7";

        IEnumerable<Item?>? items = shape switch
        {
            "List" => await client.GetFromPackAsync<List<Item>>(uri, Timeout),
            "Array" => await client.GetFromPackAsync<Item[]>(uri, Timeout),
            "IEnumerable" => await client.GetFromPackAsync<IEnumerable<Item>>(uri, Timeout),
            "IReadOnlyList" => await client.GetFromPackAsync<IReadOnlyList<Item>>(uri, Timeout),
            "ICollection" => await client.GetFromPackAsync<ICollection<Item>>(uri, Timeout),
            _ => await client.GetFromPackAsync<HashSet<Item>>(uri, Timeout),
        };

        Assert.NotNull(items);
        Assert.Equal(Enumerable.Range(1, 7), items.Select(i => i!.Id));
    }

    [Theory]
    [InlineData(ServerKind.PackControllers)]
    [InlineData(ServerKind.PackMinimalApi)]
    public async Task ReadFromPackAsync_ListOfPackStream_CollectsFrames(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateNegotiatingClient();

        using HttpResponseMessage response = await client.GetAsync("items/stream?count=3", HttpCompletionOption.ResponseHeadersRead, Timeout);
        List<Item>? items = await response.Content.ReadFromPackAsync<List<Item>>(Timeout);

        Assert.Equal(PackMediaTypes.PackStream, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal([1, 2, 3], items!.Select(i => i.Id));
    }

    [Fact]
    public async Task GetAsync_AcceptPackAloneOnStreamingAction_AnswersPackStream()
    {
        // The documented choice: a streaming action answers a Pack stream even to Accept: application/x-pack alone,
        // because every Pack reader (collection reads included) reads one.
        await using var host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        using var client = host.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, "items/stream?count=4");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));

        using HttpResponseMessage response = await client.SendAsync(request, Timeout);
        Item[]? items = await response.Content.ReadFromPackAsync<Item[]>(Timeout);

        Assert.Equal(PackMediaTypes.PackStream, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal([1, 2, 3, 4], items!.Select(i => i.Id));
    }

    [Theory]
    [InlineData(ServerKind.PackControllers)]
    [InlineData(ServerKind.PackMinimalApi)]
    public async Task GetFromPackAsync_ListOfStreamWithErrorFrame_ThrowsPackStreamException(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        var exception = await Assert.ThrowsAsync<PackStreamException>(() => client.GetFromPackAsync<List<Item>>("items/stream-error", Timeout));

        Assert.Equal(500, exception.Error.Status);
    }

    [Fact]
    public async Task GetFromPackAsync_SingleValueOfStream_ThrowsPackContentExceptionThatSaysWhy()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        using var client = host.CreateClient();

        var exception = await Assert.ThrowsAsync<PackContentException>(() => client.GetFromPackAsync<Item>("items/stream?count=2", Timeout));

        Assert.Equal(HttpStatusCode.OK, exception.StatusCode);
        Assert.Equal(PackMediaTypes.PackStream, exception.ContentType);
        Assert.Contains("collection", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadFromPackAsync_UnsupportedContentType_MessageDoesNotContradictItself()
    {
        using var content = new StringContent("a,b", System.Text.Encoding.UTF8, "text/csv");

        var exception = await Assert.ThrowsAsync<NotSupportedException>(() => content.ReadFromPackAsync<List<Item>>(Timeout));

        Assert.Contains("'text/csv'", exception.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("not supported", exception.Message, StringComparison.Ordinal);
    }
}

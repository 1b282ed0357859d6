using System.Net;
using Pack.Client;
using Pack.Client.Tests.Infrastructure;
using Pack.Streaming;
using Refit;

namespace Pack.Refit.Tests;

public sealed class PackContentSerializerTests
{
    [Theory]
    [InlineData(ServerKind.PackControllers)]
    [InlineData(ServerKind.PackMinimalApi)]
    public async Task Get_RouteAndQueryParameters_ReadsPack(ServerKind kind)
    {
        await using TestServerHost host = await TestServerHost.StartAsync(kind);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        Item item = await client.Api.GetAsync(7, "-x", CancellationToken.None);
        IApiResponse<Item> response = await client.Api.GetResponseAsync(8, CancellationToken.None);

        Assert.Equal(7, item.Id);
        Assert.Equal("item-7-x", item.Name);
        Assert.Equal(["a", "b"], item.Tags);
        Assert.True(response.IsSuccessStatusCode);
        Assert.Equal(PackMediaTypes.Pack, response.ContentHeaders?.ContentType?.MediaType);
        Assert.Equal("item-8", response.Content?.Name);
    }

    [Fact]
    public async Task Search_QueryParameters_ReadsPackList()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        List<Item> items = await client.Api.SearchAsync("q", 3, CancellationToken.None);

        Assert.Equal(["q-1", "q-2", "q-3"], items.Select(i => i.Name));
    }

    [Fact]
    public async Task PostPutDelete_PackBodies_RoundTrip()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);
        var item = new Item { Name = "new", Price = 2.5, Tags = ["t"] };

        Item created = await client.Api.CreateAsync(item, CancellationToken.None);
        Item replaced = await client.Api.ReplaceAsync(5, item, CancellationToken.None);
        Item deleted = await client.Api.DeleteAsync(6, "dup", CancellationToken.None);
        await client.Api.DeleteSilentlyAsync(6, CancellationToken.None);

        Assert.Equal((42, "new", 2.5), (created.Id, created.Name, created.Price));
        Assert.Equal(["t"], created.Tags);
        Assert.Equal((5, "new"), (replaced.Id, replaced.Name));
        Assert.Equal("deleted:dup", deleted.Name);
    }

    [Fact]
    public async Task ToHttpContent_AnyValue_IsStreamedPackContent()
    {
        var serializer = new PackContentSerializer();
        var item = new Item { Id = 3, Name = "n" };

        using HttpContent content = serializer.ToHttpContent(item);
        long? lengthBeforeSending = content.Headers.ContentLength;
        byte[] bytes = await content.ReadAsByteArrayAsync(CancellationToken.None);

        PackContent pack = Assert.IsType<PackContent>(content);
        Assert.Same(item, pack.Value);
        Assert.Null(lengthBeforeSending);
        Assert.Equal(PackMediaTypes.Pack, content.Headers.ContentType?.MediaType);
        Assert.Equal("n", PackSerializer.Deserialize<Item>(bytes)!.Name);
    }

    [Fact]
    public async Task GetMessage_TaskOfHttpResponseMessage_ReturnsPackResponse()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        using HttpResponseMessage response = await client.Api.GetMessageAsync(4, CancellationToken.None);
        Item? item = await response.Content.ReadFromPackAsync<Item>(CancellationToken.None);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("item-4", item?.Name);
    }

    [Fact]
    public async Task EchoAccept_NoAcceptOnInterface_AsksForPackThenJson()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        Item echo = await client.Api.EchoAcceptAsync(CancellationToken.None);

        Assert.Equal("application/x-pack, application/json;q=0.9", echo.Name);
    }

    [Fact]
    public async Task Create_InvalidBody_ThrowsValidationApiExceptionWithFieldErrors()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        var ex = await Assert.ThrowsAsync<ValidationApiException>(
            () => client.Api.CreateAsync(new Item { Name = null }, CancellationToken.None));

        Assert.Equal(HttpStatusCode.BadRequest, ex.StatusCode);
        Assert.Equal("application/problem+json", ex.ContentHeaders?.ContentType?.MediaType);
        Assert.NotNull(ex.Content);
        Assert.Equal(400, ex.Content.Status);
        Assert.Contains("Name", ex.Content.Errors.Keys);
    }

    [Fact]
    public async Task CreateResponse_InvalidBody_ApiResponseHasError()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        IApiResponse<Item> response = await client.Api.CreateResponseAsync(new Item { Name = null }, CancellationToken.None);

        Assert.False(response.IsSuccessStatusCode);
        ApiException error = Assert.IsAssignableFrom<ApiException>(response.Error);
        Assert.Equal(HttpStatusCode.BadRequest, error.StatusCode);
        Assert.Contains("Name", error.Content, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Get_Missing_ThrowsRefitsProblemExceptionAndApiResponseHasError()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        // Refit raises ValidationApiException for every application/problem+json body, whatever the status.
        var ex = await Assert.ThrowsAsync<ValidationApiException>(() => client.Api.GetAsync(ItemCatalog.MissingId, cancellationToken: CancellationToken.None));
        IApiResponse<Item> response = await client.Api.GetResponseAsync(ItemCatalog.MissingId, CancellationToken.None);

        Assert.Equal(HttpStatusCode.NotFound, ex.StatusCode);
        Assert.Equal(404, ex.Content?.Status);
        Assert.Equal("application/problem+json", ex.ContentHeaders?.ContentType?.MediaType);
        Assert.Equal(HttpStatusCode.NotFound, Assert.IsAssignableFrom<ApiException>(response.Error).StatusCode);
        Assert.Null(response.Content);
    }

    [Fact]
    public async Task Fail_ServerProblem_ThrowsApiExceptionWithReadableProblemDetails()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        var ex = await Assert.ThrowsAsync<ValidationApiException>(() => client.Api.FailAsync(CancellationToken.None));
        ProblemDetails? problem = await ex.GetContentAsAsync<ProblemDetails>();

        Assert.Equal(HttpStatusCode.InternalServerError, ex.StatusCode);
        Assert.Equal("Boom", ex.Content?.Title);
        Assert.Equal("It broke.", ex.Content?.Detail);
        Assert.Equal("Boom", problem?.Title);
    }

    [Theory]
    [InlineData(ServerKind.PackControllers)]
    [InlineData(ServerKind.PackMinimalApi)]
    public async Task Stream_PackStream_YieldsEveryItem(ServerKind kind)
    {
        await using TestServerHost host = await TestServerHost.StartAsync(kind);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        List<int> ids = [];
        await foreach (Item item in client.Api.StreamAsync(50, CancellationToken.None))
        {
            ids.Add(item.Id);
        }

        Assert.Equal(Enumerable.Range(1, 50), ids);
    }

    [Fact]
    public async Task SearchAsStream_WholePackArray_YieldsEveryItem()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        List<string?> names = [];
        await foreach (Item item in client.Api.SearchAsStreamAsync("w", 3, CancellationToken.None))
        {
            names.Add(item.Name);
        }

        Assert.Equal(["w-1", "w-2", "w-3"], names);
    }

    [Fact]
    public async Task Stream_ErrorFrameMidStream_ThrowsPackStreamExceptionAfterEarlierItems()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        List<int> ids = [];
        var ex = await Assert.ThrowsAsync<PackStreamException>(async () =>
        {
            await foreach (Item item in client.Api.StreamThenFailAsync(CancellationToken.None))
            {
                ids.Add(item.Id);
            }
        });

        Assert.Equal([1, 2], ids);
        Assert.Equal(500, ex.Error.Status);
    }

    [Fact]
    public async Task Stream_FirstItemBeforeLast_AndEarlyBreakAbortsTheServer()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        Item? first = null;
        await foreach (Item item in client.Api.StreamUntilAbortedAsync(CancellationToken.None))
        {
            // The server is still holding the stream open: this item arrived before the last one was produced.
            Assert.False(host.Probe.RequestAborted.Task.IsCompleted);
            first = item;
            break;
        }

        await host.Probe.RequestAborted.Task.WaitAsync(ServerProbe.Timeout, CancellationToken.None);
        Assert.Equal("first", first?.Name);
    }

    [Fact]
    public async Task Stream_CancelledToken_StopsAndAbortsTheServer()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);
        using var cancellation = new CancellationTokenSource();

        int count = 0;
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (Item item in client.Api.StreamUntilAbortedAsync(cancellation.Token))
            {
                count++;
                await cancellation.CancelAsync();
            }
        });

        await host.Probe.RequestAborted.Task.WaitAsync(ServerProbe.Timeout, CancellationToken.None);
        Assert.Equal(1, count);
    }

    [Fact]
    public async Task Get_CancelledToken_ThrowsOperationCanceled()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);
        using var cancellation = new CancellationTokenSource();
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => client.Api.GetAsync(1, cancellationToken: cancellation.Token));
    }

    [Fact]
    public async Task JsonOnlyServer_EveryCallShape_FallsBackToJson()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.JsonControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host);

        IApiResponse<Item> response = await client.Api.GetResponseAsync(2, CancellationToken.None);
        var refused = await Assert.ThrowsAnyAsync<ApiException>(() => client.Api.CreateAsync(new Item { Name = "j" }, CancellationToken.None));
        List<int> ids = [];
        await foreach (Item item in client.Api.StreamAsync(3, CancellationToken.None))
        {
            ids.Add(item.Id);
        }

        Assert.Equal("application/json", response.ContentHeaders?.ContentType?.MediaType);
        Assert.Equal("item-2", response.Content?.Name);
        Assert.Equal([1, 2, 3], ids);
        // A server without Pack cannot read a Pack body: Refit surfaces its 415 as an ApiException, as for any status.
        Assert.Equal(HttpStatusCode.UnsupportedMediaType, refused.StatusCode);
    }

    [Fact]
    public async Task JsonOptions_JsonOnlyServer_ReadWithTheGivenOptions()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.JsonControllers);
        var strict = new System.Text.Json.JsonSerializerOptions { PropertyNameCaseInsensitive = false };
        using var http = new HttpClient(new PackRefitHandler { InnerHandler = new SocketsHttpHandler() }) { BaseAddress = host.BaseAddress };
        IItemsApi api = RestService.For<IItemsApi>(http, new RefitSettings { ContentSerializer = new PackContentSerializer(null, strict) });

        // The server writes camelCase; case-sensitive options that expect PascalCase leave every member at its default.
        Item item = await api.GetAsync(2, cancellationToken: CancellationToken.None);

        Assert.Equal(0, item.Id);
        Assert.Null(item.Name);
    }

    [Fact]
    public void GetFieldNameForProperty_FollowsJsonPropertyName()
    {
        var serializer = new PackContentSerializer();

        Assert.Equal("q", serializer.GetFieldNameForProperty(typeof(Query).GetProperty(nameof(Query.Text))!));
        Assert.Null(serializer.GetFieldNameForProperty(typeof(Query).GetProperty(nameof(Query.Page))!));
    }

    public sealed class Query
    {
        [System.Text.Json.Serialization.JsonPropertyName("q")]
        public string? Text { get; set; }

        public int Page { get; set; }
    }
}

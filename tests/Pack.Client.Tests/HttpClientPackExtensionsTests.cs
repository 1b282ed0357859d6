using System.Net;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Client.Tests;

/// <summary>The request/response extensions against every kind of server: the results must not depend on which answers.</summary>
public sealed class HttpClientPackExtensionsTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(ServerProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    public static TheoryData<ServerKind> Servers => [ServerKind.PackMinimalApi, ServerKind.JsonControllers, ServerKind.PackControllers];

    private static string ExpectedMediaType(ServerKind kind) => kind == ServerKind.JsonControllers ? "application/json" : PackMediaTypes.Pack;

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task GetFromPackAsync_RouteAndQuery_ReturnsItem(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        Item? item = await client.GetFromPackAsync<Item>("items/7?suffix=-x", Timeout);

        Assert.NotNull(item);
        Assert.Equal(7, item.Id);
        Assert.Equal("item-7-x", item.Name);
        Assert.Equal(10.5, item.Price);
        Assert.Equal(["a", "b"], item.Tags);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task GetFromPackAsync_UriAndQueryOnly_ReturnsList(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        List<Item>? items = await client.GetFromPackAsync<List<Item>>(new Uri(host.BaseAddress, "items?name=widget&take=3"), options: null, Timeout);

        Assert.NotNull(items);
        Assert.Equal([1, 2, 3], items.Select(i => i.Id));
        Assert.Equal(["widget-1", "widget-2", "widget-3"], items.Select(i => i.Name));
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task PostAsPackAsync_Response_SendsPackAndNegotiatesResponse(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();
        var item = new Item { Name = "new", Price = 2.25, Tags = ["x"] };

        using HttpResponseMessage response = await client.PostAsPackAsync("items", item, Timeout);
        await response.EnsureSuccessStatusCodeAsync(Timeout);
        Item? created = await response.Content.ReadFromPackAsync<Item>(Timeout);

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        Assert.Equal(ExpectedMediaType(kind), response.Content.Headers.ContentType?.MediaType);
        Assert.NotNull(created);
        Assert.Equal(42, created.Id);
        Assert.Equal("new", created.Name);
        Assert.Equal(2.25, created.Price);
        Assert.Equal(["x"], created.Tags);

        // The JSON-only server refuses the Pack body with 415; the client then sends JSON, so the last request is JSON.
        string expectedRequestType = kind == ServerKind.JsonControllers ? "application/json" : PackMediaTypes.Pack;
        Assert.Equal(expectedRequestType, response.RequestMessage?.Content?.Headers.ContentType?.MediaType);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task PostAsPackAsync_TypedResult_ReturnsCreatedItem(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        Item? created = await client.PostAsPackAsync<Item, Item>("items", new Item { Name = "typed", Price = 1 }, Timeout);

        Assert.NotNull(created);
        Assert.Equal(42, created.Id);
        Assert.Equal("typed", created.Name);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task PutAsPackAsync_RouteAndBody_ReturnsReplacedItem(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        Item? replaced = await client.PutAsPackAsync<Item, Item>(new Uri("items/9", UriKind.Relative), new Item { Name = "replaced", Price = 3, Tags = ["p"] }, Timeout);

        Assert.NotNull(replaced);
        Assert.Equal(9, replaced.Id);
        Assert.Equal("replaced", replaced.Name);
        Assert.Equal(["p"], replaced.Tags);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task PatchAsPackAsync_RouteAndBody_ReturnsPatchedItem(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        Item? patched = await client.PatchAsPackAsync<ItemPatch, Item>("items/5", new ItemPatch { Name = "patched", AddTags = ["q", "r"] }, Timeout);

        Assert.NotNull(patched);
        Assert.Equal(5, patched.Id);
        Assert.Equal("patched", patched.Name);
        Assert.Equal(["a", "q", "r"], patched.Tags);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task DeleteFromPackAsync_RouteAndQuery_ReturnsDeletedItem(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        Item? deleted = await client.DeleteFromPackAsync<Item>("items/3?reason=obsolete", Timeout);

        Assert.NotNull(deleted);
        Assert.Equal(3, deleted.Id);
        Assert.Equal("deleted:obsolete", deleted.Name);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task DeleteFromPackAsync_NoContent_ReturnsDefault(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        Item? deleted = await client.DeleteFromPackAsync<Item>("items/3/silent", Timeout);

        Assert.Null(deleted);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task PostAsPackAsync_InvalidBody_ThrowsWithValidationErrors(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        var ex = await Assert.ThrowsAsync<PackApiException>(
            () => client.PostAsPackAsync<Item, Item>("items", new Item { Name = null }, Timeout));

        Assert.Equal(HttpStatusCode.BadRequest, ex.StatusCode);
        Assert.NotNull(ex.Problem);
        Assert.Equal(400, ex.Problem.Status);
        Assert.True(ex.Problem.Errors.TryGetValue("Name", out string[]? messages), $"errors: {string.Join(", ", ex.Problem.Errors.Keys)}; body: {ex.Content}");
        Assert.Contains(messages, m => m.Contains("required", StringComparison.OrdinalIgnoreCase));
        Assert.Contains("\"errors\"", ex.Content, StringComparison.Ordinal);
        Assert.Equal(HttpMethod.Post, ex.RequestMethod);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task GetFromPackAsync_NotFound_ThrowsWithStatus(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        var ex = await Assert.ThrowsAsync<PackApiException>(
            () => client.GetFromPackAsync<Item>($"items/{ItemCatalog.MissingId}", Timeout));

        Assert.Equal(HttpStatusCode.NotFound, ex.StatusCode);
        Assert.Equal("Not Found", ex.ReasonPhrase);
        Assert.Equal(new Uri(host.BaseAddress, $"items/{ItemCatalog.MissingId}"), ex.RequestUri);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task GetFromPackAsync_ServerError_ThrowsWithProblemDetails(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        var ex = await Assert.ThrowsAsync<PackApiException>(() => client.GetFromPackAsync<Item>("fail", Timeout));

        Assert.Equal(HttpStatusCode.InternalServerError, ex.StatusCode);
        Assert.NotNull(ex.Problem);
        Assert.Equal("Boom", ex.Problem.Title);
        Assert.Equal("It broke.", ex.Problem.Detail);
        Assert.Equal(500, ex.Problem.Status);
        Assert.Contains("Boom", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task GetFromPackAsync_TextError_ThrowsWithRawContent(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        var ex = await Assert.ThrowsAsync<PackApiException>(() => client.GetFromPackAsync<Item>("fail-text", Timeout));

        Assert.Equal(HttpStatusCode.ServiceUnavailable, ex.StatusCode);
        Assert.Null(ex.Problem);
        Assert.Equal("Down for maintenance", ex.Content);
    }

    [Fact]
    public void GetFromPackAsync_NullClient_ThrowsBeforeSending()
    {
        HttpClient client = null!;

        Assert.Throws<ArgumentNullException>(() => { _ = client.GetFromPackAsync<Item>("items/1", Timeout); });
    }

    [Fact]
    public async Task GetFromPackAsync_CancelledToken_ThrowsOperationCanceled()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        using var client = host.CreateClient();
        using var cts = new CancellationTokenSource();
        await cts.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => client.GetFromPackAsync<Item>("items/1", cts.Token));
    }
}

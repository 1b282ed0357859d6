using System.Net.Http.Headers;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Client.Tests;

public sealed class PackNegotiationHandlerTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(ServerProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    [Theory]
    [InlineData(ServerKind.PackMinimalApi)]
    [InlineData(ServerKind.PackControllers)]
    public async Task SendAsync_NoAccept_ServerAnswersPack(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateNegotiatingClient();

        using HttpResponseMessage response = await client.GetAsync("items/7", Timeout);
        Item? item = await response.Content.ReadFromPackAsync<Item>(Timeout);

        Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("application/x-pack, application/json;q=0.9", response.RequestMessage?.Headers.Accept.ToString());
        Assert.Equal(7, item?.Id);
    }

    [Theory]
    [InlineData(ServerKind.PackMinimalApi)]
    [InlineData(ServerKind.PackControllers)]
    public async Task SendAsync_WithoutHandler_ServerAnswersJson(ServerKind kind)
    {
        await using var host = await TestServerHost.StartAsync(kind);
        using var client = host.CreateClient();

        using HttpResponseMessage response = await client.GetAsync("items/7", Timeout);
        Item? item = await response.Content.ReadFromPackAsync<Item>(Timeout);

        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(7, item?.Id);
    }

    [Fact]
    public async Task SendAsync_ServerSeesAcceptHeader()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        using var client = host.CreateNegotiatingClient();

        using HttpResponseMessage response = await client.GetAsync("echo-accept", Timeout);
        Item? echo = await response.Content.ReadFromPackAsync<Item>(Timeout);

        Assert.Equal("application/x-pack, application/json;q=0.9", echo?.Name);
    }

    [Fact]
    public async Task SendAsync_ExplicitAccept_LeftAlone()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        using var client = host.CreateNegotiatingClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, "echo-accept");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));

        using HttpResponseMessage response = await client.SendAsync(request, Timeout);
        Item? echo = await response.Content.ReadFromPackAsync<Item>(Timeout);

        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("application/json", echo?.Name);
    }

    [Fact]
    public async Task SendAsync_DefaultRequestHeadersAccept_LeftAlone()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        using var client = host.CreateNegotiatingClient();
        client.DefaultRequestHeaders.Accept.ParseAdd("application/json");

        using HttpResponseMessage response = await client.GetAsync("items/1", Timeout);

        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public void Send_Synchronous_AddsAccept()
    {
        var recorder = new RecordingHandler();
        using var client = new HttpClient(new PackNegotiationHandler { InnerHandler = recorder });

        using HttpResponseMessage response = client.Send(new HttpRequestMessage(HttpMethod.Get, "http://127.0.0.1/"), Timeout);

        Assert.Equal("application/x-pack, application/json;q=0.9", recorder.Accept);
    }

    [Fact]
    public void Constructor_DoesNotSetInnerHandler()
    {
        using var handler = new PackNegotiationHandler();

        Assert.Null(handler.InnerHandler);
    }

    private sealed class RecordingHandler : HttpMessageHandler
    {
        public string? Accept { get; private set; }

        protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Accept = request.Headers.Accept.ToString();
            return new HttpResponseMessage(System.Net.HttpStatusCode.NoContent);
        }

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
            Task.FromResult(Send(request, cancellationToken));
    }
}

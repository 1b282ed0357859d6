using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.AspNetCore.Tests.Logging;
using Pack.Schema;

namespace Pack.Client.Tests.Logging;

/// <summary>Pack bodies in client logs (AddPackLogging), read back from the log the client writes, against real Kestrel.</summary>
public sealed class PackLoggingHandlerTests : IAsyncLifetime
{
    private const int Limit = 512;
    private WebApplication? _server;
    private ServiceProvider? _services;
    private readonly LineLog _log = new();

    private HttpClient Client => _services!.GetRequiredService<IHttpClientFactory>().CreateClient("api");

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddPack();
        _server = builder.Build();
        _server.MapPost("/login", (PackBody<Credentials> login) => PackResults.Ok(new Session(login.Value.User, "token-" + login.Value.User, ["reader"])));
        _server.MapGet("/big", () => PackResults.Ok(new Session("big", "token-big", [.. Enumerable.Range(0, 500).Select(i => $"role-{i:D4}")])));
        _server.MapGet("/sessions", () => PackResults.Stream(Sessions()));
        _server.MapGet("/broken", (HttpContext context) =>
        {
            // A Session cut off inside its roles, announced with Session's own fingerprint.
            byte[] whole = PackSerializer.Serialize(new Session("ada", "token-ada", ["reader", "writer"]));
            context.Response.ContentType = PackMediaTypes.Pack;
            context.Response.Headers[PackSchema.HeaderName] = PackSchema.For(typeof(Session)).WireFingerprint;
            return context.Response.Body.WriteAsync(whole.AsMemory(0, whole.Length - 3)).AsTask();
        });
        _server.MapGet("/cut", async (HttpContext context) =>
        {
            // Declares the whole Session, sends a part and ends: Kestrel closes the connection short of its Content-Length.
            byte[] whole = PackSerializer.Serialize(new Session("ada", "token-ada", ["reader", "writer"]));
            context.Response.ContentType = PackMediaTypes.Pack;
            context.Response.ContentLength = whole.Length;
            context.Response.Headers[PackSchema.HeaderName] = PackSchema.For(typeof(Session)).WireFingerprint;
            await context.Response.Body.WriteAsync(whole.AsMemory(0, 5));
            await context.Response.Body.FlushAsync();
        });
        await _server.StartAsync();
        var address = new Uri(_server.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single());

        var services = new ServiceCollection();
        services.AddLogging(logging => logging.AddProvider(_log).SetMinimumLevel(LogLevel.Information));
        services.AddPackHttpClient("api", client => client.BaseAddress = address)
            .AddPackLogging(options =>
            {
                options.ResponseBodyLogLimit = Limit;
                options.RedactedMembers.Add(nameof(Credentials.Password));
                options.Redact = (type, member) => type.ShortName == nameof(Session) && member.Name == nameof(Session.Token);
                options.Schemas.Add(PackSchema.For(typeof(Session)));
            });
        _services = services.BuildServiceProvider();
    }

    public async Task DisposeAsync()
    {
        await _services!.DisposeAsync();
        await _server!.StopAsync();
        await _server.DisposeAsync();
    }

    [Fact]
    public async Task SendAsync_PackRequestAndResponse_LoggedDecodedWithRedactedMembers()
    {
        using var response = await Client.PostAsPackAsync("login", new Credentials("ada", "s3cret"));
        var session = await response.Content.ReadFromPackAsync<Session>();

        Assert.Equal("token-ada", session!.Token);
        Assert.Equal("Request body: {\"User\":\"ada\",\"Password\":\"[Redacted]\"}", _log.Single("Request body: "));
        Assert.Equal("Response body: {\"User\":\"ada\",\"Token\":\"[Redacted]\",\"Roles\":[\"reader\"]}", _log.Single("Response body: "));
        Assert.DoesNotContain(_log.Lines, line => line.Contains("s3cret", StringComparison.Ordinal) || line.Contains("token-ada", StringComparison.Ordinal));
    }

    [Fact]
    public async Task SendAsync_PackContentBufferedBeforeTheHandler_StillLogged()
    {
        // A content written once already (here into its own buffer) is not written again when sent: its bytes then come
        // from the buffer, so the handler reads them through a wrapping content instead of from the content's own write.
        var content = PackContent.Create(new Credentials("ada", "s3cret"));
        await content.LoadIntoBufferAsync();
        using var response = await Client.PostAsync("login", content);

        Assert.Equal("ada", (await response.Content.ReadFromPackAsync<Session>())!.User);
        Assert.Equal("Request body: {\"User\":\"ada\",\"Password\":\"[Redacted]\"}", _log.Single("Request body: "));
    }

    [Fact]
    public async Task SendAsync_SameContentSentTwice_LoggedBothTimes()
    {
        // As a resend does (after a 412): the second send writes a content that has been written before.
        var content = PackContent.Create(new Credentials("ada", "s3cret"));
        using var first = new HttpRequestMessage(HttpMethod.Post, "login") { Content = content };
        using var second = new HttpRequestMessage(HttpMethod.Post, "login") { Content = content };
        using (var response = await Client.SendAsync(first))
        {
            Assert.Equal(System.Net.HttpStatusCode.OK, response.StatusCode);
        }

        using (var response = await Client.SendAsync(second))
        {
            Assert.Equal(System.Net.HttpStatusCode.OK, response.StatusCode);
        }

        Assert.Equal(2, _log.Lines.Count(line => line == "Request body: {\"User\":\"ada\",\"Password\":\"[Redacted]\"}"));
    }

    [Fact]
    public async Task SendAsync_ResponseWithinTheLimitAndUnreadByTheCaller_LoggedWhenTheHandlerReturnsAndStillReadable()
    {
        // Content-Length within the limit: buffered and logged before the call returns, even when the caller asked
        // for the headers only; the caller then reads the same bytes.
        using var request = new HttpRequestMessage(HttpMethod.Post, "login") { Content = PackContent.Create(new Credentials("ada", "s3cret")) };
        using var response = await Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);

        Assert.Equal("Response body: {\"User\":\"ada\",\"Token\":\"[Redacted]\",\"Roles\":[\"reader\"]}", _log.Single("Response body: "));
        Assert.Equal("token-ada", (await response.Content.ReadFromPackAsync<Session>())!.Token);
        Assert.Single(_log.Lines, line => line.StartsWith("Response body: ", StringComparison.Ordinal));
    }

    [Fact]
    public async Task SendAsync_ResponseCutShortOfItsContentLength_LoggedNotDecodedAndTheCallerGetsTheTransportError()
    {
        var error = await Assert.ThrowsAsync<HttpRequestException>(() => Client.GetFromPackAsync<Session>("cut"));

        string line = _log.Single("Response body: ");
        var reason = Assert.IsType<HttpIOException>(error.InnerException);
        Assert.Equal($"Response body: [Not decoded: HttpIOException: {reason.Message}]", line);
    }

    [Fact]
    public async Task SendAsync_ResponseOverTheLimit_LoggedTruncated()
    {
        var session = await Client.GetFromPackAsync<Session>("big");

        Assert.Equal(500, session!.Roles.Count);
        byte[] whole = PackSerializer.Serialize(session);
        string shown = TruncatedRoles.Shown(PackSerializer.Serialize(new Session("big", "token-big", [])).Length - 4, Limit);
        Assert.Equal($"Response body: {{\"User\":\"big\",\"Token\":\"[Redacted]\",\"Roles\":[{shown}\"[Incomplete]\"]}} [Truncated by ResponseBodyLogLimit: {Limit} of {whole.Length} bytes decoded]", _log.Single("Response body: "));
        Assert.DoesNotContain(_log.Lines, line => line.Contains("token-big", StringComparison.Ordinal));
    }

    [Fact]
    public async Task SendAsync_MalformedResponse_LoggedWithOffsetAndTheCallerStillGetsItsError()
    {
        await Assert.ThrowsAsync<PackContentException>(() => Client.GetFromPackAsync<Session>("broken"));

        string line = _log.Single("Response body: ");
        Assert.Matches(@"^Response body: \{""User"":""ada"",""Token"":""\[Redacted\]"",""Roles"":\[""reader"",""\[Incomplete\]""\]\} \[Malformed at byte \d+: truncated: a string needs \d+ bytes, the payload has \d left\]$", line);
    }

    [Fact]
    public async Task SendAsync_PackStream_LoggedItemByItem()
    {
        var users = new List<string>();
        await foreach (var session in Client.GetFromPackAsAsyncEnumerable<Session>("sessions"))
        {
            users.Add(session!.User);
        }

        Assert.Equal(["user-0", "user-1"], users);
        Assert.Equal(
            [
                "Response body item 0: {\"User\":\"user-0\",\"Token\":\"[Redacted]\",\"Roles\":[]}",
                "Response body item 1: {\"User\":\"user-1\",\"Token\":\"[Redacted]\",\"Roles\":[]}",
                "Response body: [Stream ended after 2 items]",
            ],
            _log.Lines.Where(line => line.StartsWith("Response body", StringComparison.Ordinal)));
    }

    [Fact]
    public async Task SendAsync_Lines_CarryTheirEventAndStructuredProperties()
    {
        using (var response = await Client.PostAsPackAsync("login", new Credentials("ada", "s3cret")))
        {
            await response.Content.ReadFromPackAsync<Session>();
        }

        await foreach (var _ in Client.GetFromPackAsAsyncEnumerable<Session>("sessions"))
        {
        }

        // What a structured provider (JSON console, OpenTelemetry) stores: the event, the template and each hole's value.
        var request = Assert.Single(_log.Records, record => record.Message.StartsWith("Request body: ", StringComparison.Ordinal));
        Assert.Equal(new EventId(200, "PackRequestBody"), request.EventId);
        Assert.Equal("Request body: {Body}{Status}", request.Properties["{OriginalFormat}"]);
        Assert.Equal("{\"User\":\"ada\",\"Password\":\"[Redacted]\"}", request.Properties["Body"]);
        Assert.Equal(string.Empty, request.Properties["Status"]);
        Assert.Equal(3, request.Properties.Count);

        var item = Assert.Single(_log.Records, record => record.Message.StartsWith("Response body item 1: ", StringComparison.Ordinal));
        Assert.Equal(new EventId(203, "PackResponseBodyItem"), item.EventId);
        Assert.Equal("Response body item {Index}: {Body}{Status}", item.Properties["{OriginalFormat}"]);
        Assert.Equal(1, item.Properties["Index"]);
        Assert.Equal("{\"User\":\"user-1\",\"Token\":\"[Redacted]\",\"Roles\":[]}", item.Properties["Body"]);

        var end = Assert.Single(_log.Records, record => record.Message == "Response body: [Stream ended after 2 items]");
        Assert.Equal(new EventId(201, "PackResponseBody"), end.EventId);
        Assert.Equal(string.Empty, end.Properties["Body"]);
        Assert.Equal("[Stream ended after 2 items]", end.Properties["Status"]);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task SendAsync_BufferingTheResponseFails_TheResponseIsDisposedAndTheCallerGetsTheError(bool cancelled)
    {
        // What HttpClient does when its own buffering fails: the caller never sees the response, so it is released here.
        var body = new FailingContent(cancelled);
        using var handler = new PackLoggingHandler(_log.CreateLogger("client"), new PackClientLoggingOptions())
        {
            InnerHandler = new Answer(body),
        };
        using var invoker = new HttpMessageInvoker(handler);
        using var request = new HttpRequestMessage(HttpMethod.Get, "http://127.0.0.1/failing");

        var error = await Assert.ThrowsAnyAsync<Exception>(() => invoker.SendAsync(request, CancellationToken.None));

        Assert.True(body.Disposed);
        if (cancelled)
        {
            Assert.IsAssignableFrom<OperationCanceledException>(error);
            Assert.DoesNotContain(_log.Lines, line => line.StartsWith("Response body: ", StringComparison.Ordinal));
        }
        else
        {
            Assert.IsType<IOException>(error.InnerException);
            Assert.Equal("Response body: [Not decoded: IOException: connection reset]", _log.Single("Response body: "));
        }
    }

    /// <summary>A Pack response that declares 64 bytes and fails after 5 (an I/O error, or a cancellation).</summary>
    private sealed class FailingContent : HttpContent
    {
        private readonly bool _cancelled;

        public FailingContent(bool cancelled)
        {
            _cancelled = cancelled;
            Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(PackMediaTypes.Pack);
            Headers.ContentLength = 64;
        }

        public bool Disposed { get; private set; }

        protected override async Task SerializeToStreamAsync(Stream stream, System.Net.TransportContext? context)
        {
            await stream.WriteAsync(new byte[5]);
            throw _cancelled ? new OperationCanceledException() : new IOException("connection reset");
        }

        protected override bool TryComputeLength(out long length)
        {
            length = 64;
            return true;
        }

        protected override void Dispose(bool disposing)
        {
            Disposed = true;
            base.Dispose(disposing);
        }
    }

    private sealed class Answer(HttpContent content) : HttpMessageHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
            Task.FromResult(new HttpResponseMessage(System.Net.HttpStatusCode.OK) { Content = content, RequestMessage = request });
    }

    private static async IAsyncEnumerable<Session> Sessions()
    {
        for (int i = 0; i < 2; i++)
        {
            await Task.Yield();
            yield return new Session("user-" + i, "token-" + i, []);
        }
    }

    public sealed record Credentials(string User, string Password);

    public sealed record Session(string User, string Token, List<string> Roles);
}

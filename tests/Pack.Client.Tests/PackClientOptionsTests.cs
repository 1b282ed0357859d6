using System.Net;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Client.Tests;

/// <summary>
/// JSON fallback options per client (DI) and per call, for responses and the 415 retry, against a server that is not
/// upgraded yet and writes enums as strings; and the exception a body that does not fit surfaces as.
/// </summary>
public sealed class PackClientOptionsTests : IAsyncLifetime
{
    private static readonly JsonSerializerOptions ServerJson = new(JsonSerializerDefaults.Web) { Converters = { new JsonStringEnumConverter() } };

    private readonly CancellationTokenSource _timeout = new(ServerProbe.Timeout);
    private WebApplication? _app;
    private Uri? _baseAddress;

    public enum Color
    {
        Red = 1,
        Blue = 2,
    }

    public sealed class Paint
    {
        public int Id { get; set; }

        public Color Color { get; set; }
    }

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        _app = builder.Build();
        _app.MapGet("/paint", () => Results.Json(new Paint { Id = 1, Color = Color.Blue }, ServerJson));
        _app.MapGet("/bad-pack", () => Results.Bytes([0xFF, 0xFF, 0xFF, 0x7F, 1], PackMediaTypes.Pack));

        // A server that reads only JSON, with string enums: a Pack body is 415, a numeric enum 400.
        _app.MapPost("/paint", async (HttpContext http) =>
        {
            if (http.Request.ContentType?.StartsWith("application/json", StringComparison.Ordinal) != true)
            {
                return Results.StatusCode(StatusCodes.Status415UnsupportedMediaType);
            }

            using var reader = new StreamReader(http.Request.Body);
            var text = await reader.ReadToEndAsync();
            if (!text.Contains("\"Blue\"", StringComparison.Ordinal))
            {
                return Results.BadRequest(text);
            }

            return Results.Json(JsonSerializer.Deserialize<Paint>(text, ServerJson), ServerJson);
        });
        await _app.StartAsync();
        _baseAddress = new Uri(_app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single() + "/");
    }

    public async Task DisposeAsync()
    {
        _timeout.Dispose();
        if (_app is not null)
        {
            await _app.StopAsync();
            await _app.DisposeAsync();
        }
    }

    private static PackClientOptions StringEnums() => new() { JsonSerializerOptions = ServerJson };

    [Fact]
    public void PackClientOptions_Defaults_AreWebJsonAndDefaultPack()
    {
        var options = new PackClientOptions();

        Assert.Same(JsonSerializerOptions.Web, options.JsonSerializerOptions);
        Assert.Null(options.SerializerOptions);
        Assert.Throws<ArgumentNullException>(() => options.JsonSerializerOptions = null!);
    }

    [Fact]
    public async Task GetFromPackAsync_JsonThatDoesNotFitDefaultOptions_ThrowsPackContentExceptionWithStatusAndContentType()
    {
        using var client = new HttpClient { BaseAddress = _baseAddress, Timeout = ServerProbe.Timeout };

        var exception = await Assert.ThrowsAsync<PackContentException>(() => client.GetFromPackAsync<Paint>("paint", _timeout.Token));

        Assert.Equal(HttpStatusCode.OK, exception.StatusCode);
        Assert.Equal("application/json; charset=utf-8", exception.ContentType);
        Assert.IsType<JsonException>(exception.InnerException);
    }

    [Fact]
    public async Task GetFromPackAsync_MalformedPackOn200_ThrowsPackContentExceptionWithPackException()
    {
        using var client = new HttpClient { BaseAddress = _baseAddress, Timeout = ServerProbe.Timeout };

        var exception = await Assert.ThrowsAsync<PackContentException>(() => client.GetFromPackAsync<Paint>("bad-pack", _timeout.Token));

        Assert.Equal(HttpStatusCode.OK, exception.StatusCode);
        Assert.Equal(PackMediaTypes.Pack, exception.ContentType);
        Assert.IsType<PackException>(exception.InnerException);
    }

    [Fact]
    public async Task GetFromPackAsync_PerCallJsonOptions_ReadsStringEnums()
    {
        using var client = new HttpClient { BaseAddress = _baseAddress, Timeout = ServerProbe.Timeout };

        Paint? paint = await client.GetFromPackAsync<Paint>("paint", StringEnums(), _timeout.Token);

        Assert.Equal(Color.Blue, paint!.Color);
    }

    [Fact]
    public async Task PostAsPackAsync_PerCallJsonOptions_415RetryUsesThem()
    {
        using var client = new HttpClient { BaseAddress = _baseAddress, Timeout = ServerProbe.Timeout };

        Paint? paint = await client.PostAsPackAsync<Paint, Paint>("paint", new Paint { Id = 5, Color = Color.Blue }, StringEnums(), _timeout.Token);

        Assert.Equal(5, paint!.Id);
        Assert.Equal(Color.Blue, paint.Color);
    }

    [Fact]
    public async Task PostAsPackAsync_DefaultOptions_415RetrySendsWebJson()
    {
        // Proves the retry above depends on the options: without them the enum goes out as a number and the server refuses it.
        using var client = new HttpClient { BaseAddress = _baseAddress, Timeout = ServerProbe.Timeout };

        var exception = await Assert.ThrowsAsync<PackApiException>(() => client.PostAsPackAsync<Paint, Paint>("paint", new Paint { Id = 5, Color = Color.Blue }, _timeout.Token));

        Assert.Equal(HttpStatusCode.BadRequest, exception.StatusCode);
    }

    [Fact]
    public async Task AddPackHttpClient_ClientJsonOptions_ApplyToReadsAndTheRetry()
    {
        var services = new ServiceCollection();
        services.AddPackHttpClient("legacy", client => client.BaseAddress = _baseAddress, options => options.JsonSerializerOptions = ServerJson);
        using var provider = services.BuildServiceProvider();
        using var client = provider.GetRequiredService<IHttpClientFactory>().CreateClient("legacy");

        Paint? read = await client.GetFromPackAsync<Paint>("paint", _timeout.Token);
        Paint? posted = await client.PostAsPackAsync<Paint, Paint>("paint", new Paint { Id = 6, Color = Color.Blue }, _timeout.Token);

        Assert.Equal(Color.Blue, read!.Color);
        Assert.Equal(6, posted!.Id);
    }

    [Fact]
    public async Task AddPackNegotiation_ClientJsonOptions_PerCallOptionsWin()
    {
        var services = new ServiceCollection();
        services.AddHttpClient("legacy", client => client.BaseAddress = _baseAddress)
            .AddPackNegotiation(options => options.JsonSerializerOptions = ServerJson);
        using var provider = services.BuildServiceProvider();
        using var client = provider.GetRequiredService<IHttpClientFactory>().CreateClient("legacy");

        await Assert.ThrowsAsync<PackContentException>(() => client.GetFromPackAsync<Paint>("paint", new PackClientOptions(), _timeout.Token));
        Assert.Equal(Color.Blue, (await client.GetFromPackAsync<Paint>("paint", _timeout.Token))!.Color);
    }
    [Fact]
    public async Task AddPackNegotiation_RequestReplacedByAnEarlierHandler_ClientJsonOptionsStillApply()
    {
        // A handler that sends a copy (as some retry handlers do) hands the negotiation handler a plain HttpRequestMessage.
        var services = new ServiceCollection();
        services.AddHttpClient("legacy", client => client.BaseAddress = _baseAddress)
            .AddHttpMessageHandler(() => new CopyingHandler())
            .AddPackNegotiation(options => options.JsonSerializerOptions = ServerJson);
        using var provider = services.BuildServiceProvider();
        using var client = provider.GetRequiredService<IHttpClientFactory>().CreateClient("legacy");

        Paint? read = await client.GetFromPackAsync<Paint>("paint", _timeout.Token);

        Assert.Equal(Color.Blue, read!.Color);
    }

    [Fact]
    public async Task AddPackNegotiation_RequestCopiedWithItsOptionsByALaterHandler_ClientJsonOptionsStillApply()
    {
        var services = new ServiceCollection();
        services.AddHttpClient("legacy", client => client.BaseAddress = _baseAddress)
            .AddPackNegotiation(options => options.JsonSerializerOptions = ServerJson)
            .AddHttpMessageHandler(() => new CopyingHandler(copyOptions: true));
        using var provider = services.BuildServiceProvider();
        using var client = provider.GetRequiredService<IHttpClientFactory>().CreateClient("legacy");

        Paint? read = await client.GetFromPackAsync<Paint>("paint", _timeout.Token);

        Assert.Equal(Color.Blue, read!.Color);
    }

    private sealed class CopyingHandler(bool copyOptions = false) : DelegatingHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            var copy = new HttpRequestMessage(request.Method, request.RequestUri)
            {
                Version = request.Version,
                VersionPolicy = request.VersionPolicy,
                Content = request.Content,
            };
            foreach (var header in request.Headers)
            {
                copy.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }

            if (copyOptions)
            {
                foreach (var option in request.Options)
                {
                    copy.Options.Set(new HttpRequestOptionsKey<object?>(option.Key), option.Value);
                }
            }

            return base.SendAsync(copy, cancellationToken);
        }
    }
}

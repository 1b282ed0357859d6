using System.Net;
using System.Net.Http.Headers;
using Pack.Schema;

namespace Pack.Client.Tests.Schema;

/// <summary>
/// <see cref="PackRequestSchema"/>, the request schema check (docs/schema.md §5.2) for an integration that makes its own
/// content (as Pack.Refit does, or a Flurl or RestSharp integration would), against a real Kestrel server.
/// </summary>
public sealed class PackRequestSchemaTests
{
    private static readonly SchemaClientOrderAppended Appended = new() { Id = 7, Customer = "ada", Total = 3.25m, Note = "n" };

    [Fact]
    public void GetFingerprint_IsTheWireFingerprintOfTheTypesSchema_AndNullForObject()
    {
        using var content = PackContent.Create(Appended);

        Assert.Equal(PackSchema.For(typeof(SchemaClientOrderAppended)).WireFingerprint, PackRequestSchema.GetFingerprint(typeof(SchemaClientOrderAppended)));
        Assert.Equal(content.Headers.GetValues(PackSchema.HeaderName).Single(), PackRequestSchema.GetFingerprint(typeof(SchemaClientOrderAppended)));
        Assert.Null(PackRequestSchema.GetFingerprint(typeof(object)));
        Assert.Throws<ArgumentNullException>(() => PackRequestSchema.GetFingerprint(null!));
    }

    [Fact]
    public async Task SendAsync_OwnContent_UnknownCompatibleSchema_RegistersOnceAndResends()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        using var client = new HttpClient(new OwnContentHandler(canResend: true) { InnerHandler = new SocketsHttpHandler() }) { BaseAddress = server.BaseAddress };

        using var first = await client.SendAsync(OwnContentRequest());
        using var second = await client.SendAsync(OwnContentRequest());

        Assert.Equal(HttpStatusCode.OK, first.StatusCode);
        Assert.Equal("7|ada|3.25", await first.Content.ReadFromPackAsync<string>());
        Assert.Equal("7|ada|3.25", await second.Content.ReadFromPackAsync<string>());
        Assert.Equal(1, server.Registrations);
        Assert.Equal(3, server.Requests["POST " + RequestSchemaServer.Order]); // 412, its resend, the second call
    }

    [Fact]
    public async Task SendAsync_CannotResend_RegistersAndReturnsThe412WithItsProblem()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        using var client = new HttpClient(new OwnContentHandler(canResend: false) { InnerHandler = new SocketsHttpHandler() }) { BaseAddress = server.BaseAddress };

        using var first = await client.SendAsync(OwnContentRequest());
        using var second = await client.SendAsync(OwnContentRequest());

        Assert.Equal(HttpStatusCode.PreconditionFailed, first.StatusCode);
        Assert.Contains(PackRequestSchemaProtocol.UnknownProblemType, await first.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal("7|ada|3.25", await second.Content.ReadFromPackAsync<string>());
        Assert.Equal(1, server.Registrations);
    }

    private static HttpRequestMessage OwnContentRequest()
    {
        var content = new ByteArrayContent(PackSerializer.Serialize(Appended));
        content.Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack);
        return new HttpRequestMessage(HttpMethod.Post, RequestSchemaServer.Order) { Content = content };
    }

    /// <summary>A third-party integration's handler: it knows the body's type, announces it and answers the 412.</summary>
    private sealed class OwnContentHandler(bool canResend) : DelegatingHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            if (PackRequestSchema.GetFingerprint(typeof(SchemaClientOrderAppended)) is { } fingerprint)
            {
                request.Content!.Headers.TryAddWithoutValidation(PackSchema.HeaderName, fingerprint);
                return PackRequestSchema.SendAsync(request, typeof(SchemaClientOrderAppended), canResend, base.SendAsync, cancellationToken);
            }

            return base.SendAsync(request, cancellationToken);
        }
    }
}

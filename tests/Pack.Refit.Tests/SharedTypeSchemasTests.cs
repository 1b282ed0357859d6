using System.Reflection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore.Tests.Logging;
using Pack.Client;
using Pack.Client.Tests.Schema;
using Pack.Schema;
using Refit;

namespace Pack.Refit.Tests;

/// <summary>
/// Pack.Refit and Pack.Client share one cache of type schemas per process (docs/api.md): Pack.Refit compiles none of
/// Pack.Client's stateful internals (it used to compile its own copy of the cache), and a body type the Refit handler
/// announces in Refit's default body mode is a type Pack.Client's body log finds by its fingerprint.
/// </summary>
public sealed class SharedTypeSchemasTests
{
    [Fact]
    public async Task BodyAnnouncedByTheRefitHandler_IsDecodedByPackClientsBodyLog()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        var log = new LineLog();
        var logging = new PackLoggingHandler(log.CreateLogger("PackBody"), new PackClientLoggingOptions()) { InnerHandler = new SocketsHttpHandler() };
        using var client = new HttpClient(new PackRefitHandler { InnerHandler = logging }) { BaseAddress = server.BaseAddress };
        // Refit's default body mode: Refit copies the serializer's content, so the handler, not the content, sets the header.
        var api = RestService.For<IRefitOnlyBodyApi>(client, new RefitSettings { ContentSerializer = new PackContentSerializer() });

        using var response = await api.HeaderAsync(new RefitOnlyBody { Id = 3, Note = "n" });

        Assert.IsNotType<PackContent>(response.RequestMessage?.Content);
        Assert.Equal(PackSchema.For(typeof(RefitOnlyBody)).WireFingerprint, await response.Content.ReadFromPackAsync<string>());
        Assert.Equal("Request body: {\"Id\":3,\"Note\":\"n\"}", log.Single("Request body: "));
    }

    [Fact]
    public async Task PackBytesFromAnotherSerializer_AreSentWithoutPackSchema()
    {
        // Only PackContentSerializer's content names its type; the handler looks nothing up by reflection.
        await using var server = await RequestSchemaServer.StartAsync();
        using var client = new HttpClient(new PackRefitHandler { InnerHandler = new SocketsHttpHandler() }) { BaseAddress = server.BaseAddress };
        var api = RestService.For<IRefitOnlyBodyApi>(client, new RefitSettings { ContentSerializer = new BytesContentSerializer() });

        using var response = await api.HeaderAsync(new RefitOnlyBody { Id = 3, Note = "n" });

        Assert.Equal("application/x-pack", response.RequestMessage?.Content?.Headers.ContentType?.MediaType);
        Assert.Equal(string.Empty, await response.Content.ReadFromPackAsync<string>());
    }

    [Theory]
    [InlineData("Pack.Client.TypeSchemas")]
    [InlineData("Pack.Client.RequestSchemaRegistration")]
    [InlineData("Pack.Client.RequestSchemaFingerprints")]
    [InlineData("Pack.Client.ProblemDetailsReader")]
    public void PackRefit_CompilesNoStatefulClientInternals(string typeName)
    {
        Assert.Null(typeof(PackRefitHandler).Assembly.GetType(typeName));
        Assert.NotNull(typeof(PackContent).Assembly.GetType(typeName));
    }

    /// <summary>A type no other test sends or reads.</summary>
    public sealed class RefitOnlyBody
    {
        public int Id { get; set; }

        public string? Note { get; set; }
    }

    public interface IRefitOnlyBodyApi
    {
        [Post(RequestSchemaServer.Header)]
        Task<HttpResponseMessage> HeaderAsync([Body] RefitOnlyBody body, CancellationToken cancellationToken = default);
    }

    /// <summary>
    /// A serializer that writes Pack bytes into content of its own (not a Pack.Client <see cref="PackContent"/>), as a
    /// serializer other than <see cref="PackContentSerializer"/> would.
    /// </summary>
    private sealed class BytesContentSerializer : IHttpContentSerializer
    {
        private readonly PackContentSerializer _reader = new();

        public HttpContent ToHttpContent<T>(T item)
        {
            var content = new ByteArrayContent(PackSerializer.Serialize(item, item?.GetType() ?? typeof(T)));
            content.Headers.ContentType = new(PackMediaTypes.Pack);
            return content;
        }

        public Task<T?> FromHttpContentAsync<T>(HttpContent content, CancellationToken cancellationToken = default) =>
            _reader.FromHttpContentAsync<T>(content, cancellationToken);

        public string? GetFieldNameForProperty(PropertyInfo propertyInfo) => _reader.GetFieldNameForProperty(propertyInfo);
    }
}

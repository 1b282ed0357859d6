using System.Net;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Schema;

namespace Pack.AspNetCore.Tests.Schema;

/// <summary><c>GET /pack/schema?wire=&lt;fingerprint&gt;</c> on real Kestrel (docs/schema.md §5).</summary>
public sealed class MapPackSchemaWireQueryTests : IAsyncLifetime
{
    private const string Path = PackSchemaEndpointRouteBuilderExtensions.DefaultPattern;

    private WebApplication? _app;
    private HttpClient? _client;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        builder.Services.AddPack();
        builder.Services.AddProblemDetails();
        _app = builder.Build();
        _app.MapGet("/orders/{id:int}", (int id) => PackResults.Ok(new SchemaOrder { Id = id, Customer = "c" }));
        // Declared as IResult: no produces metadata, so not in the set, yet the response carries Pack-Schema.
        _app.MapGet("/undescribed", IResult () => PackResults.Ok(new UndescribedSchemaOrder { Id = 1, Total = 2 }));
        _app.MapGet("/reading", IResult () => PackResults.Ok(new TestApp.Reading(1, 2.5)));
        _app.MapPackSchema();
        _client = await LoopbackApp.StartAsync(_app);
    }

    public Task DisposeAsync() => LoopbackApp.StopAsync(_app, _client);

    [Fact]
    public async Task MapPackSchema_WireInTheSet_AnswersTheWholeSetAsWithoutTheQuery()
    {
        using var plain = await _client!.GetAsync(Path);
        using var asked = await _client.GetAsync($"{Path}?wire={PackSchema.For(typeof(SchemaOrder)).WireFingerprint}");

        Assert.Equal(HttpStatusCode.OK, asked.StatusCode);
        Assert.Equal(await plain.Content.ReadAsStringAsync(), await asked.Content.ReadAsStringAsync());
        Assert.Equal(plain.Headers.ETag, asked.Headers.ETag);
    }

    [Fact]
    public async Task MapPackSchema_WireInTheSetWithItsETag_Answers304()
    {
        using var plain = await _client!.GetAsync(Path);
        using var request = new HttpRequestMessage(HttpMethod.Get, $"{Path}?wire={PackSchema.For(typeof(SchemaOrder)).WireFingerprint}");
        request.Headers.IfNoneMatch.Add(plain.Headers.ETag!);

        using var asked = await _client.SendAsync(request);

        Assert.Equal(HttpStatusCode.NotModified, asked.StatusCode);
    }

    [Fact]
    public async Task MapPackSchema_WireNotServed_Answers404NotServedProblemWithoutTheSet()
    {
        // Not ReadingSchemaContext's made-up constant, which another test may have written in a header.
        using var response = await _client!.GetAsync($"{Path}?wire=fedcba9876543210");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        var problem = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        Assert.Equal(PackResponseSchemaProtocol.NotServedProblemType, (string?)problem["type"]);
        Assert.Equal("fedcba9876543210", (string?)problem[PackResponseSchemaProtocol.WireSchemaMember]);
        Assert.Null(problem["schemas"]);
    }

    [Theory]
    [InlineData("?wire=0123456789ABCDEF")]
    [InlineData("?wire=0123")]
    [InlineData("?wire=")]
    [InlineData("?wire=0123456789abcdef&wire=0123456789abcdef")]
    public async Task MapPackSchema_MalformedWire_Answers400Problem(string query)
    {
        using var response = await _client!.GetAsync(Path + query);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task MapPackSchema_WireClaimedByAContextConstantThatIsNotTheSchemas_AnswersNotServed()
    {
        // ReadingSchemaContext declares a made-up wire fingerprint for its root, which the header then carries; the
        // run-time schema of Reading does not hash to it, so it is not served as that fingerprint.
        PackSerializer.AddResolver(ReadingSchemaContext.Default);
        using var get = new HttpRequestMessage(HttpMethod.Get, "/reading") { Headers = { { "Accept", PackMediaTypes.Pack } } };
        using var written = await _client!.SendAsync(get);

        using var asked = await _client.GetAsync($"{Path}?wire={ReadingSchemaContext.WireFingerprint}");

        Assert.Equal(ReadingSchemaContext.WireFingerprint, Assert.Single(written.Headers.GetValues(PackSchema.HeaderName)));
        Assert.Equal(HttpStatusCode.NotFound, asked.StatusCode);
    }

    [Fact]
    public async Task MapPackSchema_WireOfATypeWrittenButNotDescribed_ServesTheSetWithItOnceWritten()
    {
        string wire = PackSchema.For(typeof(UndescribedSchemaOrder)).WireFingerprint;
        using var before = await _client!.GetAsync($"{Path}?wire={wire}");
        using var get = new HttpRequestMessage(HttpMethod.Get, "/undescribed") { Headers = { { "Accept", PackMediaTypes.Pack } } };
        using var written = await _client.SendAsync(get);

        using var after = await _client.GetAsync($"{Path}?wire={wire}");

        Assert.Equal(HttpStatusCode.NotFound, before.StatusCode);
        Assert.Equal(wire, Assert.Single(written.Headers.GetValues(PackSchema.HeaderName)));
        Assert.Equal(HttpStatusCode.OK, after.StatusCode);
        var set = PackSchemaSet.Parse(await after.Content.ReadAsStringAsync());
        Assert.Equal([typeof(SchemaOrder).FullName!, typeof(UndescribedSchemaOrder).FullName!], set.Schemas.Select(s => s.Label));
        Assert.Equal($"\"{set.ContractFingerprint}\"", after.Headers.ETag?.Tag);
    }
}

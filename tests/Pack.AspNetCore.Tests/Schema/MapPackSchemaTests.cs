using System.Net;
using System.Net.Http.Headers;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Schema;

namespace Pack.AspNetCore.Tests.Schema;

/// <summary><c>app.MapPackSchema()</c> on real Kestrel: the schemas of the Pack endpoints' types, an ETag, and 304 on revalidation.</summary>
public sealed class MapPackSchemaTests : IAsyncLifetime
{
    private WebApplication? _app;
    private HttpClient? _client;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        builder.Services.AddPack();
        _app = builder.Build();
        _app.MapGet("/orders/{id:int}", (int id) => PackResults.Ok(new SchemaOrder { Id = id, Customer = "c" }));
        _app.MapPost("/orders", (PackBody<SchemaOrderRequest> body) => PackResults.Ok(new SchemaOrder { Id = 1, Customer = body.Value?.Customer }));
        _app.MapGet("/plain", () => "not pack");
        _app.MapPackSchema();
        _client = await LoopbackApp.StartAsync(_app);
    }

    public Task DisposeAsync() => LoopbackApp.StopAsync(_app, _client);

    [Fact]
    public async Task MapPackSchema_Get_ServesTheSchemaOfEveryPackRequestAndResponseType()
    {
        using var response = await _client!.GetAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        var set = PackSchemaSet.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal(
            [typeof(SchemaOrder).FullName!, typeof(SchemaOrderRequest).FullName!],
            set.Schemas.Select(s => s.Label));
        Assert.Equal(PackSchema.For(typeof(SchemaOrder)).WireFingerprint, set.Find(nameof(SchemaOrder))!.WireFingerprint);
        Assert.Equal($"\"{set.ContractFingerprint}\"", response.Headers.ETag?.Tag);
        Assert.Contains("no-cache", response.Headers.CacheControl?.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task MapPackSchema_IfNoneMatchWithTheETag_Answers304WithoutBody()
    {
        using var first = await _client!.GetAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern);
        using var request = new HttpRequestMessage(HttpMethod.Get, PackSchemaEndpointRouteBuilderExtensions.DefaultPattern);
        request.Headers.IfNoneMatch.Add(first.Headers.ETag!);

        using var second = await _client.SendAsync(request);

        Assert.Equal(HttpStatusCode.NotModified, second.StatusCode);
        Assert.Empty(await second.Content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task MapPackSchema_IfNoneMatchWithAnotherETag_AnswersTheSchema()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, PackSchemaEndpointRouteBuilderExtensions.DefaultPattern);
        request.Headers.IfNoneMatch.Add(new EntityTagHeaderValue("\"0000000000000000\""));

        using var response = await _client!.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.NotEmpty(await response.Content.ReadAsByteArrayAsync());
    }
}

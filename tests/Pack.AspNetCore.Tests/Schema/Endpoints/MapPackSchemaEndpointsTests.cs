using System.Net;
using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Schema;

namespace Pack.AspNetCore.Tests.Schema.Endpoints;

/// <summary>
/// The <c>endpoints</c> section of the set <c>app.MapPackSchema()</c> serves (docs/schema.md §5.3), on real Kestrel:
/// minimal APIs with tags, names and the fallback group, MVC actions, route and query parameters, value and streamed
/// bodies, the order, and an ETag that covers the routes.
/// </summary>
public sealed class MapPackSchemaEndpointsTests : IAsyncLifetime
{
    private WebApplication? _app;
    private HttpClient? _client;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        builder.Services.AddPack();
        builder.Services.AddControllers()
            .ConfigureApplicationPartManager(parts =>
            {
                parts.ApplicationParts.Clear();
                foreach (var provider in parts.FeatureProviders.OfType<ControllerFeatureProvider>().ToList())
                {
                    parts.FeatureProviders.Remove(provider);
                }

                parts.FeatureProviders.Add(new OnlyController(typeof(SchemaEndpointsController)));
                parts.ApplicationParts.Add(new AssemblyPart(typeof(SchemaEndpointsController).Assembly));
            })
            .AddPackFormatters();
        _app = builder.Build();
        var shop = _app.MapGroup("/shop").WithTags("Shop", "Other");
        shop.MapGet("/orders/{id:int}", (int id, bool? verbose) => PackResults.Ok(new SchemaOrder { Id = id, Customer = verbose == true ? "v" : "c" }))
            .WithName("GetOrder");
        shop.MapPost("/orders", (PackBody<SchemaOrderRequest> body, [FromQuery(Name = "dry-run")] int dryRun, HttpContext context) =>
            PackResults.Ok(new SchemaOrder { Id = dryRun, Customer = body.Value?.Customer }));
        _app.MapPost("/readings/{kind}/scale/{step?}", (PackStreamBody<SchemaOrderRequest> items, string kind, double factor, CancellationToken cancellationToken, int step = 1) =>
            PackResults.Stream(Echo(items, cancellationToken)));
        _app.MapGet("/files/{**path}", (string path) => PackResults.Ok(new SchemaOrder { Customer = path }))
            .WithTags("Files")
            .WithName("GetFile");
        _app.MapGet("/archive/{*rest:minlength(1)}", (string rest) => PackResults.Ok(new SchemaOrder { Customer = rest }))
            .WithTags("Files")
            .WithName("GetArchived");
        _app.MapMethods("/both", ["GET", "HEAD"], () => PackResults.Ok(new SchemaOrder()));
        _app.MapGet("/plain", () => "not pack");
        _app.MapControllers();
        _app.MapPackSchema();
        _client = await LoopbackApp.StartAsync(_app);
    }

    public Task DisposeAsync() => LoopbackApp.StopAsync(_app, _client);

    [Fact]
    public async Task MapPackSchema_Get_ListsEveryPackEndpointInOrder()
    {
        var set = PackSchemaSet.Parse(await _client!.GetStringAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern));

        const string Order = "Pack.AspNetCore.Tests.Schema.SchemaOrder";
        const string Request = "Pack.AspNetCore.Tests.Schema.SchemaOrderRequest";
        const string MvcOrder = "Pack.AspNetCore.Tests.Schema.SchemaMvcOrder";
        Assert.Equal(
            [
                $"Both GET /both getBoth () -> {Order}",
                $"Both HEAD /both headBoth () -> {Order}",
                $"Files GET /archive/{{rest}} GetArchived (rest route string catch-all) -> {Order}",
                $"Files GET /files/{{path}} GetFile (path route string catch-all) -> {Order}",
                $"Readings POST /readings/{{kind}}/scale/{{step}} postReadingsByKindScaleByStep (kind route string, step route i32?, factor query f64) stream {Request} -> stream {Order}",
                $"SchemaEndpoints GET /mvc/orders/stream Stream (count query i32?) -> stream {MvcOrder}",
                $"SchemaEndpoints GET /mvc/orders/{{id}} Get (id route i32, v query string?) -> {MvcOrder}",
                $"SchemaEndpoints PUT /mvc/orders/{{id}} Replace (id route i32) Pack.AspNetCore.Tests.Schema.SchemaMvcLine -> {MvcOrder}",
                $"Shop POST /shop/orders postShopOrders (dry-run query i32) {Request} -> {Order}",
                $"Shop GET /shop/orders/{{id}} GetOrder (id route i32, verbose query bool?) -> {Order}",
            ],
            set.Endpoints.Select(Describe),
            StringComparer.Ordinal);
    }

    [Fact]
    public async Task MapPackSchema_Get_DescribesEveryEndpointBodyType()
    {
        var set = PackSchemaSet.Parse(await _client!.GetStringAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern));

        Assert.Equal(
            ["Pack.AspNetCore.Tests.Schema.SchemaMvcLine", "Pack.AspNetCore.Tests.Schema.SchemaMvcOrder", "Pack.AspNetCore.Tests.Schema.SchemaOrder", "Pack.AspNetCore.Tests.Schema.SchemaOrderRequest"],
            set.Schemas.Select(s => s.Label));
    }

    [Fact]
    public async Task MapPackSchema_Get_ETagCoversTheEndpointsAndTheBodyRoundTrips()
    {
        using var response = await _client!.GetAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern);
        string body = await response.Content.ReadAsStringAsync();
        var set = PackSchemaSet.Parse(body);
        var typesOnly = new PackSchemaSet(set.Schemas);

        Assert.Equal($"\"{set.ContractFingerprint}\"", response.Headers.ETag?.Tag);
        Assert.NotEqual(typesOnly.ContractFingerprint, set.ContractFingerprint);
        Assert.Equal(body, set.ToJsonString());
        Assert.Contains("\"endpoints\": [", body, StringComparison.Ordinal);
    }

    [Fact]
    public async Task MapPackSchema_WireQueryForATypeInTheSet_KeepsTheEndpoints()
    {
        var plain = PackSchemaSet.Parse(await _client!.GetStringAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern));
        string wire = plain.Find("SchemaOrder")!.WireFingerprint;

        var asked = PackSchemaSet.Parse(await _client.GetStringAsync($"{PackSchemaEndpointRouteBuilderExtensions.DefaultPattern}?wire={wire}"));

        Assert.Equal(plain.Endpoints.Select(Describe), asked.Endpoints.Select(Describe));
    }

    [Fact]
    public async Task MapPackSchema_Get_MarksOnlyCatchAllParametersInTheServedText()
    {
        string body = await _client!.GetStringAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern);

        var set = PackSchemaSet.Parse(body);

        Assert.Equal(["path", "rest"], set.Endpoints.SelectMany(e => e.Parameters).Where(p => p.CatchAll).Select(p => p.Name).Order(StringComparer.Ordinal));
        Assert.Equal(2, body.Split("\"catchAll\": true").Length - 1);
        Assert.DoesNotContain("\"catchAll\": false", body, StringComparison.Ordinal);
    }

    /// <summary>
    /// Why a catch-all is marked (docs/schema.md §5.3): its value reaches the handler intact when a client encodes each
    /// segment and keeps '/', and does not when it encodes the whole value as one URI component ('/' as %2F, which
    /// Kestrel does not decode in a path).
    /// </summary>
    [Theory]
    [InlineData("docs/a b/\u00fc.txt", "files/docs/a%20b/%C3%BC.txt", "docs/a b/\u00fc.txt")]
    [InlineData("docs/a b/\u00fc.txt", "files/docs%2Fa%20b%2F%C3%BC.txt", "docs%2Fa b%2F\u00fc.txt")]
    [InlineData("50%/x?y#z", "files/50%25/x%3Fy%23z", "50%/x?y#z")]
    public async Task CatchAllRoute_EncodedSegmentBySegment_ReachesTheHandlerIntact(string value, string url, string received)
    {
        Assert.Equal(url.Contains("%2F", StringComparison.Ordinal) ? Uri.EscapeDataString(value) : string.Join('/', value.Split('/').Select(Uri.EscapeDataString)), url["files/".Length..]);
        using var request = new HttpRequestMessage(HttpMethod.Get, url);
        request.Headers.Accept.ParseAdd(PackMediaTypes.Pack);

        using var response = await _client!.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(received, PackSerializer.Deserialize<SchemaOrder>(await response.Content.ReadAsByteArrayAsync())!.Customer);
    }

    private static string Describe(PackSchemaEndpoint e)
    {
        var parameters = string.Join(", ", e.Parameters.Select(p => $"{p.Name} {p.Source.ToString().ToLowerInvariant()} {p.Type}{(p.Optional ? "?" : "")}{(p.CatchAll ? " catch-all" : "")}"));
        string request = e.Request is { } r ? $" {(r.Stream ? "stream " : "")}{r.Type}" : "";
        string response = e.Response is { } s ? $" -> {(s.Stream ? "stream " : "")}{s.Type}" : "";
        return $"{e.Group} {e.Method} {e.Route} {e.Name} ({parameters}){request}{response}";
    }

    private static async IAsyncEnumerable<SchemaOrder> Echo(IAsyncEnumerable<SchemaOrderRequest?> items, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var item in items.WithCancellation(cancellationToken))
        {
            yield return new SchemaOrder { Customer = item?.Customer };
        }
    }

    private sealed class OnlyController(Type controller) : ControllerFeatureProvider
    {
        protected override bool IsController(System.Reflection.TypeInfo typeInfo) => typeInfo.AsType() == controller;
    }
}

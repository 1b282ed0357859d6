using System.Diagnostics.Metrics;
using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.Operations;
using Pack.Client;
using Pack.Client.Tests.Schema;
using Pack.Schema;

namespace Pack.Generator.NoFallback.Tests.Http;

/// <summary>
/// The schema checks over HTTP (docs/schema.md §5) on real Kestrel with the IL fallback off, as under Native AOT:
/// PackSchema.For is not available, so every schema the client and the server use comes from the generated constants
/// (PackSchema.TryGet); a type that is not a root of a registered context is neither announced nor checked.
/// </summary>
public sealed class NoFallbackSchemaHttpTests
{
    [Fact]
    public void For_ReflectionOff_ThrowsNotSupportedNamingTheGeneratedWay()
    {
        var ex = Assert.Throws<NotSupportedException>(() => PackSchema.For(typeof(ServerOrder)));

        Assert.Contains(nameof(PackSchema.TryGetGenerated), ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void TryGet_RootAndReachedType_GeneratedConstantsOrNothing()
    {
        Assert.True(PackSchema.TryGetGenerated(typeof(ClientOrder), options: null, out var generated));
        Assert.True(PackSchema.TryGet(typeof(ClientOrder), options: null, out var schema));
        Assert.Equal(generated.WireFingerprint, schema.WireFingerprint);
        Assert.Equal(generated.CanonicalText, schema.CanonicalText);
        Assert.Equal("Id", schema.Root.Members[0].Name);

        Assert.False(PackSchema.TryGet(typeof(ClientOrderLine), options: null, out _));
    }

    [Fact]
    public async Task GetFromPackAsync_IncompatibleServer_ThrowsMismatchWithTheViolation()
    {
        await using var server = await SchemaServer.StartAsync();
        using var http = server.CreateClient();

        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder>("orders/retyped"));

        var violation = Assert.Single(ex.Violations);
        Assert.Equal((PackSchemaRules.MemberRetyped, "$.Quantity"), (violation.RuleId, violation.Path));
        Assert.Equal(Generated(typeof(ClientOrder)), ex.ReaderFingerprint);
        Assert.Equal(Generated(typeof(ServerOrderRetyped)), ex.WriterFingerprint);
    }

    [Fact]
    public async Task GetFromPackAsync_AppendedMember_ReadsAfterCheckingTheServedSchema()
    {
        await using var server = await SchemaServer.StartAsync();
        using var http = server.CreateClient();

        var order = await http.GetFromPackAsync<ClientOrder>("orders/appended");

        Assert.Equal((1, "Ada", 3), (order!.Id, order.Customer, order.Quantity));
        Assert.Contains(server.Requests, r => r.Request == "GET " + PackSchema.DefaultEndpointPath);
    }

    [Fact]
    public async Task GetFromPackAsync_ReaderTypeWithoutConstants_IsNotChecked()
    {
        await using var server = await SchemaServer.StartAsync();
        using var http = server.CreateClient();

        // ClientOrderLine is only reached by a root: no constants, and no reflection to build a schema; the check is skipped (§5.1, step 2).
        var line = await http.GetFromPackAsync<ClientOrderLine>("orders/retyped");

        Assert.Equal(3, line!.Quantity);
        Assert.DoesNotContain(server.Requests, r => r.Request.EndsWith(PackSchema.DefaultEndpointPath, StringComparison.Ordinal));
    }

    [Fact]
    public async Task GetFromPackAsync_ReaderTypeWithoutConstants_CountsTheUncheckedRead()
    {
        await using var server = await SchemaServer.StartAsync();
        using var services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        var meterFactory = services.GetRequiredService<IMeterFactory>();
        using var recorder = new MeasurementRecorder(meterFactory, PackClientMeter.Name);
        using var http = new HttpClient(new PackClientMetricsHandler(meterFactory) { InnerHandler = new SocketsHttpHandler() }) { BaseAddress = server.BaseAddress };

        // A reached-only type is read unchecked (§5.1, step 2), but not silently: the Pack.Client meter counts it.
        var line = await http.GetFromPackAsync<ClientOrderLine>("orders/retyped");
        var root = await http.GetFromPackAsync<ClientOrder>("orders/same");

        Assert.Equal((3, 3), (line!.Quantity, root!.Quantity));
        var counted = Assert.Single(recorder.Get(PackClientMeter.UncheckedReads));
        Assert.Equal((1d, "reader-unknown"), (counted.Value, counted.Tags["pack.reason"]));
    }

    [Fact]
    public async Task PostAsPackAsync_SendsTheGeneratedWireFingerprint()
    {
        await using var server = await SchemaServer.StartAsync();
        using var http = server.CreateClient();

        var echoed = await http.PostAsPackAsync<ClientOrder, ClientOrder>(SchemaServer.Order, new ClientOrder { Id = 1, Customer = "Ada", Quantity = 3 });

        Assert.Equal(2, echoed!.Id);
        Assert.Equal(Generated(typeof(ClientOrder)), Assert.Single(server.Requests, r => r.Request == "POST " + SchemaServer.Order).Header);
    }

    [Fact]
    public async Task PostAsPackAsync_IncompatibleBody_Answers409WithTheViolation()
    {
        await using var server = await SchemaServer.StartAsync();
        using var http = server.CreateClient();

        var ex = await Assert.ThrowsAsync<PackApiException>(() =>
            http.PostAsPackAsync<ClientOrderRetyped, ServerOrder>(SchemaServer.Order, new ClientOrderRetyped { Id = 1, Customer = "Ada", Quantity = 3 }));

        Assert.Equal(HttpStatusCode.Conflict, ex.StatusCode);
        Assert.Equal("urn:pack:problem:request-schema-incompatible", ex.Problem?.Type);
        var violation = Assert.Single(ex.Problem!.GetSchemaViolations());
        Assert.Equal((PackSchemaRules.MemberRetyped, "$.Quantity"), (violation.RuleId, violation.Path));
        Assert.Contains(server.Requests, r => r.Request == "POST " + PackSchema.DefaultEndpointPath);
    }

    [Fact]
    public async Task MapPackSchema_ServesTheGeneratedSchemasOfTheEndpoints()
    {
        await using var server = await SchemaServer.StartAsync();
        using var http = server.CreateClient();

        using var response = await http.GetAsync(PackSchema.DefaultEndpointPath.TrimStart('/'));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var set = PackSchemaSet.Parse(await response.Content.ReadAsStringAsync());
        foreach (var type in new[] { typeof(ServerOrder), typeof(ServerOrderAppended), typeof(ServerOrderRetyped) })
        {
            PackSchema.TryGetGenerated(type, options: null, out var generated);
            var served = Assert.Single(set.Schemas, s => s.Label == type.FullName);
            Assert.Equal((generated!.WireFingerprint, generated.ContractFingerprint), (served.WireFingerprint, served.ContractFingerprint));
        }

        Assert.Equal($"\"{set.ContractFingerprint}\"", response.Headers.ETag?.ToString());
        Assert.Contains(set.Endpoints, e => e.Route == SchemaServer.Order && e.Method == "POST");
    }

    private static string Generated(Type type) =>
        PackSchema.TryGetGenerated(type, options: null, out var generated) ? generated.WireFingerprint : throw new InvalidOperationException(type + " has no constants");
}

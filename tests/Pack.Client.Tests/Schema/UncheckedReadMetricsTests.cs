using System.Diagnostics.Metrics;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.Operations;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Client.Tests.Schema;

/// <summary>
/// <c>pack.client.reads.unchecked</c>: a Pack response of another contract than the reader's that is read without a
/// schema check (docs/schema.md §5.1) is counted by its reason; a checked read and a refused one are not.
/// </summary>
public sealed class UncheckedReadMetricsTests : IDisposable
{
    private readonly ServiceProvider _services = new ServiceCollection().AddMetrics().BuildServiceProvider();

    private IMeterFactory MeterFactory => _services.GetRequiredService<IMeterFactory>();

    [Fact]
    public async Task GetFromPackAsync_NoSchemaEndpoint_CountsEachReadAsNoEndpoint()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Missing);
        using var recorder = new MeasurementRecorder(MeterFactory, PackClientMeter.Name);
        using var http = CreateClient(host);

        for (int i = 0; i < 3; i++)
        {
            var order = await http.GetFromPackAsync<ClientOrder<NoEndpointScope>>("orders/appended");
            Assert.Equal(3, order!.Quantity);
        }

        var counted = recorder.Get(PackClientMeter.UncheckedReads);
        Assert.Equal(3, counted.Count);
        Assert.All(counted, m => Assert.Equal((1d, "{response}", "no-endpoint"), (m.Value, m.Unit, m.Tags["pack.reason"])));
        Assert.Equal(0, host.SchemaRequests);
    }

    [Fact]
    public async Task GetFromPackAsync_MalformedSchemaSet_CountsLookupFailed()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Malformed);
        using var recorder = new MeasurementRecorder(MeterFactory, PackClientMeter.Name);
        using var http = CreateClient(host);

        var order = await http.GetFromPackAsync<ClientOrder<LookupFailedScope>>("orders/appended");

        Assert.Equal(3, order!.Quantity);
        Assert.Equal("lookup-failed", Assert.Single(recorder.Get(PackClientMeter.UncheckedReads)).Tags["pack.reason"]);
    }

    [Fact]
    public async Task GetFromPackAsync_FingerprintNotInTheServedSetAndRead_CountsNotServed()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Custom);
        host.Serve(typeof(ServerOrderRetyped));
        using var recorder = new MeasurementRecorder(MeterFactory, PackClientMeter.Name);
        using var http = CreateClient(host);
        var options = new PackClientOptions { SchemaPath = SchemaServerHost.CustomPath, SchemaNotServed = PackSchemaUnavailableBehavior.Read };

        var order = await http.GetFromPackAsync<ClientOrder<NotServedScope>>("orders/appended", options);

        Assert.Equal(3, order!.Quantity);
        Assert.Equal("not-served", Assert.Single(recorder.Get(PackClientMeter.UncheckedReads)).Tags["pack.reason"]);
    }

    [Fact]
    public async Task GetFromPackAsync_CheckedOrRefused_CountsNothing()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Missing);
        await using var mapped = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var recorder = new MeasurementRecorder(MeterFactory, PackClientMeter.Name);
        using var missingHttp = CreateClient(host);
        using var mappedHttp = CreateClient(mapped);

        var same = await mappedHttp.GetFromPackAsync<ClientOrder>("orders/same");
        var appended = await mappedHttp.GetFromPackAsync<ClientOrder<CheckedScope>>("orders/appended");
        await Assert.ThrowsAsync<PackSchemaMismatchException>(() => mappedHttp.GetFromPackAsync<ClientOrder<CheckedScope>>("orders/retyped"));
        await Assert.ThrowsAsync<PackSchemaMismatchException>(() => missingHttp.GetFromPackAsync<ClientOrder<RefusedScope>>(
            "orders/appended", new PackClientOptions { SchemaUnavailable = PackSchemaUnavailableBehavior.Throw }));

        Assert.Equal((3, 3), (same!.Quantity, appended!.Quantity));
        Assert.Equal(1, mapped.SchemaRequests);
        Assert.Empty(recorder.Get(PackClientMeter.UncheckedReads));
        Assert.NotEmpty(recorder.Get(PackClientMeter.BodySize));
    }

    public void Dispose() => _services.Dispose();

    private HttpClient CreateClient(SchemaServerHost host) =>
        new(new PackClientMetricsHandler(MeterFactory) { InnerHandler = new SocketsHttpHandler() }) { BaseAddress = host.BaseAddress, Timeout = ServerProbe.Timeout };

    public sealed class NoEndpointScope;

    public sealed class LookupFailedScope;

    public sealed class NotServedScope;

    public sealed class CheckedScope;

    public sealed class RefusedScope;
}

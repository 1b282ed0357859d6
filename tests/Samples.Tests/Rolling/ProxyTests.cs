using System.Net;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Pack.Samples.Contracts;
using Pack.Samples.Demo.Rolling;
using Pack.Samples.Proxy;
using Pack.Samples.WebApi;

namespace Pack.Samples.Tests.Rolling;

/// <summary>The rolling profile's proxy and client, in process: two sample API replicas on Kestrel behind the YARP proxy.</summary>
public sealed class ProxyTests
{
    [Fact]
    public async Task Proxy_TwoReplicas_BalancesAndStopsRoutingToADrainedReplica()
    {
        await using WebApplication a = await StartAsync(SampleApp.BuildApp(["--Replica=api-a"], Quiet));
        await using WebApplication b = await StartAsync(SampleApp.BuildApp(["--Replica=api-b"], Quiet));
        await using WebApplication proxy = await StartAsync(ProxyApp.BuildApp([$"--Replicas:api-a={Address(a)}", $"--Replicas:api-b={Address(b)}"], Quiet));
        using var client = new HttpClient { BaseAddress = new Uri(Address(proxy)) };
        ReplicaPool pool = proxy.Services.GetRequiredService<ReplicaPool>();

        List<string> balanced = await AnsweringReplicasAsync(client, 10);
        await pool.DrainAsync("api-a", NullLogger.Instance, CancellationToken.None);
        string stateWhileDrained = pool.Describe()["api-a"];
        List<string> drained = await AnsweringReplicasAsync(client, 10);
        pool.Undrain("api-a", NullLogger.Instance);
        List<string> undrained = await AnsweringReplicasAsync(client, 10);

        Assert.Equal(5, balanced.Count(replica => replica == "api-a"));
        Assert.Equal(5, balanced.Count(replica => replica == "api-b"));
        Assert.Equal("drained", stateWhileDrained);
        Assert.All(drained, replica => Assert.Equal("api-b", replica));
        Assert.Equal(5, undrained.Count(replica => replica == "api-a"));
        Assert.Equal("in rotation", pool.Describe()["api-a"]);
    }

    [Fact]
    public async Task Proxy_AdminEndpointOnTheProxyPort_IsNotFound()
    {
        await using WebApplication a = await StartAsync(SampleApp.BuildApp(["--Replica=api-a"], Quiet));
        await using WebApplication proxy = await StartAsync(ProxyApp.BuildApp([$"--Replicas:api-a={Address(a)}"], Quiet));
        using var client = new HttpClient { BaseAddress = new Uri(Address(proxy)) };

        using HttpResponseMessage response = await client.PostAsync("/admin/drain/api-a", content: null, CancellationToken.None);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("in rotation", proxy.Services.GetRequiredService<ReplicaPool>().Describe()["api-a"]);
    }

    [Fact]
    public async Task RunAsync_OneContractVersionOnly_CountsEveryCallAsIntactButFails()
    {
        await using WebApplication a = await StartAsync(SampleApp.BuildApp(["--Replica=api-a"], Quiet));
        await using WebApplication b = await StartAsync(SampleApp.BuildApp(["--Replica=api-b"], Quiet));
        await using WebApplication proxy = await StartAsync(ProxyApp.BuildApp([$"--Replicas:api-a={Address(a)}", $"--Replicas:api-b={Address(b)}"], Quiet));
        using var output = new StringWriter();

        int exitCode = await RollingUpgradeRunner.RunAsync(["--url", Address(proxy), "--seconds", "1", "--workers", "2"], output, CancellationToken.None);

        // In process both replicas are built with the current contract, so the run cannot show both versions.
        string report = output.ToString();
        Assert.Equal(1, exitCode);
        Assert.Contains("failed or misread: 0", report, StringComparison.Ordinal);
        Assert.Contains("(both 1 and 2 were expected)", report, StringComparison.Ordinal);
        Assert.Matches(@"(?m)^  api-a +v2 +pack +pack +\d+$", report);
        Assert.Matches(@"(?m)^  api-b +v2 +json +json +\d+$", report);
    }

    [Fact]
    public async Task RunAsync_ReplicaAnswersWithWrongValues_ReportsMisreadValues()
    {
        // A replica that claims contract version 1 but is version 2 sends a TrackingUrl a version-1 replica cannot know.
        await using WebApplication liar = await StartAsync(SampleApp.BuildApp(["--Replica=liar"], Quiet), app => app.Use(async (context, next) =>
        {
            context.Response.OnStarting(() =>
            {
                context.Response.Headers[ShipmentContract.VersionHeader] = "1";
                return Task.CompletedTask;
            });
            await next(context);
        }));
        using var output = new StringWriter();

        int exitCode = await RollingUpgradeRunner.RunAsync(["--url", Address(liar), "--seconds", "1", "--workers", "1"], output, CancellationToken.None);

        string report = output.ToString();
        Assert.Equal(1, exitCode);
        Assert.DoesNotContain("failed or misread: 0", report, StringComparison.Ordinal);
        Assert.Contains("value mismatch", report, StringComparison.Ordinal);
    }

    private static void Quiet(WebApplicationBuilder builder) => builder.Logging.ClearProviders();

    private static async Task<WebApplication> StartAsync(WebApplication app, Action<WebApplication>? configure = null)
    {
        configure?.Invoke(app);
        app.Urls.Add("http://127.0.0.1:0");
        await app.StartAsync(CancellationToken.None);
        return app;
    }

    private static string Address(WebApplication app) =>
        app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.First() + "/";

    private static async Task<List<string>> AnsweringReplicasAsync(HttpClient client, int calls)
    {
        var replicas = new List<string>();
        for (var i = 0; i < calls; i++)
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, $"api/shipments/{i}");
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));
            using HttpResponseMessage response = await client.SendAsync(request, CancellationToken.None);
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            string replica = Assert.Single(response.Headers.GetValues(ShipmentContract.ReplicaHeader));
            Assert.Equal(replica, Assert.Single(response.Headers.GetValues(ProxyApp.DestinationHeader)));
            replicas.Add(replica);
        }

        return replicas;
    }
}

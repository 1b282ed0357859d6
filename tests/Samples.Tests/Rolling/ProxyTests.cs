using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Text.RegularExpressions;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using Pack.Samples.Contracts;
using Pack.Samples.Demo.Rolling;
using Pack.Samples.Proxy;
using Pack.Samples.WebApi;
using Pack.Schema;

namespace Pack.Samples.Tests.Rolling;

/// <summary>The rolling profile's proxy and client, in process: two sample API replicas on Kestrel behind the YARP proxy.</summary>
public sealed class ProxyTests
{
    [Fact]
    public async Task Proxy_TwoReplicas_BalancesAndStopsRoutingToADrainedReplica()
    {
        await using WebApplication a = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-a"], KestrelApps.Quiet));
        await using WebApplication b = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-b"], KestrelApps.Quiet));
        await using WebApplication proxy = await KestrelApps.StartAsync(ProxyApp.BuildApp([$"--Replicas:api-a={KestrelApps.Address(a)}", $"--Replicas:api-b={KestrelApps.Address(b)}"], KestrelApps.Quiet));
        using var client = new HttpClient { BaseAddress = new Uri(KestrelApps.Address(proxy)) };
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
        await using WebApplication a = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-a"], KestrelApps.Quiet));
        await using WebApplication proxy = await KestrelApps.StartAsync(ProxyApp.BuildApp([$"--Replicas:api-a={KestrelApps.Address(a)}"], KestrelApps.Quiet));
        using var client = new HttpClient { BaseAddress = new Uri(KestrelApps.Address(proxy)) };

        using HttpResponseMessage response = await client.PostAsync("/admin/drain/api-a", content: null, CancellationToken.None);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("in rotation", proxy.Services.GetRequiredService<ReplicaPool>().Describe()["api-a"]);
    }

    [Fact]
    public async Task RunAsync_OneContractVersionOnly_CountsEveryCallAsIntactButFails()
    {
        await using WebApplication a = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-a"], KestrelApps.Quiet));
        await using WebApplication b = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-b"], KestrelApps.Quiet));
        await using WebApplication proxy = await KestrelApps.StartAsync(ProxyApp.BuildApp([$"--Replicas:api-a={KestrelApps.Address(a)}", $"--Replicas:api-b={KestrelApps.Address(b)}"], KestrelApps.Quiet));
        using var output = new StringWriter();

        int exitCode = await RollingUpgradeRunner.RunAsync(["--url", KestrelApps.Address(proxy), "--seconds", "1", "--workers", "2"], output, CancellationToken.None);

        // In process both replicas are built with the current contract, so the run cannot show both versions.
        string report = output.ToString();
        Assert.Equal(1, exitCode);
        Assert.Contains("refused: 0; misread: 0; failed: 0", report, StringComparison.Ordinal);
        Assert.Contains("(1 and 2 were expected)", report, StringComparison.Ordinal);
        Assert.Matches(@"(?m)^  api-a +v2 +pack +pack +\d+$", report);
        Assert.Matches(@"(?m)^  api-b +v2 +json +json +\d+$", report);
    }

    [Fact]
    public async Task RunAsync_ReplicaAnswersWithWrongValues_ReportsMisreadValues()
    {
        // A replica that claims contract version 1 but is version 2 sends a TrackingUrl a version-1 replica cannot know.
        await using WebApplication liar = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=liar"], KestrelApps.Quiet), app => app.Use(async (context, next) =>
        {
            context.Response.OnStarting(() =>
            {
                context.Response.Headers[ShipmentContract.VersionHeader] = "1";
                return Task.CompletedTask;
            });
            await next(context);
        }));
        using var output = new StringWriter();

        int exitCode = await RollingUpgradeRunner.RunAsync(["--url", KestrelApps.Address(liar), "--seconds", "1", "--workers", "1"], output, CancellationToken.None);

        string report = output.ToString();
        Assert.Equal(1, exitCode);
        Assert.DoesNotContain("misread: 0;", report, StringComparison.Ordinal);
        Assert.Contains("Misread: value mismatch: TrackingUrl", report, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Proxy_ReplicaDrainedAtStart_GetsNothingUntilUndrained()
    {
        await using WebApplication a = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-a"], KestrelApps.Quiet));
        await using WebApplication c = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-c"], KestrelApps.Quiet));
        await using WebApplication proxy = await KestrelApps.StartAsync(ProxyApp.BuildApp([$"--Replicas:api-a={KestrelApps.Address(a)}", $"--Replicas:api-c={KestrelApps.Address(c)}", "--Drained=api-c"], KestrelApps.Quiet));
        using var client = new HttpClient { BaseAddress = new Uri(KestrelApps.Address(proxy)) };
        ReplicaPool pool = proxy.Services.GetRequiredService<ReplicaPool>();

        string stateAtStart = pool.Describe()["api-c"];
        List<string> atStart = await AnsweringReplicasAsync(client, 6);
        pool.Undrain("api-c", NullLogger.Instance);
        List<string> undrained = await AnsweringReplicasAsync(client, 6);

        Assert.Equal("drained", stateAtStart);
        Assert.All(atStart, replica => Assert.Equal("api-a", replica));
        Assert.Equal(3, undrained.Count(replica => replica == "api-c"));
    }

    [Fact]
    public async Task Proxy_SchemaLookup_GoesToTheReplicaThatWroteTheFingerprint()
    {
        await using WebApplication b = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-b"], KestrelApps.Quiet));
        await using WebApplication c = await KestrelApps.StartAsync(IncompatibleReplica.Build("api-c"));
        await using WebApplication proxy = await KestrelApps.StartAsync(ProxyApp.BuildApp([$"--Replicas:api-b={KestrelApps.Address(b)}", $"--Replicas:api-c={KestrelApps.Address(c)}"], KestrelApps.Quiet));
        using var client = new HttpClient { BaseAddress = new Uri(KestrelApps.Address(proxy)) };
        string incompatible = PackSchema.For(typeof(IncompatibleShipment)).WireFingerprint;
        // Round-robin: of two Pack GETs one reaches api-c, whose answer the proxy learns the fingerprint from.
        await AnsweringReplicasAsync(client, 2);

        var lookups = new List<(HttpStatusCode Status, string Replica)>();
        for (var i = 0; i < 6; i++)
        {
            using HttpResponseMessage response = await client.GetAsync($"pack/schema?wire={incompatible}", CancellationToken.None);
            lookups.Add((response.StatusCode, Assert.Single(response.Headers.GetValues(ProxyApp.DestinationHeader))));
        }

        Assert.All(lookups, lookup => Assert.Equal((HttpStatusCode.OK, "api-c"), lookup));
        Assert.Equal(PackSchema.HeaderName, SchemaAffinityPolicy.SchemaHeader);
        Assert.Equal("wire", SchemaAffinityPolicy.WireQueryParameter);
    }

    [Fact]
    public async Task RunAsync_IncompatibleReplicaInItsStep_RefusesItsContractWithTheViolationsAndMisreadsNothing()
    {
        (int exitCode, string report) = await RunInIncompatibleStepAsync(["--calls", "300", "--workers", "2", "--incompatible-step", "incompatible-c", "--expect-versions", "2,3"]);

        Assert.True(exitCode == 0, report);
        Match step = Regex.Match(report, @"(?m)^  incompatible-c +(?<calls>\d+) +(?<ok>\d+) +(?<refused>\d+) +(?<misread>\d+) +(?<failed>\d+)$");
        Assert.True(step.Success, report);
        Assert.True(int.Parse(step.Groups["refused"].Value, CultureInfo.InvariantCulture) > 0, report);
        Assert.True(int.Parse(step.Groups["ok"].Value, CultureInfo.InvariantCulture) > 0, report);
        Assert.Equal(("0", "0"), (step.Groups["misread"].Value, step.Groups["failed"].Value));
        Assert.Equal(RollingUpgradeRunner.StepHeader, DeploymentStep.HeaderName);
        Assert.Equal(RollingUpgradeRunner.ProxyDestinationHeader, ProxyApp.DestinationHeader);
        // The violation list, once for each side: the client's check of api-c's responses, api-c's check of the client's bodies.
        Assert.True(Regex.IsMatch(report, @"(?m)^Refused by the client \(PackSchemaMismatchException.*via api-c v3"), report);
        Assert.True(Regex.IsMatch(report, @"(?m)^Refused by a server \(409.*via api-c "), report);
        Assert.True(Regex.Matches(report, @"(?m)^ +MEMBER_RETYPED +\S*WeightKg").Count == 2, report);
    }

    [Fact]
    public async Task RunAsync_SharedCache_IncompatibleReplicaRefusesAndRefillsTheOthersEntriesAndNothingIsMisread()
    {
        // One second level for both replicas, as Redis is in docker-compose: api-c (version 3) meets api-b's entries and
        // api-b meets api-c's, and each refuses and refills what it would misread.
        var shared = new Pack.Caching.Tests.SharedStore();
        (int exitCode, string report) = await RunInIncompatibleStepAsync(
            ["--calls", "600", "--workers", "2", "--incompatible-step", "incompatible-c", "--expect-versions", "2,3", "--shared-cache"],
            builder => builder.Services.AddSingleton<IDistributedCache>(shared));

        Assert.True(exitCode == 0, report);
        Match cacheC = Regex.Match(report, @"(?m)^  api-c +3 +(?<calls>\d+) +(?<ok>\d+) +\d+ +\d+ +(?<misread>\d+) +(?<failed>\d+) +\| +\d+ +\d+ +(?<incompatible>\d+) +\d+ +(?<corrupt>\d+)$");
        Match cacheB = Regex.Match(report, @"(?m)^  api-b +2 +(?<calls>\d+) +(?<ok>\d+) +\d+ +\d+ +(?<misread>\d+) +(?<failed>\d+) +\| +\d+ +\d+ +(?<incompatible>\d+) +\d+ +(?<corrupt>\d+)$");
        Assert.True(cacheC.Success && cacheB.Success, report);
        Assert.True(long.Parse(cacheC.Groups["incompatible"].Value, CultureInfo.InvariantCulture) > 0, report);
        Assert.True(long.Parse(cacheB.Groups["incompatible"].Value, CultureInfo.InvariantCulture) > 0, report);
        Assert.True(int.Parse(cacheB.Groups["ok"].Value, CultureInfo.InvariantCulture) > 0, report);
        Assert.Equal(("0", "0", "0"), (cacheC.Groups["misread"].Value, cacheC.Groups["failed"].Value, cacheC.Groups["corrupt"].Value));
        Assert.Equal(("0", "0", "0"), (cacheB.Groups["misread"].Value, cacheB.Groups["failed"].Value, cacheB.Groups["corrupt"].Value));
    }

    [Fact]
    public async Task RunAsync_SharedCacheExpectedButEveryReplicaHasItsOwn_Fails()
    {
        // Without a shared second level nobody meets another contract's entry: --shared-cache must say so.
        (int exitCode, string report) = await RunInIncompatibleStepAsync(["--calls", "300", "--workers", "2", "--incompatible-step", "incompatible-c", "--expect-versions", "2,3", "--shared-cache"]);

        Assert.Equal(1, exitCode);
        Assert.Contains("no replica refused an incompatible cache entry", report, StringComparison.Ordinal);
        Assert.Contains("misread: 0;", report, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_SchemaCheckOff_IncompatibleContractIsMisreadOrFailsAndNothingIsRefused()
    {
        // Without the check the bytes of api-c's contract are decoded as the client's (and the client's as api-c's):
        // what the check prevents, and what the client's value comparison catches.
        (int exitCode, string report) = await RunInIncompatibleStepAsync(["--calls", "300", "--workers", "2", "--incompatible-step", "incompatible-c", "--expect-versions", "2,3", "--schema-check", "off"]);

        Assert.Equal(1, exitCode);
        Match step = Regex.Match(report, @"(?m)^  incompatible-c +\d+ +\d+ +(?<refused>\d+) +(?<misread>\d+) +(?<failed>\d+)$");
        Assert.True(step.Success, report);
        Assert.Equal("0", step.Groups["refused"].Value);
        Assert.True(int.Parse(step.Groups["misread"].Value, CultureInfo.InvariantCulture) + int.Parse(step.Groups["failed"].Value, CultureInfo.InvariantCulture) > 0, report);
    }

    [Fact]
    public async Task RunAsync_RefusalsInAStepNotNamedIncompatible_Fails()
    {
        await using WebApplication b = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-b"], KestrelApps.Quiet));
        await using WebApplication c = await KestrelApps.StartAsync(IncompatibleReplica.Build("api-c"));
        await using WebApplication proxy = await KestrelApps.StartAsync(ProxyApp.BuildApp([$"--Replicas:api-b={KestrelApps.Address(b)}", $"--Replicas:api-c={KestrelApps.Address(c)}"], KestrelApps.Quiet));
        proxy.Services.GetRequiredService<DeploymentStep>().Set("upgrade-a");
        using var output = new StringWriter();

        int exitCode = await RollingUpgradeRunner.RunAsync(["--url", KestrelApps.Address(proxy), "--calls", "200", "--workers", "2", "--expect-versions", "2,3"], output, CancellationToken.None);

        string report = output.ToString();
        Assert.Equal(1, exitCode);
        Assert.Matches(@"calls were refused in step upgrade-a, where every contract is compatible", report);
        Assert.Contains("misread: 0;", report, StringComparison.Ordinal);
    }

    /// <summary>
    /// Runs the client with <paramref name="arguments"/> (after <c>--url</c>) through the proxy in step
    /// <c>incompatible-c</c>, over a current replica (api-b) and the version-3 stand-in (api-c), each configured with
    /// <paramref name="configure"/> when given; returns the client's exit code and report.
    /// </summary>
    private static async Task<(int ExitCode, string Report)> RunInIncompatibleStepAsync(string[] arguments, Action<WebApplicationBuilder>? configure = null)
    {
        await using WebApplication b = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-b"], builder =>
        {
            KestrelApps.Quiet(builder);
            configure?.Invoke(builder);
        }));
        await using WebApplication c = await KestrelApps.StartAsync(IncompatibleReplica.Build("api-c", configure));
        await using WebApplication proxy = await KestrelApps.StartAsync(ProxyApp.BuildApp([$"--Replicas:api-b={KestrelApps.Address(b)}", $"--Replicas:api-c={KestrelApps.Address(c)}", "--Step=incompatible-c"], KestrelApps.Quiet));
        using var output = new StringWriter();
        int exitCode = await RollingUpgradeRunner.RunAsync(["--url", KestrelApps.Address(proxy), .. arguments], output, CancellationToken.None);
        return (exitCode, output.ToString());
    }

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

using System.Diagnostics;
using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Client;
using Pack.Samples.Contracts;
using Pack.Samples.WebApi;
using Xunit.Abstractions;

namespace Pack.Samples.Tests;

/// <summary>
/// A bounded load run against the real sample API on Kestrel at 127.0.0.1: mixed JSON and Pack requests, streaming
/// included, every response checked. The default is short; the full run is
/// <c>PACK_LOAD_CONNECTIONS=64 PACK_LOAD_SECONDS=30 dotnet test tests/Samples.Tests -c Release --filter FullyQualifiedName~Load</c>.
/// </summary>
public sealed class SampleApiLoadTests(ITestOutputHelper output)
{
    /// <summary>Growth of the process working set from after the warm-up to the end, client and server together.</summary>
    private const long MaxWorkingSetGrowth = 128L * 1024 * 1024;

    private const int StreamCount = 200;

    private static readonly JsonSerializerOptions Web = new(JsonSerializerDefaults.Web);

    private static readonly CreateOrderRequest NewOrder = new()
    {
        Customer = "Load test",
        Status = OrderStatus.Paid,
        Lines = [new OrderLine { Sku = "SKU-LOAD", Quantity = 3, UnitPrice = 2.5m }, new OrderLine { Sku = "SKU-999", Quantity = 1, UnitPrice = 0.5m }],
    };

    [Fact]
    public async Task Load_MixedJsonAndPackRequests_AllVerifiedWithBoundedMemory()
    {
        int connections = EnvironmentInt("PACK_LOAD_CONNECTIONS", 8);
        double seconds = EnvironmentInt("PACK_LOAD_SECONDS", 3);

        var app = SampleApp.BuildApp([], builder => builder.Logging.ClearProviders());
        await using var appScope = app;
        app.Urls.Add("http://127.0.0.1:0");
        await app.StartAsync();
        var address = new Uri(app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.First());

        using var client = new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = connections, PooledConnectionLifetime = TimeSpan.FromMinutes(5) })
        {
            BaseAddress = address,
            Timeout = TimeSpan.FromSeconds(30),
        };
        var expected = new Expected(
            Json(await client.GetFromPackAsync<Order>("/api/orders/1")),
            Json(SampleData.Organization(100)),
            [.. Enumerable.Range(1, StreamCount).Select(i => Json(SampleData.Member(i)))]);
        Assert.Equal(expected.Order, Json(await client.GetFromJsonAsync<Order>("/api/orders/1", Web)));

        // Warm-up: JIT, connection pool, thread pool. Then the measured run.
        await RunAsync(client, expected, connections, TimeSpan.FromSeconds(Math.Min(2, seconds / 2)));
        long before = WorkingSet();
        var result = await RunAsync(client, expected, connections, TimeSpan.FromSeconds(seconds));
        long growth = WorkingSet() - before;

        var latencies = result.Latencies;
        latencies.Sort();
        var summary =
            $"[load] {connections} connections, {result.Elapsed.TotalSeconds:F1} s: {result.Requests:N0} requests ({result.Requests / result.Elapsed.TotalSeconds:N0}/s), "
            + $"{result.Errors.Count} errors, p50 {Percentile(latencies, 0.50):F2} ms, p99 {Percentile(latencies, 0.99):F2} ms, max {latencies[^1]:F1} ms; "
            + $"working set {before / 1048576.0:F0} MiB -> {(before + growth) / 1048576.0:F0} MiB ({growth / 1048576.0:+0.0;-0.0} MiB)";
        output.WriteLine(summary);
        Console.WriteLine(summary);

        Assert.True(result.Errors.IsEmpty, string.Join(Environment.NewLine, result.Errors.Take(10)));
        Assert.True(result.Requests > connections, $"only {result.Requests} requests");
        Assert.True(growth < MaxWorkingSetGrowth, $"working set grew by {growth / 1048576.0:F1} MiB");
        await app.StopAsync();
    }

    private static async Task<LoadResult> RunAsync(HttpClient client, Expected expected, int connections, TimeSpan duration)
    {
        var result = new LoadResult();
        var stopwatch = Stopwatch.StartNew();
        var deadline = stopwatch.Elapsed + duration;
        var workers = Enumerable.Range(0, connections).Select(worker => Task.Run(async () =>
        {
            var latencies = new List<double>();
            for (long i = worker; stopwatch.Elapsed < deadline; i++)
            {
                long started = Stopwatch.GetTimestamp();
                try
                {
                    await RequestAsync(client, expected, (int)(i % 8));
                }
                catch (Exception exception)
                {
                    result.Errors.Add($"operation {i % 8}: {exception.GetType().Name}: {exception.Message}");
                }

                latencies.Add(Stopwatch.GetElapsedTime(started).TotalMilliseconds);
            }

            return latencies;
        })).ToList();

        foreach (var latencies in await Task.WhenAll(workers))
        {
            result.Latencies.AddRange(latencies);
        }

        result.Elapsed = stopwatch.Elapsed;
        return result;
    }

    /// <summary>One request of the mix; throws when the response is not exactly what was expected.</summary>
    private static async Task RequestAsync(HttpClient client, Expected expected, int operation)
    {
        switch (operation)
        {
            case 0:
                Check(expected.Order, Json(await client.GetFromPackAsync<Order>("/api/orders/1")));
                break;
            case 1:
                Check(expected.Order, Json(await client.GetFromJsonAsync<Order>("/api/orders/1", Web)));
                break;
            case 2:
                Check(expected.Organization, Json(await client.GetFromPackAsync<Organization>("/api/organizations/100")));
                break;
            case 3:
                Check(expected.Organization, Json(await client.GetFromJsonAsync<Organization>("/api/organizations/100", Web)));
                break;
            case 4:
            {
                using var created = await client.PostAsPackAsync("/api/orders", NewOrder);
                await CheckCreatedAndDeleteAsync(client, created, await created.Content.ReadFromPackAsync<Order>());
                break;
            }

            case 5:
            {
                using var request = new HttpRequestMessage(HttpMethod.Post, "/api/orders") { Content = JsonContent.Create(NewOrder, options: Web) };
                request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
                using var created = await client.SendAsync(request);
                await CheckCreatedAndDeleteAsync(client, created, created.IsSuccessStatusCode ? await created.Content.ReadFromJsonAsync<Order>(Web) : null);
                break;
            }

            case 6:
            {
                int count = 0;
                await foreach (var member in client.GetFromPackAsAsyncEnumerable<Member>($"/api/members/stream?count={StreamCount}"))
                {
                    Check(expected.Members[count++], Json(member));
                }

                Check(StreamCount.ToString(), count.ToString());
                break;
            }

            default:
            {
                using var request = new HttpRequestMessage(HttpMethod.Get, $"/api/members/stream?count={StreamCount}");
                request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
                using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
                response.EnsureSuccessStatusCode();
                int count = 0;
                await foreach (var member in response.Content.ReadFromJsonAsAsyncEnumerable<Member>(Web))
                {
                    Check(expected.Members[count++], Json(member));
                }

                Check(StreamCount.ToString(), count.ToString());
                break;
            }
        }
    }

    private static async Task CheckCreatedAndDeleteAsync(HttpClient client, HttpResponseMessage created, Order? order)
    {
        if (created.StatusCode != HttpStatusCode.Created || order is null)
        {
            throw new InvalidOperationException($"POST answered {(int)created.StatusCode}");
        }

        Check(Json(NewOrder.Lines), Json(order.Lines));
        Check("8.0", order.Total.ToString("F1", System.Globalization.CultureInfo.InvariantCulture));
        Check(NewOrder.Customer, order.Customer);

        // Deleting keeps the store, and so the server's memory, the same size however long the run.
        var deleted = await client.DeleteFromPackAsync<Order>($"/api/orders/{order.Id}");
        Check(order.Id.ToString(), deleted?.Id.ToString());
    }

    private static void Check(string expected, string? actual)
    {
        if (!string.Equals(expected, actual, StringComparison.Ordinal))
        {
            throw new InvalidOperationException($"expected {expected[..Math.Min(80, expected.Length)]}, got {actual?[..Math.Min(80, actual.Length)]}");
        }
    }

    private static string Json<T>(T value) => JsonSerializer.Serialize(value, Web);

    private static long WorkingSet()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        using var process = Process.GetCurrentProcess();
        return process.WorkingSet64;
    }

    private static double Percentile(List<double> sorted, double p) => sorted.Count == 0 ? 0 : sorted[Math.Min(sorted.Count - 1, (int)(p * sorted.Count))];

    private static int EnvironmentInt(string name, int fallback) => int.TryParse(Environment.GetEnvironmentVariable(name), out var value) && value > 0 ? value : fallback;

    private sealed record Expected(string Order, string Organization, string[] Members);

    private sealed class LoadResult
    {
        public System.Collections.Concurrent.ConcurrentBag<string> Errors { get; } = [];

        public List<double> Latencies { get; } = [];

        public long Requests => Latencies.Count;

        public TimeSpan Elapsed { get; set; }
    }
}

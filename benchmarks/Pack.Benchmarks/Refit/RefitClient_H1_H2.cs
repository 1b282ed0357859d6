using System.Net;
using System.Net.Http.Json;
using BenchmarkDotNet.Attributes;
using Pack.Benchmarks.Http;
using Pack.Benchmarks.Workloads;
using Pack.Client;
using Pack.Refit;
using Refit;

namespace Pack.Benchmarks.Refit;

/// <summary>
/// One call of H1 (one W6 object) or H2 (100 W4 members) against the in-process Kestrel server on 127.0.0.1, made four
/// ways: Refit with its default System.Text.Json serializer (the baseline), Refit with <see cref="PackContentSerializer"/>,
/// and the plain <see cref="HttpClient"/> extensions for each format (<c>GetFromJsonAsync</c>, <c>GetFromPackAsync</c>).
/// Refit JSON against GetFromJsonAsync is Refit's own overhead; Refit Pack against Refit JSON is what Pack saves under Refit.
/// Calls are sequential from the benchmark thread on one pooled handler per client.
/// </summary>
[MemoryDiagnoser]
public class RefitClient_H1_H2
{
    private HttpBenchmarkServer? server;
    private HttpClient? jsonHttp;
    private HttpClient? packHttp;
    private IHttpWorkloadApi? refitJson;
    private IHttpWorkloadApi? refitPack;

    /// <summary>The workload.</summary>
    [Params("H1_Small", "H2_List100")]
    public string Workload { get; set; } = "H1_Small";

    /// <summary>The protocol: HTTP/1.1, or HTTP/2 without TLS (h2c with prior knowledge).</summary>
    [Params("HTTP/1.1", "HTTP/2")]
    public string Protocol { get; set; } = "HTTP/1.1";

    private bool IsSmall => Workload == "H1_Small";

    private string Path => HttpWorkloadPaths.Of(IsSmall ? HttpWorkloadPaths.Small : HttpWorkloadPaths.List100);

    /// <summary>Starts the server and builds the clients.</summary>
    [GlobalSetup]
    public void Setup()
    {
        server = HttpBenchmarkServer.StartAsync(System.Net.IPAddress.Loopback, 0, 0).GetAwaiter().GetResult();
        bool http2 = Protocol == "HTTP/2";
        Uri baseAddress = http2 ? server.Http2 : server.Http1;
        Version version = http2 ? HttpVersion.Version20 : HttpVersion.Version11;

        jsonHttp = CreateClient(new SocketsHttpHandler(), baseAddress, version);
        packHttp = CreateClient(new PackRefitHandler { InnerHandler = new SocketsHttpHandler() }, baseAddress, version);
        refitJson = RestService.For<IHttpWorkloadApi>(jsonHttp, new RefitSettings { Version = version, VersionPolicy = HttpVersionPolicy.RequestVersionExact });
        refitPack = RestService.For<IHttpWorkloadApi>(packHttp, new RefitSettings
        {
            ContentSerializer = new PackContentSerializer(),
            Version = version,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
        });

        // Every path must read the same values before anything is timed.
        string expected = Describe(IsSmall ? HttpWorkloadData.Small : HttpWorkloadData.List100);
        foreach (Func<Task<object?>> call in new Func<Task<object?>>[] { RefitJson, RefitPack, HttpClientGetFromJsonAsync, HttpClientGetFromPackAsync })
        {
            string actual = Describe(call().GetAwaiter().GetResult());
            if (actual != expected)
            {
                throw new InvalidOperationException($"A client read different values: {actual} instead of {expected}.");
            }
        }
    }

    /// <summary>Stops the server.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        jsonHttp?.Dispose();
        packHttp?.Dispose();
        server?.DisposeAsync().AsTask().GetAwaiter().GetResult();
    }

    /// <summary>Refit with its default System.Text.Json serializer.</summary>
    [Benchmark(Baseline = true)]
    public async Task<object?> RefitJson() =>
        IsSmall ? await refitJson!.SmallAsync().ConfigureAwait(false) : await refitJson!.List100Async().ConfigureAwait(false);

    /// <summary>Refit with <see cref="PackContentSerializer"/>.</summary>
    [Benchmark]
    public async Task<object?> RefitPack() =>
        IsSmall ? await refitPack!.SmallAsync().ConfigureAwait(false) : await refitPack!.List100Async().ConfigureAwait(false);

    /// <summary><c>System.Net.Http.Json</c>: JSON without Refit.</summary>
    [Benchmark]
    public async Task<object?> HttpClientGetFromJsonAsync() =>
        IsSmall
            ? await jsonHttp!.GetFromJsonAsync<SmallObject>(Path).ConfigureAwait(false)
            : await jsonHttp!.GetFromJsonAsync<List<Member>>(Path).ConfigureAwait(false);

    /// <summary><c>Pack.Client</c>: Pack without Refit.</summary>
    [Benchmark]
    public async Task<object?> HttpClientGetFromPackAsync() =>
        IsSmall
            ? await jsonHttp!.GetFromPackAsync<SmallObject>(Path).ConfigureAwait(false)
            : await jsonHttp!.GetFromPackAsync<List<Member>>(Path).ConfigureAwait(false);

    private static HttpClient CreateClient(HttpMessageHandler handler, Uri baseAddress, Version version) => new(handler)
    {
        BaseAddress = baseAddress,
        DefaultRequestVersion = version,
        DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
    };

    private static string Describe(object? value) => System.Text.Json.JsonSerializer.Serialize(value);
}

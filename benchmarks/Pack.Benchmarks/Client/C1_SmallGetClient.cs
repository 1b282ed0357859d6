using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Pack.Benchmarks.Formatters;
using Pack.Benchmarks.Http;
using Pack.Benchmarks.Workloads;
using Pack.Client;

namespace Pack.Benchmarks.Client;

/// <summary>
/// H1_Small on the client: one GET of a W6 object from the minimal-API endpoints of the benchmark server, which runs in
/// a process of its own so that the allocations measured here are the client's alone (HttpClient, SocketsHttpHandler and
/// the library that reads the body). <c>GetFromJsonAsync</c> with <c>Accept: application/json</c> is the baseline of
/// <c>GetFromPackAsync</c> (which sends <c>Accept: application/x-pack, application/json;q=0.9</c>), over HTTP/1.1 and h2c.
/// <c>GetFromPackUnchecked</c> turns off the client's check of the response's <c>Pack-Schema</c> header (docs/schema.md
/// §5.1), so the two Pack rows give the check's per-request cost on the verified path.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory(F2_SmallResponsePath.Category)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class C1_SmallGetClient
{
    private ServerProcess _server = null!;
    private HttpClient _json = null!;
    private HttpClient _pack = null!;
    private Uri _jsonUri = null!;
    private Uri _packUri = null!;
    private static readonly PackClientOptions Unchecked = new() { CheckResponseSchema = false };

    [Params("1.1", "2")]
    public string Http { get; set; } = "1.1";

    [GlobalSetup]
    public async Task Setup()
    {
        _server = await ServerProcess.StartAsync();
        var version = Http == "2" ? System.Net.HttpVersion.Version20 : System.Net.HttpVersion.Version11;
        var baseAddress = Http == "2" ? _server.Http2 : _server.Http1;
        _json = Create(baseAddress, version);
        _json.DefaultRequestHeaders.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
        _pack = Create(baseAddress, version);
        _jsonUri = new Uri(HttpWorkloadPaths.Of(HttpApi.Minimal, HttpFormat.Json, HttpWorkloadPaths.Small), UriKind.Relative);
        _packUri = new Uri(HttpWorkloadPaths.Of(HttpApi.Minimal, HttpFormat.Pack, HttpWorkloadPaths.Small), UriKind.Relative);
        if (await GetFromJson() is not { Id: not 0 } || await GetFromPack() is not { Id: not 0 })
        {
            throw new InvalidOperationException("The server did not answer H1_Small.");
        }
    }

    [GlobalCleanup]
    public async Task Cleanup()
    {
        _json.Dispose();
        _pack.Dispose();
        await _server.DisposeAsync();
    }

    [Benchmark(Baseline = true)]
    public Task<SmallObject?> GetFromJson() => _json.GetFromJsonAsync<SmallObject>(_jsonUri, JsonSerializerOptions.Web);

    [Benchmark]
    public Task<SmallObject?> GetFromPack() => _pack.GetFromPackAsync<SmallObject>(_packUri);

    [Benchmark]
    public Task<SmallObject?> GetFromPackUnchecked() => _pack.GetFromPackAsync<SmallObject>(_packUri, Unchecked);

    private static HttpClient Create(Uri baseAddress, Version version) =>
        new(new SocketsHttpHandler { PooledConnectionLifetime = Timeout.InfiniteTimeSpan })
        {
            BaseAddress = baseAddress,
            DefaultRequestVersion = version,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
}

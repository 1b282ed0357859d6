using System.Diagnostics.Metrics;
using System.Net.Http.Headers;
using BenchmarkDotNet.Attributes;
using Pack.AspNetCore;
using Pack.Benchmarks.Http;

namespace Pack.Benchmarks.Operations;

/// <summary>
/// The cost of Pack's server metrics on H1_Small and H2_List100: the same GET over HTTP/1.1 to the in-process Kestrel
/// server, with nothing listening to the <c>Pack.AspNetCore</c> meter and with a <see cref="MeterListener"/> that enables
/// every instrument and aggregates each measurement (what an exporter's in-process side does). The client is a pooled
/// HttpClient in the same process. System.Text.Json without a listener is the baseline.
/// </summary>
[MemoryDiagnoser]
public class M1_MetricsOverhead
{
    private HttpBenchmarkServer _server = null!;
    private HttpClient _client = null!;
    private MeterListener? _listener;
    private long _measurements;
    private Uri _uri = null!;

    [Params(HttpWorkloadPaths.Small, HttpWorkloadPaths.List100)]
    public string Workload { get; set; } = HttpWorkloadPaths.Small;

    /// <summary>Measurements the listener saw, so its work cannot be optimised away.</summary>
    public long Measurements => Interlocked.Read(ref _measurements);

    [GlobalSetup(Targets = [nameof(Json_NoListener), nameof(Pack_NoListener)])]
    public Task SetupWithoutListener() => StartAsync(listen: false);

    [GlobalSetup(Targets = [nameof(Json_Listener), nameof(Pack_Listener)])]
    public Task SetupWithListener() => StartAsync(listen: true);

    [GlobalCleanup]
    public async Task Cleanup()
    {
        _listener?.Dispose();
        _client.Dispose();
        await _server.DisposeAsync();
    }

    [Benchmark(Baseline = true)]
    public Task<int> Json_NoListener() => GetAsync("application/json");

    [Benchmark]
    public Task<int> Json_Listener() => GetAsync("application/json");

    [Benchmark]
    public Task<int> Pack_NoListener() => GetAsync(PackMediaTypes.Pack);

    [Benchmark]
    public Task<int> Pack_Listener() => GetAsync(PackMediaTypes.Pack);

    private async Task StartAsync(bool listen)
    {
        if (listen)
        {
            _listener = new MeterListener
            {
                InstrumentPublished = (instrument, listener) =>
                {
                    if (instrument.Meter.Name == PackServerMeter.Name)
                    {
                        listener.EnableMeasurementEvents(instrument);
                    }
                },
            };
            _listener.SetMeasurementEventCallback<long>((_, value, _, _) => Interlocked.Add(ref _measurements, 1));
            _listener.SetMeasurementEventCallback<double>((_, value, _, _) => Interlocked.Add(ref _measurements, 1));
            _listener.Start();
        }

        _server = await HttpBenchmarkServer.StartAsync(System.Net.IPAddress.Loopback, 0, 0);
        _client = new HttpClient(new SocketsHttpHandler { PooledConnectionLifetime = Timeout.InfiniteTimeSpan }) { BaseAddress = _server.Http1 };
        _uri = new Uri(HttpWorkloadPaths.Of(Workload), UriKind.Relative);
    }

    private async Task<int> GetAsync(string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, _uri);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        using var response = await _client.SendAsync(request);
        var body = await response.Content.ReadAsByteArrayAsync();
        return body.Length;
    }
}

using System.Net.Http.Headers;
using System.Net.Http.Json;
using BenchmarkDotNet.Attributes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.HttpLogging;
using Pack.AspNetCore;

namespace Pack.Benchmarks.Logging;

/// <summary>
/// What ASP.NET Core's HTTP logging costs a server request, Pack against JSON: the same POST (login request in, reply
/// with a list out) to an in-process Kestrel server. <c>*_NoHttpLogging</c>: no logging middleware. <c>*_BodiesOff</c>:
/// <c>UseHttpLogging</c> with path and status only (the usual production setting), and for Pack
/// <c>AddPackHttpLogging</c> registered, so the row shows what the registered interceptor costs while bodies are not
/// logged; <c>Pack_BodiesOffWithoutPackLogging</c> is the same middleware without it, so the two rows isolate it, and
/// <c>Pack_BodiesOffWithEmptyInterceptor</c> the same middleware with an interceptor that does nothing instead, so it
/// shows what the middleware spends for any registered interceptor (it hooks every response body when there is one).
/// <c>*_BodiesOn</c>: request and response bodies logged (JSON as text by the middleware, Pack decoded to JSON by
/// the interceptor, one member redacted), each line formatted by a provider that keeps nothing.
/// </summary>
[MemoryDiagnoser]
public class L1_ServerLoggingCost
{
    private const HttpLoggingFields Light = HttpLoggingFields.RequestPath | HttpLoggingFields.ResponseStatusCode;
    private const HttpLoggingFields Bodies = Light | HttpLoggingFields.RequestBody | HttpLoggingFields.ResponseBody;

    private readonly DiscardingLoggerProvider _sink = new();
    private WebApplication _app = null!;
    private HttpClient _client = null!;
    private byte[] _packBody = null!;

    [GlobalSetup(Targets = [nameof(Json_NoHttpLogging), nameof(Pack_NoHttpLogging)])]
    public Task SetupNone() => StartAsync(fields: null, packLogging: false);

    [GlobalSetup(Targets = [nameof(Json_BodiesOff), nameof(Pack_BodiesOffWithoutPackLogging)])]
    public Task SetupJsonOff() => StartAsync(Light, packLogging: false);

    [GlobalSetup(Target = nameof(Pack_BodiesOff))]
    public Task SetupPackOff() => StartAsync(Light, packLogging: true);

    [GlobalSetup(Target = nameof(Pack_BodiesOffWithEmptyInterceptor))]
    public Task SetupEmptyInterceptor() => StartAsync(Light, packLogging: false, emptyInterceptor: true);

    [GlobalSetup(Targets = [nameof(Json_BodiesOn), nameof(Pack_BodiesOn)])]
    public Task SetupOn() => StartAsync(Bodies, packLogging: true);

    [GlobalCleanup]
    public async Task Cleanup()
    {
        _client.Dispose();
        await _app.StopAsync();
        await _app.DisposeAsync();
    }

    [Benchmark(Baseline = true)]
    public Task<int> Json_NoHttpLogging() => JsonAsync();

    [Benchmark]
    public Task<int> Json_BodiesOff() => JsonAsync();

    [Benchmark]
    public Task<int> Json_BodiesOn() => JsonAsync();

    [Benchmark]
    public Task<int> Pack_NoHttpLogging() => PackAsync();

    [Benchmark]
    public Task<int> Pack_BodiesOffWithoutPackLogging() => PackAsync();

    [Benchmark]
    public Task<int> Pack_BodiesOffWithEmptyInterceptor() => PackAsync();

    [Benchmark]
    public Task<int> Pack_BodiesOff() => PackAsync();

    [Benchmark]
    public Task<int> Pack_BodiesOn() => PackAsync();

    private async Task StartAsync(HttpLoggingFields? fields, bool packLogging, bool emptyInterceptor = false)
    {
        (_app, var address) = await LoggingCostExchange.StartServerAsync(fields, packLogging, _sink, emptyInterceptor);
        _client = new HttpClient(new SocketsHttpHandler { PooledConnectionLifetime = Timeout.InfiniteTimeSpan }) { BaseAddress = address };
        _packBody = PackSerializer.Serialize(LoggingCostExchange.Request);
    }

    private async Task<int> JsonAsync()
    {
        using var response = await _client.PostAsJsonAsync("/json", LoggingCostExchange.Request);
        return (await response.Content.ReadAsByteArrayAsync()).Length;
    }

    private async Task<int> PackAsync()
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/pack") { Content = new ByteArrayContent(_packBody) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));
        using var response = await _client.SendAsync(request);
        return (await response.Content.ReadAsByteArrayAsync()).Length;
    }
}

using System.Net.Http.Json;
using BenchmarkDotNet.Attributes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Client;

namespace Pack.Benchmarks.Logging;

/// <summary>
/// What body logging costs a client call, Pack against JSON: the same POST, answered with the response an in-process
/// Kestrel server gave to it once during setup (<see cref="RecordedExchange"/>; the server is stopped before the
/// measured iterations, so only the client's work is timed and its allocations counted). Pack: an <c>IHttpClientFactory</c> client without <c>AddPackLogging</c>, with it while its category is off
/// (Warning), and with it on (request and response decoded to JSON text, one member redacted). JSON: .NET has no
/// body-logging handler of its own, so the JSON rows use <see cref="JsonBodyLoggingHandler"/>, the handler an app writes
/// (buffer the JSON text, log it), off and on. Each line is formatted by a provider that keeps nothing.
/// </summary>
[MemoryDiagnoser]
public class L2_ClientLoggingCost
{
    private readonly DiscardingLoggerProvider _sink = new();
    private ServiceProvider _services = null!;
    private HttpClient _client = null!;

    [GlobalSetup(Targets = [nameof(Json_NoHandler), nameof(Pack_NoHandler)])]
    public Task SetupNone() => StartAsync(handler: false, enabled: false);

    [GlobalSetup(Targets = [nameof(Json_HandlerOff), nameof(Pack_HandlerOff)])]
    public Task SetupOff() => StartAsync(handler: true, enabled: false);

    [GlobalSetup(Targets = [nameof(Json_HandlerOn), nameof(Pack_HandlerOn)])]
    public Task SetupOn() => StartAsync(handler: true, enabled: true);

    [GlobalCleanup]
    public async Task Cleanup()
    {
        await _services.DisposeAsync();
    }

    [Benchmark(Baseline = true)]
    public Task<int> Json_NoHandler() => JsonAsync();

    [Benchmark]
    public Task<int> Json_HandlerOff() => JsonAsync();

    [Benchmark]
    public Task<int> Json_HandlerOn() => JsonAsync();

    [Benchmark]
    public Task<int> Pack_NoHandler() => PackAsync();

    [Benchmark]
    public Task<int> Pack_HandlerOff() => PackAsync();

    [Benchmark]
    public Task<int> Pack_HandlerOn() => PackAsync();

    private async Task StartAsync(bool handler, bool enabled)
    {
        var exchange = new RecordedExchange();
        var (app, address) = await LoggingCostExchange.StartServerAsync(fields: null, packLogging: false, sink: null);
        await using (app)
        {
            var recording = new ServiceCollection();
            recording.AddPackHttpClient("api", client => client.BaseAddress = address)
                .ConfigurePrimaryHttpMessageHandler(() => exchange.Recording(new SocketsHttpHandler()));
            await using var recorder = recording.BuildServiceProvider();
            _client = recorder.GetRequiredService<IHttpClientFactory>().CreateClient("api");
            await JsonAsync();
            await PackAsync();
            await app.StopAsync();
        }

        var services = new ServiceCollection();
        services.AddLogging(logging => logging.AddProvider(_sink).SetMinimumLevel(enabled ? LogLevel.Information : LogLevel.Warning));
        var builder = services.AddPackHttpClient("api", client => client.BaseAddress = address)
            .ConfigurePrimaryHttpMessageHandler(exchange.Replaying);
        if (handler)
        {
            builder.AddHttpMessageHandler(provider => new JsonBodyLoggingHandler(provider.GetRequiredService<ILoggerFactory>().CreateLogger("System.Net.Http.HttpClient.api.JsonBody")));
            builder.AddPackLogging(options => options.RedactedMembers.Add(LoggingCostExchange.RedactedMember));
        }

        _services = services.BuildServiceProvider();
        _client = _services.GetRequiredService<IHttpClientFactory>().CreateClient("api");
    }

    private async Task<int> JsonAsync()
    {
        using var response = await _client.PostAsJsonAsync("/json", LoggingCostExchange.Request);
        var reply = await response.Content.ReadFromJsonAsync<LoggingCostExchange.LoginReply>();
        return reply!.Roles.Count;
    }

    private async Task<int> PackAsync()
    {
        using var response = await _client.PostAsPackAsync("/pack", LoggingCostExchange.Request);
        var reply = await response.Content.ReadFromPackAsync<LoggingCostExchange.LoginReply>();
        return reply!.Roles.Count;
    }
}

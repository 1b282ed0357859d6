using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Http.Resilience;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Client.Tests.Infrastructure;
using Polly;

namespace Pack.Client.Tests.Resilience;

/// <summary>
/// A Pack client behind Microsoft.Extensions.Http.Resilience's standard handler, in the order docs/client.md recommends:
/// negotiation, then the deadline, then the resilience handler (innermost, so every attempt is a fresh request to the
/// socket while Accept and Pack-Timeout are set once per call). Real Kestrel on 127.0.0.1.
/// </summary>
public sealed class StandardResilienceHandlerTests : IAsyncLifetime
{
    private readonly ConcurrentDictionary<string, int> _attempts = new();
    private readonly ConcurrentQueue<string> _seen = new();
    private WebApplication _app = null!;
    private Uri _baseAddress = null!;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddPack();
        _app = builder.Build();

        // Fails the first `failures` attempts of each key with 503, then answers.
        _app.MapGet("/flaky/{key}/{failures:int}", (string key, int failures, HttpContext context) =>
            Attempt(key, context) <= failures ? Results.StatusCode(503) : PackResults.Ok(Sample(key)));
        _app.MapPost("/flaky-echo/{key}", (string key, PackBody<Item> body, HttpContext context) =>
            Attempt(key, context) <= 1 ? Results.StatusCode(503) : PackResults.Ok(body.Value));

        // The first `slow` attempts of each key take 30 s (or until the client gives up), then it answers at once.
        _app.MapGet("/slow/{key}/{slow:int}", async (string key, int slow, HttpContext context) =>
        {
            if (Attempt(key, context) <= slow)
            {
                await Task.Delay(TimeSpan.FromSeconds(30), context.RequestAborted);
            }

            return PackResults.Ok(Sample(key));
        });

        await _app.StartAsync();
        _baseAddress = new Uri(_app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single() + "/");
    }

    public async Task DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }

    [Fact]
    public async Task GetFromPackAsync_TransientFailures_RetriedAndReadAsPack()
    {
        using var provider = Services(deadline: TimeSpan.FromSeconds(20), attemptTimeout: TimeSpan.FromSeconds(5));
        var http = provider.GetRequiredService<IHttpClientFactory>().CreateClient("pack");

        var item = await http.GetFromPackAsync<Item>("flaky/get/2");

        Assert.NotNull(item);
        Assert.Equal("get", item.Name);
        Assert.Equal(3, _attempts["get"]);
        // Every attempt asked for Pack and carried the call's deadline.
        Assert.All(_seen.Where(s => s.StartsWith("get ", StringComparison.Ordinal)), s => Assert.Matches(@"^get application/x-pack, application/json;q=0\.9 \d+m$", s));
    }

    [Fact]
    public async Task PostAsPackAsync_RetriedAfter503_SendsTheBodyAgain()
    {
        using var provider = Services(deadline: TimeSpan.FromSeconds(20), attemptTimeout: TimeSpan.FromSeconds(5));
        var http = provider.GetRequiredService<IHttpClientFactory>().CreateClient("pack");
        var sent = Sample("posted");

        var echoed = await http.PostAsPackAsync<Item, Item>("flaky-echo/post", sent);

        Assert.Equal(2, _attempts["post"]);
        Assert.NotNull(echoed);
        Assert.Equal(sent.Name, echoed.Name);
        Assert.Equal(sent.Tags, echoed.Tags);
    }

    [Fact]
    public async Task GetFromPackAsync_AttemptTimesOut_RetriedWithinTheDeadline()
    {
        using var provider = Services(deadline: TimeSpan.FromSeconds(20), attemptTimeout: TimeSpan.FromMilliseconds(500));
        var http = provider.GetRequiredService<IHttpClientFactory>().CreateClient("pack");

        var item = await http.GetFromPackAsync<Item>("slow/timeout/1");

        Assert.Equal("timeout", item?.Name);
        Assert.Equal(2, _attempts["timeout"]);
    }

    [Fact]
    public async Task GetFromPackAsync_DeadlineShorterThanRetries_PackDeadlineExceededException()
    {
        // The deadline handler sits outside the resilience handler: one deadline for the call, retries included.
        using var provider = Services(deadline: TimeSpan.FromMilliseconds(1200), attemptTimeout: TimeSpan.FromMilliseconds(500));
        var http = provider.GetRequiredService<IHttpClientFactory>().CreateClient("pack");

        var exception = await Assert.ThrowsAsync<PackDeadlineExceededException>(() => http.GetFromPackAsync<Item>("slow/deadline/100"));

        Assert.False(exception.ReportedByServer);
        Assert.InRange(_attempts["deadline"], 2, 3);
    }

    private ServiceProvider Services(TimeSpan deadline, TimeSpan attemptTimeout)
    {
        var services = new ServiceCollection();
        services.AddHttpClient("pack", client => client.BaseAddress = _baseAddress)
            .AddPackNegotiation()
            .AddPackDeadline(deadline)
            .AddStandardResilienceHandler(options =>
            {
                options.Retry.Delay = TimeSpan.FromMilliseconds(20);
                options.Retry.BackoffType = DelayBackoffType.Constant;
                options.Retry.UseJitter = false;
                options.Retry.MaxRetryAttempts = 3;
                options.AttemptTimeout.Timeout = attemptTimeout;
                options.CircuitBreaker.SamplingDuration = TimeSpan.FromSeconds(30);
                options.TotalRequestTimeout.Timeout = TimeSpan.FromSeconds(25);
            });
        return services.BuildServiceProvider();
    }

    private int Attempt(string key, HttpContext context)
    {
        _seen.Enqueue($"{key} {context.Request.Headers.Accept} {context.Request.Headers["Pack-Timeout"]}");
        return _attempts.AddOrUpdate(key, 1, (_, count) => count + 1);
    }

    private static Item Sample(string name) => new() { Id = 7, Name = name, Price = 1.5, Tags = ["a", "b"] };
}

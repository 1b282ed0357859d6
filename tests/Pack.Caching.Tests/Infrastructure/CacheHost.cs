using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Pack.Caching.Tests;

/// <summary>
/// One "replica": a service provider with HybridCache and Pack's serializer over a given second level (the cache the
/// replicas share), and the log lines it wrote. Two hosts over one store stand for two versions of a service.
/// </summary>
internal sealed class CacheHost : IDisposable
{
    private readonly ServiceProvider _services;

    public CacheHost(IDistributedCache? secondLevel, bool pack = true)
        : this(services =>
        {
            if (secondLevel is not null)
            {
                services.AddSingleton(secondLevel);
            }
        }, pack)
    {
    }

    /// <summary>A host whose second level <paramref name="configure"/> registers (Redis: <c>AddStackExchangeRedisCache</c>).</summary>
    public CacheHost(Action<IServiceCollection> configure, bool pack = true)
    {
        var services = new ServiceCollection();
        services.AddLogging(logging => logging.AddProvider(Log).SetMinimumLevel(LogLevel.Debug));
        services.AddMetrics();
        configure(services);
        var builder = services.AddHybridCache(options =>
        {
            // No L1: every read goes to the shared second level and through the serializer, as on a replica that has
            // not seen the key yet.
            options.DefaultEntryOptions = new HybridCacheEntryOptions { Flags = HybridCacheEntryFlags.DisableLocalCache, Expiration = TimeSpan.FromMinutes(5) };
        });
        if (pack)
        {
            builder.AddPackSerializer();
        }

        _services = services.BuildServiceProvider();
        Cache = _services.GetRequiredService<HybridCache>();
    }

    public HybridCache Cache { get; }

    public LogCollector Log { get; } = new();

    public IServiceProvider Services => _services;

    public void Dispose() => _services.Dispose();
}

using Microsoft.Extensions.Caching.StackExchangeRedis;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using StackExchange.Redis;

namespace Pack.Caching.Tests;

/// <summary>Replicas and stores over a real Redis, with the fail-fast client options of docs/caching.md §6.</summary>
internal static class RedisHosts
{
    public static CacheHost Replica(ConfigurationOptions options, bool pack = true) =>
        new(services => services.AddStackExchangeRedisCache(redis => redis.ConfigurationOptions = options.Clone()), pack);

    public static RedisCache Store(ConfigurationOptions options) =>
        new(Options.Create(new RedisCacheOptions { ConfigurationOptions = options.Clone() }));
}

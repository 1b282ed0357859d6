using Microsoft.Extensions.Caching.Hybrid;

namespace Pack.Samples.WebApi.Caching;

/// <summary>
/// HybridCache with Pack as its serializer (docs/caching.md). With <c>Redis:Configuration</c> set (docker-compose sets
/// <c>Redis__Configuration</c>), Redis is the second level every replica shares, with the bounded timeouts of
/// docs/caching.md §6; without it the cache is in-process only, so the sample runs anywhere.
/// </summary>
public static class SampleCaching
{
    /// <summary>Whether the app is configured with a Redis server (<c>Redis:Configuration</c>).</summary>
    public static bool HasRedis(IConfiguration configuration) => configuration["Redis:Configuration"] is { Length: > 0 };

    public static WebApplicationBuilder AddSampleCaching(this WebApplicationBuilder builder)
    {
        if (builder.Configuration["Redis:Configuration"] is { Length: > 0 } redis)
        {
            builder.Services.AddStackExchangeRedisCache(options =>
            {
                var configuration = StackExchange.Redis.ConfigurationOptions.Parse(redis);
                configuration.AbortOnConnectFail = false;
                configuration.ConnectTimeout = 500;
                configuration.SyncTimeout = 500;
                configuration.AsyncTimeout = 500;
                configuration.ConnectRetry = 0;
                options.ConfigurationOptions = configuration;
                options.InstanceName = "pack-sample:";
            });
        }

        builder.Services.AddHybridCache(options => options.DefaultEntryOptions = new HybridCacheEntryOptions
        {
            Expiration = TimeSpan.FromMinutes(5),
            LocalCacheExpiration = TimeSpan.FromSeconds(30),
        }).AddPackSerializer();
        builder.Services.AddSingleton<CacheReadCounts>();
        return builder;
    }
}

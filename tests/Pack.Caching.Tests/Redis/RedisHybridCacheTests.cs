using Pack.Caching.Tests.Contracts;
using Microsoft.Extensions.Caching.Hybrid;
using StackExchange.Redis;

namespace Pack.Caching.Tests;

/// <summary>HybridCache with Pack's serializer over a real redis-server shared by replicas of two contract versions.</summary>
public sealed class RedisHybridCacheTests : IClassFixture<RedisServer>
{
    private readonly RedisServer _redis;

    public RedisHybridCacheTests(RedisServer redis)
    {
        _redis = redis;
        _redis.Require();
    }

    [Fact]
    public async Task GetOrCreatePackAsync_ReplicasOfThreeVersions_CompatibleReadIncompatibleRefilled()
    {
        using var v1 = RedisHosts.Replica(_redis.ClientOptions());
        using var v2 = RedisHosts.Replica(_redis.ClientOptions());
        using var retyped = RedisHosts.Replica(_redis.ClientOptions());
        using var recorder = new MeasurementRecorder(PackCacheMeter.Name);
        string key = NewKey();

        await v1.Cache.GetOrCreatePackAsync(key, _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Ada" }));
        await WaitForAsync(key, "Ada");
        var compatible = await v2.Cache.GetOrCreatePackAsync<OrderV2>(key, _ => throw new InvalidOperationException("the factory ran"));
        var refilled = await retyped.Cache.GetOrCreatePackAsync(key, _ => ValueTask.FromResult(new OrderRetyped { Id = 5_000_000_000, Customer = "Refilled" }));

        Assert.Equal(("Ada", 0m), (compatible.Customer, compatible.Total));
        Assert.Equal("Refilled", refilled.Customer);
        Assert.True(recorder.Sum(PackCacheMeter.Hits, PackCacheMeter.ReadTag, "compatible") >= 1);
        Assert.True(recorder.Sum(PackCacheMeter.Misses, PackCacheMeter.ReasonTag, "incompatible") >= 1);
        Assert.True(retyped.Log.Contains(PackCacheLog.Category, "MEMBER_RETYPED"));
    }

    [Fact]
    public async Task GetOrCreatePackAsync_EntryInRedis_StoresPackEnvelope()
    {
        using var host = RedisHosts.Replica(_redis.ClientOptions());
        string key = NewKey();

        await host.Cache.GetOrCreatePackAsync(key, _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Ada" }));

        byte[] stored = await WaitForAsync(key, "Ada");
        Assert.True(stored.AsSpan().IndexOf("PKC\u0002"u8) >= 0, "the Redis value holds a Pack cache entry");
    }

    [Theory]
    [InlineData("garbage")]
    [InlineData("truncated")]
    [InlineData("json")]
    public async Task GetOrCreatePackAsync_EntryOverwrittenInRedis_RefilledNeverMisread(string fault)
    {
        using var host = RedisHosts.Replica(_redis.ClientOptions());
        using var json = RedisHosts.Replica(_redis.ClientOptions(), pack: false);
        string key = NewKey();
        await host.Cache.GetOrCreatePackAsync(key, _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Ada" }));
        byte[] stored = await WaitForAsync(key, "Ada");
        switch (fault)
        {
            case "garbage":
                await SetDataAsync(key, "\u00ff\u00fe not a cache entry"u8.ToArray());
                break;
            case "truncated":
                await SetDataAsync(key, stored[..(stored.Length - 3)]);
                break;
            default:
                await DeleteAsync(key);
                await json.Cache.GetOrCreateAsync(key, _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Json" }));
                await WaitForAsync(key, "Json");
                break;
        }

        var read = await host.Cache.GetOrCreatePackAsync(key, _ => ValueTask.FromResult(new OrderV1 { Id = 2, Customer = "Refilled" }));

        Assert.Equal((2, "Refilled"), (read.Id, read.Customer));
    }

    private static string NewKey() => "pack-tests:" + Guid.NewGuid().ToString("n");

    // Microsoft's Redis cache keeps each entry in a hash: the value is its "data" field.
    private async Task<byte[]> WaitForAsync(string key, string marker)
    {
        using var connection = await ConnectionMultiplexer.ConnectAsync(_redis.ClientOptions(5000));
        byte[] expected = System.Text.Encoding.UTF8.GetBytes(marker);
        for (int i = 0; i < 500; i++)
        {
            byte[]? value = await connection.GetDatabase().HashGetAsync(key, "data");
            if (value is not null && value.AsSpan().IndexOf(expected) >= 0)
            {
                return value;
            }

            await Task.Delay(10);
        }

        Assert.Fail($"Redis never held {marker} at {key}.");
        return [];
    }

    private async Task SetDataAsync(string key, byte[] data)
    {
        using var connection = await ConnectionMultiplexer.ConnectAsync(_redis.ClientOptions(5000));
        await connection.GetDatabase().HashSetAsync(key, "data", data);
    }

    private async Task DeleteAsync(string key)
    {
        using var connection = await ConnectionMultiplexer.ConnectAsync(_redis.ClientOptions(5000));
        await connection.GetDatabase().KeyDeleteAsync(key);
    }
}

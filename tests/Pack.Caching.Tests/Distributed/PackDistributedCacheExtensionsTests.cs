using Microsoft.Extensions.Caching.Distributed;
using Pack.Caching.Tests.Contracts;
using StackExchange.Redis;

namespace Pack.Caching.Tests;

/// <summary>The IDistributedCache extensions over a real redis-server.</summary>
public sealed class PackDistributedCacheExtensionsTests : IClassFixture<RedisServer>
{
    private readonly RedisServer _redis;

    public PackDistributedCacheExtensionsTests(RedisServer redis)
    {
        _redis = redis;
        _redis.Require();
    }

    [Fact]
    public async Task GetFromPackAsync_AfterSetAsPackAsync_FoundWithValue()
    {
        using var store = RedisHosts.Store(_redis.ClientOptions());
        string key = NewKey();

        await store.SetAsPackAsync(key, new OrderV1 { Id = 1, Customer = "Ada" });
        var read = await store.GetFromPackAsync<OrderV1>(key);

        Assert.True(read.Found);
        Assert.Equal("Ada", read.Value!.Customer);
        Assert.Equal("PKC\u0002"u8.ToArray(), (await store.GetAsync(key))![..4]);
        var schema = Pack.Schema.PackSchema.For(typeof(OrderV1));
        Assert.Equal(schema.CanonicalText, System.Text.Encoding.UTF8.GetString((await store.GetAsync("pack-schema:" + schema.ContractFingerprint))!));
    }

    [Fact]
    public async Task GetFromPackAsync_Absent_NotFound()
    {
        using var store = RedisHosts.Store(_redis.ClientOptions());

        var read = await store.GetFromPackAsync<OrderV1>(NewKey());

        Assert.False(read.Found);
    }

    [Fact]
    public async Task GetFromPackAsync_CachedNull_FoundNull()
    {
        using var store = RedisHosts.Store(_redis.ClientOptions());
        string key = NewKey();

        await store.SetAsPackAsync<OrderV1?>(key, null);
        var read = await store.GetFromPackAsync<OrderV1>(key);

        Assert.True(read.Found);
        Assert.Null(read.Value);
    }

    [Fact]
    public async Task GetFromPackAsync_OtherVersions_AppendedReadRetypedRefused()
    {
        using var store = RedisHosts.Store(_redis.ClientOptions());
        var log = new LogCollector();
        string key = NewKey();
        await store.SetAsPackAsync(key, new OrderV2 { Id = 1, Customer = "Ada", Total = 2m });

        var older = await store.GetFromPackAsync<OrderV1>(key);
        var retyped = await store.GetFromPackAsync<OrderRetyped>(key, log.CreateLogger("test"));

        Assert.True(older.Found);
        Assert.Equal("Ada", older.Value!.Customer);
        Assert.False(retyped.Found);
        Assert.True(log.Contains("test", "MEMBER_RETYPED"), string.Join("\n", log.Lines));
    }

    [Theory]
    [InlineData("garbage")]
    [InlineData("truncated")]
    [InlineData("json")]
    [InlineData("huge-declared-schema")]
    public async Task GetOrCreatePackAsync_EntryOverwritten_RefilledNeverMisread(string fault)
    {
        using var store = RedisHosts.Store(_redis.ClientOptions());
        string key = NewKey();
        await store.SetAsPackAsync(key, new OrderV1 { Id = 1, Customer = "Ada" });
        byte[] stored = (await store.GetAsync(key))!;
        byte[] overwrite = fault switch
        {
            "garbage" => "\u00ff\u00fe not a cache entry"u8.ToArray(),
            "truncated" => stored[..(stored.Length - 1)],
            "json" => System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(new OrderV1 { Id = 1, Customer = "Json" }),
            _ => [.. stored[..12], 0xFF, 0xFF, 0xFF, 0x7F, .. stored[16..]],
        };
        using (var connection = await ConnectionMultiplexer.ConnectAsync(_redis.ClientOptions(5000)))
        {
            await connection.GetDatabase().HashSetAsync(key, "data", overwrite);
        }

        var refused = await store.GetFromPackAsync<OrderV1>(key);
        var read = await store.GetOrCreatePackAsync(key, _ => ValueTask.FromResult(new OrderV1 { Id = 2, Customer = "Refilled" }));
        var again = await store.GetFromPackAsync<OrderV1>(key);

        Assert.False(refused.Found);
        Assert.Equal((2, "Refilled"), (read.Id, read.Customer));
        Assert.Equal("Refilled", again.Value!.Customer);
    }

    [Fact]
    public async Task SetAsPackAsync_TypeWithoutSchema_ThrowsNotSupported()
    {
        using var store = RedisHosts.Store(_redis.ClientOptions());

        await Assert.ThrowsAsync<NotSupportedException>(() => store.SetAsPackAsync(NewKey(), new object()));
    }

    private static string NewKey() => "pack-tests:" + Guid.NewGuid().ToString("n");
}

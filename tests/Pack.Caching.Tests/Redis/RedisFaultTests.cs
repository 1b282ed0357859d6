using System.Diagnostics;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Pack.Caching.Tests.Contracts;
using StackExchange.Redis;

namespace Pack.Caching.Tests;

/// <summary>
/// Redis failing under HybridCache and the IDistributedCache extensions: unreachable at start, stopped mid-run, slow
/// (DEBUG SLEEP), out of memory (maxmemory with noeviction). The call keeps answering with the factory's value (the cache
/// bypassed) within a bound set by the client's 500 ms timeouts (docs/caching.md §6); nothing is misread. The bounds
/// below are generous (a loaded machine): they tell a bounded call from one that waits for Redis.
/// </summary>
public sealed class RedisFaultTests : IClassFixture<RedisServer>
{
    private const int TimeoutMilliseconds = 500;
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(4);
    private readonly RedisServer _redis;

    public RedisFaultTests(RedisServer redis)
    {
        _redis = redis;
        _redis.Require();
    }

    [Fact]
    public async Task GetOrCreatePackAsync_RedisUnreachableAtStart_AnswersFromFactoryWithinBound()
    {
        var nowhere = RedisServer.FailFastOptions($"127.0.0.1:{RedisServer.FreePort()}", TimeoutMilliseconds);
        using var host = RedisHosts.Replica(nowhere);
        using var store = RedisHosts.Store(nowhere);

        for (int i = 0; i < 3; i++)
        {
            var started = Stopwatch.StartNew();
            var read = await host.Cache.GetOrCreatePackAsync("k" + i, _ => ValueTask.FromResult(new OrderV1 { Id = i, Customer = "Factory" }));
            var direct = await store.GetOrCreatePackAsync("d" + i, _ => ValueTask.FromResult(new OrderV1 { Id = i, Customer = "Factory" }));

            Assert.Equal((i, "Factory", i, "Factory"), (read.Id, read.Customer, direct.Id, direct.Customer));
            Assert.True(started.Elapsed < Bound * 2, $"call {i} took {started.Elapsed}");
        }
    }

    [Fact]
    public async Task GetOrCreatePackAsync_RedisStoppedMidRunAndRestarted_KeepsAnsweringThenCachesAgain()
    {
        try
        {
            using var host = RedisHosts.Replica(_redis.ClientOptions(TimeoutMilliseconds));
            using var store = RedisHosts.Store(_redis.ClientOptions(TimeoutMilliseconds));
            await host.Cache.GetOrCreatePackAsync("before", _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Before" }));
            await store.SetAsPackAsync("direct", new OrderV1 { Id = 1, Customer = "Before" });

            _redis.Stop();
            for (int i = 0; i < 3; i++)
            {
                var started = Stopwatch.StartNew();
                var read = await host.Cache.GetOrCreatePackAsync("during" + i, _ => ValueTask.FromResult(new OrderV1 { Id = i, Customer = "During" }));
                var direct = await store.GetOrCreatePackAsync("direct", _ => ValueTask.FromResult(new OrderV1 { Id = i, Customer = "During" }));

                Assert.Equal(("During", "During"), (read.Customer, direct.Customer));
                Assert.True(started.Elapsed < Bound * 2, $"call {i} with Redis stopped took {started.Elapsed}");
            }

            Assert.Null(_redis.Start());
            await WaitUntilAsync(async () => (await TryGetAsync(store, "never-set")) is not null);
            await store.SetAsPackAsync("after", new OrderV1 { Id = 3, Customer = "After" });
            var after = await store.GetFromPackAsync<OrderV1>("after");

            Assert.True(after.Found);
            Assert.Equal("After", after.Value!.Customer);
        }
        finally
        {
            _redis.Start();
        }
    }

    [Fact]
    public async Task GetOrCreatePackAsync_RedisSlow_AnswersWithinBound()
    {
        using var host = RedisHosts.Replica(_redis.ClientOptions(TimeoutMilliseconds));
        using var store = RedisHosts.Store(_redis.ClientOptions(TimeoutMilliseconds));
        await store.SetAsPackAsync("warm", new OrderV1());

        var sleeping = Task.Run(() => _redis.Execute("DEBUG", "SLEEP", "5"));
        await Task.Delay(300);
        var started = Stopwatch.StartNew();
        var read = await host.Cache.GetOrCreatePackAsync("slow", _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Factory" }));
        var direct = await store.GetOrCreatePackAsync("slow-direct", _ => ValueTask.FromResult(new OrderV1 { Id = 2, Customer = "Factory" }));
        var elapsed = started.Elapsed;
        await sleeping;

        Assert.Equal(("Factory", "Factory"), (read.Customer, direct.Customer));
        Assert.True(elapsed < Bound, $"the calls took {elapsed} while Redis slept 5 s");
    }

    [Fact]
    public async Task GetOrCreatePackAsync_RedisOutOfMemory_AnswersAndReadsWhatItHolds()
    {
        using var host = RedisHosts.Replica(_redis.ClientOptions(TimeoutMilliseconds));
        using var store = RedisHosts.Store(_redis.ClientOptions(TimeoutMilliseconds));
        await store.SetAsPackAsync("kept", new OrderV1 { Id = 1, Customer = "Kept" });
        try
        {
            _redis.Execute("CONFIG", "SET", "maxmemory-policy", "noeviction");
            _redis.Execute("CONFIG", "SET", "maxmemory", "2mb");
            var big = new string('x', 64 * 1024);
            // The fill goes through a client with a 10 s timeout: on a loaded machine a 64 KiB write can take
            // longer than 500 ms, and what is under test is Redis refusing writes (OOM), not the fill's own speed.
            using var filler = RedisHosts.Store(_redis.ClientOptions(10_000));
            var failed = await Assert.ThrowsAnyAsync<RedisException>(async () =>
            {
                for (int i = 0; i < 10_000; i++)
                {
                    await filler.SetAsPackAsync("fill" + i, new OrderV1 { Id = i, Customer = big });
                }
            });
            Assert.Contains("OOM", failed.Message);

            var read = await host.Cache.GetOrCreatePackAsync("new", _ => ValueTask.FromResult(new OrderV1 { Id = 2, Customer = "Factory" }));
            var created = await store.GetOrCreatePackAsync("new-direct", _ => ValueTask.FromResult(new OrderV1 { Id = 3, Customer = "Factory" }));
            var kept = await store.GetFromPackAsync<OrderV1>("kept");

            Assert.Equal(("Factory", "Factory"), (read.Customer, created.Customer));
            Assert.Equal("Kept", kept.Value!.Customer);
        }
        finally
        {
            _redis.Execute("CONFIG", "SET", "maxmemory", "0");
            _redis.Execute("FLUSHALL");
        }
    }

    private static async Task<string?> TryGetAsync(IDistributedCache store, string key)
    {
        try
        {
            await store.GetAsync(key);
            return "reachable";
        }
        catch (Exception exception) when (exception is RedisException or TimeoutException)
        {
            // Not yet reconnected: StackExchange.Redis reports that as a RedisConnectionException or, while the
            // command waits in its backlog, a RedisTimeoutException (a TimeoutException, not a RedisException).
            return null;
        }
    }

    private static async Task WaitUntilAsync(Func<Task<bool>> condition)
    {
        for (int i = 0; i < 100; i++)
        {
            if (await condition())
            {
                return;
            }

            await Task.Delay(100);
        }

        Assert.Fail("Redis did not come back within 10 s.");
    }
}

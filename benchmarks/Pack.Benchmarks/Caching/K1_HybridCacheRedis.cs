using System.Buffers;
using System.Globalization;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Reporting;
using Pack.Benchmarks.Workloads;
using Pack.Caching.Tests;

namespace Pack.Benchmarks.Caching;

/// <summary>
/// K1: HybridCache with Microsoft's Redis cache (<c>AddStackExchangeRedisCache</c>) as its second level, against a
/// real <c>redis-server</c> on 127.0.0.1 (started per global setup, no persistence, stopped in cleanup), for W4 (1,000
/// members) and W6, per serializer: HybridCache's default (System.Text.Json, <c>JsonSerializerOptions.Default</c>),
/// Pack (<c>AddPackSerializer()</c>), MemoryPack and MessagePack (the benchmark's own adapters,
/// <see cref="MemoryPackHybridCacheSerializer{T}"/>, <see cref="MessagePackHybridCacheSerializer{T}"/>, over the
/// attributed contracts the codec benchmarks use). JSON and Pack cache the plain workload classes.
/// </summary>
/// <remarks>
/// <para><c>Set_*</c>: <c>SetAsync</c>, which serializes and awaits the Redis write. <c>Get_*</c>:
/// <c>GetOrCreateAsync</c> with <see cref="HybridCacheEntryFlags.DisableLocalCache"/>, so HybridCache skips its first
/// level and reads the entry from Redis, checks its header and deserializes it (DefaultHybridCache: no L1 lookup
/// when <c>DisableLocalCacheRead</c> is set, then <c>GetFromL2DirectAsync</c>; no L1 write with
/// <c>DisableLocalCacheWrite</c>). The factory throws, so a miss fails the benchmark instead of timing the factory.
/// Both use the same flags, so neither keeps the value in memory.</para>
/// <para>The Payload column is the size of the value Redis holds for the entry (the <c>data</c> field of the hash
/// Microsoft's Redis cache writes: HybridCache's header, which holds the key, then the serializer's bytes), measured
/// in the BenchmarkDotNet host against a Redis of its own. Every global setup also prints the serializer's bytes and
/// the header (<c>// K1 entry</c> lines in the log).</para>
/// </remarks>
public class K1_HybridCacheRedis : IPayloadSizeSource, IDisposable
{
    /// <summary>W4 with 1,000 members.</summary>
    public const string W4 = "W4_Organization1000";

    /// <summary>W6.</summary>
    public const string W6 = "W6_SmallObject";

    private const string Key = "k1:entry";
    private const string SetCategory = "Set";
    private const string GetCategory = "Get";

    private RedisServer? _redis;
    private ServiceProvider? _provider;
    private ICacheLane _lane = null!;

    /// <summary>The workload shape.</summary>
    [Params(W4, W6)]
    public string Shape { get; set; } = W4;

    /// <summary>The four serializers.</summary>
    public enum Serializer
    {
        /// <summary>HybridCache's default, System.Text.Json.</summary>
        Json,

        /// <summary>Pack.Caching's <c>AddPackSerializer()</c>.</summary>
        Pack,

        /// <summary>MemoryPack through <see cref="MemoryPackHybridCacheSerializer{T}"/>.</summary>
        MemoryPack,

        /// <summary>MessagePack through <see cref="MessagePackHybridCacheSerializer{T}"/>.</summary>
        MessagePack,
    }

    /// <summary>Bytes of the value Redis holds for the entry, after the last setup.</summary>
    public int EntryBytes { get; private set; }

    /// <summary>Bytes the serializer wrote for the value, after the last setup.</summary>
    public int SerializerBytes { get; private set; }

    /// <summary>Setup for the JSON default.</summary>
    [GlobalSetup(Targets = [nameof(Set_Json), nameof(Get_Json)])]
    public void SetupJson() => Setup(Serializer.Json);

    /// <summary>Setup for Pack.</summary>
    [GlobalSetup(Targets = [nameof(Set_Pack), nameof(Get_Pack)])]
    public void SetupPack() => Setup(Serializer.Pack);

    /// <summary>Setup for MemoryPack.</summary>
    [GlobalSetup(Targets = [nameof(Set_MemoryPack), nameof(Get_MemoryPack)])]
    public void SetupMemoryPack() => Setup(Serializer.MemoryPack);

    /// <summary>Setup for MessagePack.</summary>
    [GlobalSetup(Targets = [nameof(Set_MessagePack), nameof(Get_MessagePack)])]
    public void SetupMessagePack() => Setup(Serializer.MessagePack);

    /// <summary>Stops Redis.</summary>
    [GlobalCleanup]
    public void Cleanup() => Dispose();

    /// <summary>SetAsync, HybridCache's default serializer.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(SetCategory)]
    public ValueTask Set_Json() => _lane.SetAsync();

    /// <summary>SetAsync, Pack.</summary>
    [Benchmark, BenchmarkCategory(SetCategory)]
    public ValueTask Set_Pack() => _lane.SetAsync();

    /// <summary>SetAsync, MemoryPack.</summary>
    [Benchmark, BenchmarkCategory(SetCategory)]
    public ValueTask Set_MemoryPack() => _lane.SetAsync();

    /// <summary>SetAsync, MessagePack.</summary>
    [Benchmark, BenchmarkCategory(SetCategory)]
    public ValueTask Set_MessagePack() => _lane.SetAsync();

    /// <summary>A read from Redis, HybridCache's default serializer.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(GetCategory)]
    public ValueTask<object> Get_Json() => _lane.GetAsync();

    /// <summary>A read from Redis, Pack.</summary>
    [Benchmark, BenchmarkCategory(GetCategory)]
    public ValueTask<object> Get_Pack() => _lane.GetAsync();

    /// <summary>A read from Redis, MemoryPack.</summary>
    [Benchmark, BenchmarkCategory(GetCategory)]
    public ValueTask<object> Get_MemoryPack() => _lane.GetAsync();

    /// <summary>A read from Redis, MessagePack.</summary>
    [Benchmark, BenchmarkCategory(GetCategory)]
    public ValueTask<object> Get_MessagePack() => _lane.GetAsync();

    /// <inheritdoc/>
    public int? GetPayloadSize(string benchmarkMethod)
    {
        var name = benchmarkMethod[(benchmarkMethod.IndexOf('_', StringComparison.Ordinal) + 1)..];
        if (!Enum.TryParse<Serializer>(name, out var serializer))
        {
            return null;
        }

        Setup(serializer);
        return EntryBytes;
    }

    /// <summary>Stops Redis and disposes the cache.</summary>
    public void Dispose()
    {
        _provider?.Dispose();
        _provider = null;
        _redis?.Dispose();
        _redis = null;
        GC.SuppressFinalize(this);
    }

    /// <summary>Starts Redis and HybridCache for <paramref name="serializer"/>, stores the entry once and checks that a read returns it.</summary>
    public void Setup(Serializer serializer)
    {
        Dispose();
        _redis = new RedisServer();
        if (_redis.Problem is { } problem)
        {
            throw new InvalidOperationException(problem);
        }

        var services = new ServiceCollection();
        var clientOptions = _redis.ClientOptions();
        services.AddStackExchangeRedisCache(redis => redis.ConfigurationOptions = clientOptions);
        var builder = services.AddHybridCache(options => options.MaximumPayloadBytes = 64 * 1024 * 1024);
        switch (serializer)
        {
            case Serializer.Pack:
                builder.AddPackSerializer();
                break;
            case Serializer.MemoryPack:
                builder.AddSerializer(new MemoryPackHybridCacheSerializer<OrganizationContract>());
                builder.AddSerializer(new MemoryPackHybridCacheSerializer<SmallObjectContract>());
                break;
            case Serializer.MessagePack:
                builder.AddSerializer(new MessagePackHybridCacheSerializer<OrganizationContract>());
                builder.AddSerializer(new MessagePackHybridCacheSerializer<SmallObjectContract>());
                break;
        }

        _provider = services.BuildServiceProvider();
        var cache = _provider.GetRequiredService<HybridCache>();
        var contracts = serializer is Serializer.MemoryPack or Serializer.MessagePack;
        _lane = (Shape, contracts) switch
        {
            (W4, false) => new CacheLane<Organization>(cache, WorkloadData.Organization(1_000), static o => (o.Members!.Count, o.Members[^1].Address)),
            (W4, true) => new CacheLane<OrganizationContract>(cache, ContractMapper.ToContract(WorkloadData.Organization(1_000)), static o => (o.Members!.Count, o.Members[^1].Address)),
            (W6, false) => new CacheLane<SmallObject>(cache, WorkloadData.SmallObject(), static o => (o.Score, o.Greeting)),
            (W6, true) => new CacheLane<SmallObjectContract>(cache, ContractMapper.ToContract(WorkloadData.SmallObject()), static o => (o.Score, o.Greeting)),
            _ => throw new InvalidOperationException($"Unknown shape {Shape}."),
        };

        _lane.SetAsync().AsTask().GetAwaiter().GetResult();
        var stored = _provider.GetRequiredService<IDistributedCache>().Get(Key)
            ?? throw new InvalidOperationException($"{serializer}: SetAsync left no value in Redis under {Key}.");
        EntryBytes = stored.Length;
        SerializerBytes = _lane.SerializedLength(_provider, serializer);
        _lane.Check(_lane.GetAsync().AsTask().GetAwaiter().GetResult());
        var memory = _redis.Execute("MEMORY", "USAGE", Key);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"// K1 entry {Shape} {serializer}: Redis value {EntryBytes} B = serializer {SerializerBytes} B + HybridCache header {EntryBytes - SerializerBytes} B; MEMORY USAGE {memory} B{_lane.RelaxedJsonNote(serializer)}"));
    }

    private interface ICacheLane
    {
        ValueTask SetAsync();

        ValueTask<object> GetAsync();

        int SerializedLength(IServiceProvider provider, Serializer serializer);

        void Check(object read);

        string RelaxedJsonNote(Serializer serializer);
    }

    private sealed class CacheLane<T>(HybridCache cache, T value, Func<T, object> digest) : ICacheLane
        where T : class
    {
        private static readonly HybridCacheEntryOptions SetOptions = new() { Flags = HybridCacheEntryFlags.DisableLocalCache };

        private static readonly HybridCacheEntryOptions GetOptions = new()
        {
            Flags = HybridCacheEntryFlags.DisableLocalCache | HybridCacheEntryFlags.DisableDistributedCacheWrite,
        };

        private static readonly JsonSerializerOptions RelaxedJson = new() { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

        private static readonly Func<CancellationToken, ValueTask<T>> Miss =
            static _ => throw new InvalidOperationException($"The entry was not read from Redis: HybridCache called the factory for {typeof(T).Name}.");

        public ValueTask SetAsync() => cache.SetAsync(Key, value, SetOptions);

        public async ValueTask<object> GetAsync() => await cache.GetOrCreateAsync(Key, Miss, GetOptions);

        public int SerializedLength(IServiceProvider provider, Serializer serializer)
        {
            var buffer = new ArrayBufferWriter<byte>();
            if (serializer == Serializer.Json)
            {
                // What HybridCache's default serializer writes: a Utf8JsonWriter over the target, JsonSerializerOptions.Default.
                using var writer = new Utf8JsonWriter(buffer);
                JsonSerializer.Serialize(writer, value, JsonSerializerOptions.Default);
                writer.Flush();
                return buffer.WrittenCount;
            }

            var adapter = provider.GetService<IHybridCacheSerializer<T>>();
            if (adapter is null)
            {
                // HybridCache asks its factories last-registered first (DefaultHybridCache reverses them).
                foreach (var factory in provider.GetServices<IHybridCacheSerializerFactory>().Reverse())
                {
                    if (factory.TryCreateSerializer(out adapter))
                    {
                        break;
                    }
                }
            }

            (adapter ?? throw new InvalidOperationException($"{serializer} has no serializer for {typeof(T).Name}.")).Serialize(value, buffer);
            return buffer.WrittenCount;
        }

        // For the reading of the results only: the default options escape every non-ASCII character (\uXXXX, 6 bytes for
        // a CJK character that UTF-8 writes in 3); an app may register options that do not.
        public string RelaxedJsonNote(Serializer serializer) => serializer != Serializer.Json ? ""
            : string.Create(CultureInfo.InvariantCulture,
                $" (JSON with UnsafeRelaxedJsonEscaping, not measured: {JsonSerializer.SerializeToUtf8Bytes(value, RelaxedJson).Length} B)");

        public void Check(object read)
        {
            var expected = digest(value);
            var actual = digest((T)read);
            if (!Equals(expected, actual))
            {
                throw new InvalidOperationException($"Read back {actual} from Redis, expected {expected}.");
            }
        }
    }
}

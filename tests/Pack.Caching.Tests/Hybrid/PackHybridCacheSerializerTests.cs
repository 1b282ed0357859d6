using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Pack.Caching.Tests.Contracts;

namespace Pack.Caching.Tests;

public class PackHybridCacheSerializerTests
{
    [Fact]
    public void AddPackSerializer_PackKnowsTheType_ResolvesPackSerializer()
    {
        using var host = new CacheHost(secondLevel: null);

        var factories = host.Services.GetServices<IHybridCacheSerializerFactory>().ToList();

        // HybridCache asks the factories last-registered first; AddHybridCache registered its JSON one before.
        var factory = factories[^1];
        Assert.True(factory.TryCreateSerializer<OrderV1>(out var serializer));
        Assert.IsType<PackHybridCacheSerializer<OrderV1>>(serializer);
    }

    [Fact]
    public void AddPackSerializer_CalledTwice_RegistersOneFactory()
    {
        var services = new ServiceCollection();
        services.AddHybridCache().AddPackSerializer().AddPackSerializer();

        Assert.Single(services, d => d.ImplementationType == typeof(PackHybridCacheSerializerFactory));
    }

    [Fact]
    public async Task GetOrCreateAsync_SharedSecondLevel_OtherReplicaReadsEntryWithoutFactory()
    {
        var store = NewStore();
        using var writer = new CacheHost(store);
        using var reader = new CacheHost(store);

        await writer.Cache.GetOrCreateAsync("order:1", _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Ada" }));
        await store.WaitForAsync("order:1", "Ada");
        int calls = 0;
        var read = await reader.Cache.GetOrCreateAsync("order:1", _ => { calls++; return ValueTask.FromResult(new OrderV1()); });

        Assert.Equal(0, calls);
        Assert.Equal("Ada", read.Customer);
    }

    [Fact]
    public async Task GetOrCreateAsync_EntryOfAppendedVersion_ReadAcrossVersionsBothWays()
    {
        var store = NewStore();
        using var v1 = new CacheHost(store);
        using var v2 = new CacheHost(store);

        await v1.Cache.GetOrCreateAsync("order:old", _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Ada" }));
        await v2.Cache.GetOrCreateAsync("order:new", _ => ValueTask.FromResult(new OrderV2 { Id = 2, Customer = "Grace", Total = 3m }));
        await store.WaitForAsync("order:old", "Ada");
        await store.WaitForAsync("order:new", "Grace");
        var newReadsOld = await v2.Cache.GetOrCreateAsync<OrderV2>("order:old", _ => throw new InvalidOperationException("the factory ran"));
        var oldReadsNew = await v1.Cache.GetOrCreateAsync<OrderV1>("order:new", _ => throw new InvalidOperationException("the factory ran"));

        Assert.Equal(("Ada", 0m), (newReadsOld.Customer, newReadsOld.Total));
        Assert.Equal((2, "Grace"), (oldReadsNew.Id, oldReadsNew.Customer));
    }

    [Fact]
    public async Task GetOrCreateAsync_IncompatibleEntry_MissRefilledAndLogged()
    {
        var store = NewStore();
        using var v1 = new CacheHost(store);
        using var retyped = new CacheHost(store);
        await v1.Cache.GetOrCreateAsync("order:1", _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Ada" }));
        await store.WaitForAsync("order:1", "Ada");

        int calls = 0;
        var read = await retyped.Cache.GetOrCreatePackAsync("order:1", _ => { calls++; return ValueTask.FromResult(new OrderRetyped { Id = 5_000_000_000, Customer = "Refilled" }); });
        await store.WaitForAsync("order:1", "Refilled");
        var again = await retyped.Cache.GetOrCreatePackAsync("order:1", _ => { calls++; return ValueTask.FromResult(new OrderRetyped()); });
        var olderReplicaAfterRefill = await v1.Cache.GetOrCreatePackAsync("order:1", _ => ValueTask.FromResult(new OrderV1 { Customer = "Refilled by v1" }));

        Assert.Equal(1, calls);
        Assert.Equal("Refilled", read.Customer);
        Assert.Equal(5_000_000_000, again.Id);
        Assert.True(retyped.Log.Contains(PackCacheLog.Category, "MEMBER_RETYPED"), string.Join("\n", retyped.Log.Lines));
        Assert.Equal("Refilled by v1", olderReplicaAfterRefill.Customer);
    }

    [Fact]
    public async Task GetOrCreateAsync_PlainCallOnIncompatibleEntry_ThrowsRefusedNotMisread()
    {
        // HybridCache hands a serializer's failure to the caller (docs/caching.md §4): the reason for GetOrCreatePackAsync.
        var store = NewStore();
        using var v1 = new CacheHost(store);
        using var retyped = new CacheHost(store);
        await v1.Cache.GetOrCreateAsync("order:1", _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Ada" }));
        await store.WaitForAsync("order:1", "Ada");

        var refused = await Assert.ThrowsAsync<PackCacheEntryRefusedException>(async () => await retyped.Cache.GetOrCreateAsync("order:1", _ => ValueTask.FromResult(new OrderRetyped())));

        Assert.Contains("incompatible", refused.Message);
    }

    [Fact]
    public async Task GetOrCreatePackAsync_EntryOfHybridCachesJsonSerializer_MissRefilledAsPack()
    {
        var store = NewStore();
        using var json = new CacheHost(store, pack: false);
        using var pack = new CacheHost(store);
        await json.Cache.GetOrCreateAsync("order:1", _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Json" }));
        await store.WaitForAsync("order:1", "Json");

        var read = await pack.Cache.GetOrCreatePackAsync("order:1", _ => ValueTask.FromResult(new OrderV1 { Id = 1, Customer = "Pack" }));

        Assert.Equal("Pack", read.Customer);
        Assert.True(pack.Log.Contains(PackCacheLog.Category, "not a Pack cache entry"), string.Join("\n", pack.Log.Lines));
        await store.WaitForAsync("order:1", "PKC");
    }

    [Theory]
    [InlineData(new byte[0])]
    [InlineData(new byte[] { 0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x31, 0x7D })]
    [InlineData(new byte[] { 0x50, 0x4B, 0x43, 0x01, 0xFF })]
    public async Task GetOrCreateAsync_GarbageInSecondLevel_MissRefilled(byte[] garbage)
    {
        var store = NewStore();
        using var host = new CacheHost(store);
        await store.SetAsync("order:1", garbage);

        var read = await host.Cache.GetOrCreatePackAsync("order:1", _ => ValueTask.FromResult(new OrderV1 { Id = 9, Customer = "Refilled" }));

        Assert.Equal("Refilled", read.Customer);
    }

    [Fact]
    public void Deserialize_RefusedEntry_CountedByReason()
    {
        using var host = new CacheHost(secondLevel: null);
        using var recorder = new MeasurementRecorder(PackCacheMeter.Name);
        var factory = host.Services.GetRequiredService<IHybridCacheSerializerFactory>();
        Assert.True(factory.TryCreateSerializer<OrderV2>(out var serializer));
        Assert.True(factory.TryCreateSerializer<OrderV1>(out var v1));
        var entry = new System.Buffers.ArrayBufferWriter<byte>();
        v1.Serialize(new OrderV1 { Id = 1 }, entry);

        serializer.Deserialize(new(entry.WrittenMemory));
        Assert.ThrowsAny<Exception>(() => serializer.Deserialize(new("garbage"u8.ToArray())));
        Assert.ThrowsAny<Exception>(() => factory.TryCreateSerializer<OrderRetyped>(out var retyped) ? retyped.Deserialize(new(entry.WrittenMemory)) : null);

        Assert.Equal(1, recorder.Sum(PackCacheMeter.Hits, PackCacheMeter.ReadTag, "compatible"));
        Assert.Equal(1, recorder.Sum(PackCacheMeter.Misses, PackCacheMeter.ReasonTag, "corrupt"));
        Assert.Equal(1, recorder.Sum(PackCacheMeter.Misses, PackCacheMeter.ReasonTag, "incompatible"));
    }

    private static SharedStore NewStore() => new();
}

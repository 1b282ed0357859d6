using System.Buffers;
using System.Buffers.Binary;
using System.Text;
using System.Text.Json;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Options;
using Pack.Caching.Tests.Contracts;

namespace Pack.Caching.Tests;

public class PackCacheEntryTests
{
    private static readonly OrderV1 Order = new() { Id = 42, Customer = "Ada" };

    private readonly MemoryDistributedCache _cache = new(Options.Create(new MemoryDistributedCacheOptions()));

    private PackSchemaStore Store => PackSchemaStore.For(_cache);

    [Fact]
    public void Write_Entry_IsHeaderWithContractFingerprintThenPayload()
    {
        byte[] entry = Write(Order);

        Assert.Equal("PKC"u8.ToArray(), entry[..3]);
        Assert.Equal(2, entry[3]);
        var schema = Pack.Schema.PackSchema.For(typeof(OrderV1));
        Assert.Equal(schema.ContractFingerprint, BinaryPrimitives.ReadUInt64BigEndian(entry.AsSpan(4)).ToString("x16"));
        Assert.Equal(PackSerializer.Serialize(Order), entry[12..]);
    }

    [Fact]
    public void Write_Entry_StoresWriterSchemaByContractFingerprint()
    {
        Write(Order);

        var schema = Pack.Schema.PackSchema.For(typeof(OrderV1));
        var stored = _cache.Get("pack-schema:" + schema.ContractFingerprint);
        Assert.NotNull(stored);
        Assert.Equal(schema.CanonicalText, Encoding.UTF8.GetString(stored));
    }

    [Fact]
    public void Read_OtherContractWithoutStoredSchema_RefusedUnknown()
    {
        byte[] entry = Write(Order);
        _cache.Remove("pack-schema:" + Pack.Schema.PackSchema.For(typeof(OrderV1)).ContractFingerprint);
        entry[4] ^= 0x5A; // a contract nobody stored (a remembered verdict is keyed by fingerprint, so this one is new)

        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(entry), Store);

        Assert.Equal(CacheEntryOutcome.Unknown, read.Outcome);
        Assert.Contains("not in the schema store", read.Reason);
    }

    [Fact]
    public void Read_OtherContractWithoutAnyStore_RefusedUnknown()
    {
        byte[] entry = Write(Order);
        entry[5] ^= 0x5A;

        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(entry), store: null);

        Assert.Equal(CacheEntryOutcome.Unknown, read.Outcome);
    }

    [Fact]
    public void Read_PayloadDeclaresHugeString_RefusedCorruptWithinBudget()
    {
        byte[] valid = Write(Order);
        byte[] prefix = valid[..(valid.Length - PackSerializer.Serialize(Order).Length)];
        // The top-level object (2 members), Id = 42, then a long-form string header declaring 2^31 - 2 UTF-8 bytes.
        byte[] payload = [0xFE, 0xFF, 0xFF, 0xFF, 0x02, 0x00, 0x2A, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x3F];
        byte[] entry = [.. prefix, .. payload];

        long before = GC.GetAllocatedBytesForCurrentThread();
        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(entry), Store);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(CacheEntryOutcome.Corrupt, read.Outcome);
        Assert.True(allocated < PackSerializerOptions.AllocationAllowance + 64 * 1024, $"{allocated} bytes allocated");
    }

    [Fact]
    public void Read_RandomGarbageAndMutations_NeverThrowNorAllocateBeyondBudget()
    {
        var random = new Random(45);
        byte[] valid = Write(new OrderV2 { Id = 3, Customer = "Katherine", Total = 1.25m });
        for (int i = 0; i < 20_000; i++)
        {
            byte[] entry = i % 4 == 0 ? RandomBytes(random, random.Next(0, 200)) : Mutate(random, valid);
            long before = GC.GetAllocatedBytesForCurrentThread();
            var read = PackCacheEntry<OrderV2>.Read(new ReadOnlySequence<byte>(entry), Store);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.True(allocated < PackSerializerOptions.AllocationAllowance + 64 * 1024, $"{allocated} bytes allocated for case {i}");
            Assert.True(read.IsHit || read.Reason is not null);
        }
    }

    private byte[] Write<T>(T value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        PackCacheEntry<T>.Write(buffer, value, null);
        PackSchemaStore.For(_cache).EnsureWrittenAsync(PackCacheEntry<T>.Contract!, CancellationToken.None).GetAwaiter().GetResult();
        return buffer.WrittenSpan.ToArray();
    }

    private static byte[] RandomBytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        if (length >= 3 && random.Next(2) == 0)
        {
            "PKC"u8.CopyTo(bytes);
        }

        return bytes;
    }

    private static byte[] Mutate(Random random, byte[] valid)
    {
        byte[] entry = valid[..random.Next(1, valid.Length + 1)];
        for (int flips = random.Next(1, 4); flips > 0; flips--)
        {
            entry[random.Next(entry.Length)] = (byte)random.Next(256);
        }

        return entry;
    }

    private sealed class ThrowingCache : IDistributedCache
    {
        public byte[]? Get(string key) => throw new InvalidOperationException("store down");

        public Task<byte[]?> GetAsync(string key, CancellationToken token = default) => throw new InvalidOperationException("store down");

        public void Refresh(string key) => throw new InvalidOperationException("store down");

        public Task RefreshAsync(string key, CancellationToken token = default) => throw new InvalidOperationException("store down");

        public void Remove(string key) => throw new InvalidOperationException("store down");

        public Task RemoveAsync(string key, CancellationToken token = default) => throw new InvalidOperationException("store down");

        public void Set(string key, byte[] value, DistributedCacheEntryOptions options) => throw new InvalidOperationException("store down");

        public Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default) => throw new InvalidOperationException("store down");
    }
}

using System.Buffers;
using System.Buffers.Binary;
using System.Text;
using System.Text.Json;
using Pack.Caching.Tests.Contracts;

namespace Pack.Caching.Tests;

public class PackCacheEntryTests
{
    private static readonly OrderV1 Order = new() { Id = 42, Customer = "Ada" };

    [Fact]
    public void Write_Entry_StartsWithHeaderFingerprintAndSchema()
    {
        byte[] entry = Write(Order);

        Assert.Equal("PKC"u8.ToArray(), entry[..3]);
        Assert.Equal(1, entry[3]);
        var schema = Pack.Schema.PackSchema.For(typeof(OrderV1));
        Assert.Equal(schema.WireFingerprint, BinaryPrimitives.ReadUInt64BigEndian(entry.AsSpan(4)).ToString("x16"));
        int schemaLength = (int)BinaryPrimitives.ReadUInt32LittleEndian(entry.AsSpan(12));
        Assert.Equal(schema.CanonicalText, Encoding.UTF8.GetString(entry, 16, schemaLength));
        Assert.Equal(PackSerializer.Serialize(Order), entry[(16 + schemaLength)..]);
    }

    [Fact]
    public void Read_SameContract_HitWithValue()
    {
        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(Write(Order)));

        Assert.Equal(CacheEntryOutcome.Hit, read.Outcome);
        Assert.Equal(42, read.Value!.Id);
        Assert.Equal("Ada", read.Value.Customer);
    }

    [Fact]
    public void Read_MultiSegmentEntry_HitWithValue()
    {
        byte[] entry = Write(Order);
        for (int cut = 1; cut < entry.Length; cut++)
        {
            var read = PackCacheEntry<OrderV1>.Read(Segments.Split(entry, cut));

            Assert.Equal(CacheEntryOutcome.Hit, read.Outcome);
            Assert.Equal("Ada", read.Value!.Customer);
        }
    }

    [Fact]
    public void Read_AppendedMemberInReader_CompatibleHitWithDefault()
    {
        var read = PackCacheEntry<OrderV2>.Read(new ReadOnlySequence<byte>(Write(Order)));

        Assert.Equal(CacheEntryOutcome.CompatibleHit, read.Outcome);
        Assert.Equal(42, read.Value!.Id);
        Assert.Equal("Ada", read.Value.Customer);
        Assert.Equal(0m, read.Value.Total);
    }

    [Fact]
    public void Read_AppendedMemberInWriter_CompatibleHitSkipsIt()
    {
        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(Write(new OrderV2 { Id = 7, Customer = "Grace", Total = 9.5m })));

        Assert.Equal(CacheEntryOutcome.CompatibleHit, read.Outcome);
        Assert.Equal(7, read.Value!.Id);
        Assert.Equal("Grace", read.Value.Customer);
    }

    [Fact]
    public void Read_RetypedMember_RefusedIncompatibleWithRule()
    {
        var read = PackCacheEntry<OrderRetyped>.Read(new ReadOnlySequence<byte>(Write(Order)));

        Assert.Equal(CacheEntryOutcome.Incompatible, read.Outcome);
        Assert.Contains("MEMBER_RETYPED", read.Reason);
        Assert.Null(read.Value);
    }

    [Fact]
    public void Read_SwappedMembersOfOneWireType_RefusedIncompatibleAlthoughBytesMatch()
    {
        Assert.Equal(Pack.Schema.PackSchema.For(typeof(Person)).WireFingerprint, Pack.Schema.PackSchema.For(typeof(PersonSwapped)).WireFingerprint);

        var read = PackCacheEntry<PersonSwapped>.Read(new ReadOnlySequence<byte>(Write(new Person { First = "Ada", Last = "Lovelace" })));

        Assert.Equal(CacheEntryOutcome.Incompatible, read.Outcome);
        Assert.Contains("MEMBER_REORDERED", read.Reason);
    }

    [Fact]
    public void Read_EveryTruncation_RefusedCorruptNeverThrows()
    {
        byte[] entry = Write(Order);
        for (int length = 0; length < entry.Length; length++)
        {
            var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(entry, 0, length));

            Assert.Equal(CacheEntryOutcome.Corrupt, read.Outcome);
            Assert.False(string.IsNullOrEmpty(read.Reason));
        }
    }

    [Fact]
    public void Read_JsonOfTheValue_RefusedCorrupt()
    {
        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(JsonSerializer.SerializeToUtf8Bytes(Order)));

        Assert.Equal(CacheEntryOutcome.Corrupt, read.Outcome);
        Assert.Contains("PKC", read.Reason);
    }

    [Fact]
    public void Read_BarePackPayload_RefusedCorrupt()
    {
        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(PackSerializer.Serialize(Order)));

        Assert.Equal(CacheEntryOutcome.Corrupt, read.Outcome);
    }

    [Fact]
    public void Read_LaterEnvelopeVersion_RefusedUnknown()
    {
        byte[] entry = Write(Order);
        entry[3] = 2;

        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(entry));

        Assert.Equal(CacheEntryOutcome.Unknown, read.Outcome);
    }

    [Theory]
    [InlineData(0u)]
    [InlineData(uint.MaxValue)]
    [InlineData((uint)PackSerializerOptions.AllocationAllowance + 1)]
    [InlineData(100_000u)]
    public void Read_DeclaredSchemaLengthOutOfBounds_RefusedCorruptWithoutAllocatingIt(uint declared)
    {
        byte[] entry = Write(Order);
        BinaryPrimitives.WriteUInt32LittleEndian(entry.AsSpan(12), declared);

        long before = GC.GetAllocatedBytesForCurrentThread();
        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(entry));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(CacheEntryOutcome.Corrupt, read.Outcome);
        Assert.True(allocated < 4096, $"{allocated} bytes allocated for a refused entry of {entry.Length} bytes");
    }

    [Fact]
    public void Read_HeaderFingerprintNotTheSchemas_RefusedCorrupt()
    {
        byte[] entry = Write(Order);
        entry[4] ^= 0xFF;

        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(entry));

        Assert.Equal(CacheEntryOutcome.Corrupt, read.Outcome);
        Assert.Contains("wire fingerprint", read.Reason);
    }

    [Fact]
    public void Read_SchemaNotJson_RefusedCorrupt()
    {
        byte[] entry = Write(Order);
        entry[16] = (byte)'#';

        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(entry));

        Assert.Equal(CacheEntryOutcome.Corrupt, read.Outcome);
        Assert.Contains("not a Pack schema", read.Reason);
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
        var read = PackCacheEntry<OrderV1>.Read(new ReadOnlySequence<byte>(entry));
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
            var read = PackCacheEntry<OrderV2>.Read(new ReadOnlySequence<byte>(entry));
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.True(allocated < PackSerializerOptions.AllocationAllowance + 64 * 1024, $"{allocated} bytes allocated for case {i}");
            Assert.True(read.IsHit || read.Reason is not null);
        }
    }

    private static byte[] Write<T>(T value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        PackCacheEntry<T>.Write(buffer, value);
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
}

using System.Buffers.Binary;
using System.Collections.Immutable;
using Pack.Tests.Models;

namespace Pack.Tests;

/// <summary>
/// The memory a read allocates is bounded by <see cref="PackSerializerOptions.MaxAllocationRatio"/> (16) times the input
/// length plus a constant, for every collection shape and element type whose in-memory size exceeds its smallest wire
/// size: crafted payloads of minimal elements either decode within the bound or fail with <see cref="PackException"/>.
/// </summary>
public sealed class AllocationBudgetTests
{
    // The allowance (256 KiB), one budget check interval (64 KiB) and the bookkeeping of a failed read.
    private const long Constant = PackSerializerOptions.AllocationAllowance + (192 * 1024);

    private static readonly string[] Collections = ["T[]", "List<T>", "IReadOnlyList<T>", "IEnumerable<T>", "HashSet<T>", "Dictionary<int,T>", "ImmutableArray<T>", "ImmutableList<T>", "Memory<T>"];

    private static readonly string[] Elements = ["SixteenDecimals?", "decimal?", "WideClass", "HeaderStruct", "WithInitializers", "FixedAllocatingConstructor", "FixedAllocatingHolder", "bool", "List<int>", "string"];

    public static TheoryData<string, string> Shapes()
    {
        var data = new TheoryData<string, string>();
        foreach (var collection in Collections)
        {
            foreach (var element in Elements)
            {
                data.Add(collection, element);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public void Deserialize_MinimalElements_AllocatesWithinBudgetOrThrowsPackException(string collection, string element)
    {
        var (elementType, elementBytes) = Element(element);
        var type = Collection(collection, elementType);
        bool keyed = collection.StartsWith("Dictionary", StringComparison.Ordinal);
        foreach (int count in new[] { 1_000, 50_000, 400_000 })
        {
            byte[] payload = Payload(count, elementBytes, keyed);
            long before = GC.GetAllocatedBytesForCurrentThread();
            try
            {
                PackSerializer.Deserialize(payload, type);
            }
            catch (PackException)
            {
                // Rejected: what counts is that it was rejected before allocating out of proportion.
            }

            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            long bound = (16L * payload.Length) + Constant;
            Assert.True(allocated <= bound, $"{type} with {count} minimal elements ({payload.Length} bytes) allocated {allocated} bytes, over the bound of {bound}");
        }
    }

    [Fact]
    public void Deserialize_PriceListOfNulls_ThrowsPackExceptionNamingTheBudget()
    {
        // 4 + 4 + 2,000,000 bytes of nulls would be 2,000,000 x 20 bytes of decimal? in memory.
        byte[] payload = new byte[4 + 2 + 4 + 4 + 2_000_000];
        BinaryPrimitives.WriteInt32LittleEndian(payload, -2);
        BinaryPrimitives.WriteUInt16LittleEndian(payload.AsSpan(4), 1);
        BinaryPrimitives.WriteInt32LittleEndian(payload.AsSpan(6), 2_000_000 + 4);
        BinaryPrimitives.WriteInt32LittleEndian(payload.AsSpan(10), 2_000_000);

        var exception = Assert.Throws<PackException>(() => PackSerializer.Deserialize<PriceList>(payload));

        Assert.Contains("budget", exception.Message, StringComparison.Ordinal);
        Assert.True(exception.Offset > 0);
    }

    [Fact]
    public void Deserialize_BudgetOff_DecodesWhatTheDefaultRejects()
    {
        byte[] payload = Payload(100_000, [0], keyed: false);
        var trusted = new PackSerializerOptions { MaxAllocationRatio = 0 };

        Assert.Throws<PackException>(() => PackSerializer.Deserialize<decimal?[]>(payload));
        var values = PackSerializer.Deserialize<decimal?[]>(payload, trusted);

        Assert.Equal(100_000, values!.Length);
        Assert.All(values, value => Assert.Null(value));
    }

    [Fact]
    public void Deserialize_OrdinaryPayloads_StayWellUnderTheBudget()
    {
        var organization = Organization.Create(members: 10_000);
        byte[] payload = PackSerializer.Serialize(organization);

        var copy = PackSerializer.Deserialize<Organization>(payload);

        Assert.Equal(10_000, copy!.Members!.Count);
    }

    private static byte[] Payload(int count, byte[] element, bool keyed)
    {
        int size = element.Length + (keyed ? 4 : 0);
        byte[] payload = new byte[4 + (count * size)];
        BinaryPrimitives.WriteInt32LittleEndian(payload, count);
        for (int i = 0; i < count; i++)
        {
            var slot = payload.AsSpan(4 + (i * size), size);
            if (keyed)
            {
                BinaryPrimitives.WriteInt32LittleEndian(slot, i);
                slot = slot[4..];
            }

            element.CopyTo(slot);
        }

        return payload;
    }

    private static (Type Type, byte[] Bytes) Element(string name) => name switch
    {
        "SixteenDecimals?" => (typeof(SixteenDecimals?), [0]),
        "decimal?" => (typeof(decimal?), [0]),
        "WideClass" => (typeof(WideClass), [0, 0, 0, 0]),
        "HeaderStruct" => (typeof(HeaderStruct), [0, 0, 0, 0]),
        "WithInitializers" => (typeof(WithInitializers), [0, 0, 0, 0]),
        "FixedAllocatingConstructor" => (typeof(FixedAllocatingConstructor), [0, 0, 0, 0]), // fixed: 4 bytes, no header
        "FixedAllocatingHolder" => (typeof(FixedAllocatingHolder), [0, 0, 0, 0, 0, 0, 0, 0]),
        "bool" => (typeof(bool), [0]),
        "List<int>" => (typeof(List<int>), [0, 0, 0, 0]),
        "string" => (typeof(string), [0, 0, 0, 0]),
        _ => throw new ArgumentOutOfRangeException(nameof(name)),
    };

    private static Type Collection(string name, Type element) => name switch
    {
        "T[]" => element.MakeArrayType(),
        "List<T>" => typeof(List<>).MakeGenericType(element),
        "IReadOnlyList<T>" => typeof(IReadOnlyList<>).MakeGenericType(element),
        "IEnumerable<T>" => typeof(IEnumerable<>).MakeGenericType(element),
        "HashSet<T>" => typeof(HashSet<>).MakeGenericType(element),
        "Dictionary<int,T>" => typeof(Dictionary<,>).MakeGenericType(typeof(int), element),
        "ImmutableArray<T>" => typeof(ImmutableArray<>).MakeGenericType(element),
        "ImmutableList<T>" => typeof(ImmutableList<>).MakeGenericType(element),
        "Memory<T>" => typeof(Memory<>).MakeGenericType(element),
        _ => throw new ArgumentOutOfRangeException(nameof(name)),
    };
}

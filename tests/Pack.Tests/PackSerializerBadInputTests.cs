using System.Buffers.Binary;
using Pack.Streaming;
using Pack.Tests.Models;

namespace Pack.Tests;

public class PackSerializerBadInputTests
{
    private static PackException AssertRejected<T>(byte[] bytes)
    {
        var exception = Assert.Throws<PackException>(() => PackSerializer.Deserialize<T>(bytes));
        Assert.InRange(exception.Offset, 0, bytes.Length);
        Assert.Contains("offset", exception.Message, StringComparison.Ordinal);
        return exception;
    }

    private static byte[] Int32Bytes(int value)
    {
        var bytes = new byte[4];
        BinaryPrimitives.WriteInt32LittleEndian(bytes, value);
        return bytes;
    }

    [Fact]
    public void Deserialize_TruncatedAtEveryPosition_ThrowsPackExceptionWithOffset()
    {
        var payloads = new (byte[] Bytes, Func<byte[], object?> Read)[]
        {
            (PackSerializer.Serialize(Organization.Create(3)), b => PackSerializer.Deserialize<Organization>(b)),
            (PackSerializer.Serialize(new Holder<SmallObject> { Value = new SmallObject { S1 = "hello", S2 = "世界" } }), b => PackSerializer.Deserialize<Holder<SmallObject>>(b)),
            (PackSerializer.Serialize(new Dictionary<string, List<int>> { ["zero"] = [0, 1] }), b => PackSerializer.Deserialize<Dictionary<string, List<int>>>(b)),
            (PackSerializer.Serialize<Shape>(new Circle { Label = "c", Radius = 1 }), b => PackSerializer.Deserialize<Shape>(b)),
        };

        foreach (var (bytes, read) in payloads)
        {
            for (int length = 0; length < bytes.Length; length++)
            {
                var truncated = bytes[..length];
                var exception = Assert.Throws<PackException>(() => read(truncated));
                Assert.InRange(exception.Offset, 0, length);
            }
        }
    }

    [Theory]
    [InlineData(-2)]
    [InlineData(int.MinValue)]
    [InlineData(int.MaxValue)]
    [InlineData(5)] // remaining + 1: one element of 4 bytes follows
    public void Deserialize_CollectionLengthOutOfRange_ThrowsWithoutAllocating(int count)
    {
        byte[] bytes = [.. Int32Bytes(count), 1, 0, 0, 0];

        long before = GC.GetAllocatedBytesForCurrentThread();
        var exception = AssertRejected<int[]>(bytes);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(0, exception.Offset);
        Assert.True(allocated < 16 * 1024, $"allocated {allocated} bytes for an 8-byte input");
    }

    [Fact]
    public void Deserialize_StringLengthIntMinValue_FiveByteInput_ThrowsPackException()
    {
        // The five-byte input that crashes MemoryPack's reader (its issue #306).
        byte[] bytes = [0x00, 0x00, 0x00, 0x80, 0x00];

        AssertRejected<string>(bytes);
        AssertRejected<Holder<string>>([0xFE, 0xFF, 0xFF, 0xFF, .. bytes]);
    }

    [Theory]
    [InlineData(0x0000_8001u)] // short form: 1 UTF-16 unit, 1 UTF-8 byte... but only the header is present
    [InlineData(0x7FFF_FFFFu)] // short form: utf16 32767, utf8 65535 and nothing follows
    [InlineData(0x8000_0010u)] // long form with no UTF-16 length
    [InlineData(0x0001_0003u)] // short form: 3 UTF-16 units from 2 bytes: impossible
    [InlineData(0xFFFF_FFFEu)] // long form: huge UTF-8 count
    public void Deserialize_StringHeaderLyingAboutLengths_ThrowsPackException(uint header)
    {
        var bytes = new byte[4];
        BinaryPrimitives.WriteUInt32LittleEndian(bytes, header);

        AssertRejected<string>(bytes);
    }

    [Fact]
    public void Deserialize_Utf16LengthDisagreeingWithBytes_ThrowsPackException()
    {
        var good = PackSerializer.Serialize("héllo"); // 5 UTF-16 units, 6 UTF-8 bytes
        var tooFew = (byte[])good.Clone();
        tooFew[0] = 4;
        var tooMany = (byte[])good.Clone();
        tooMany[0] = 6;

        Assert.Contains("UTF-16", AssertRejected<string>(tooFew).Message, StringComparison.Ordinal);
        Assert.Contains("UTF-16", AssertRejected<string>(tooMany).Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(new byte[] { 0xFF })]
    [InlineData(new byte[] { 0xC3 })]
    [InlineData(new byte[] { 0xED, 0xA0, 0x80 })] // an encoded lone surrogate
    [InlineData(new byte[] { 0xC0, 0x80 })] // overlong
    public void Deserialize_InvalidUtf8_ThrowsPackExceptionAtTheBadByte(byte[] body)
    {
        uint header = 1u | ((uint)body.Length << 15);
        var bytes = new byte[4 + body.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(bytes, header);
        body.CopyTo(bytes, 4);

        var exception = AssertRejected<string>(bytes);

        Assert.True(exception.Message.Contains("UTF-8", StringComparison.Ordinal) || exception.Message.Contains("UTF-16", StringComparison.Ordinal), exception.Message);
    }

    [Fact]
    public void Deserialize_InvalidUtf8InAStringCollection_ThrowsPackExceptionAtTheBadByte()
    {
        string?[] values = ["first", null, string.Empty, "héllo", "这件事 试验"];
        var good = PackSerializer.Serialize(values);
        Assert.Equal(values, PackSerializer.Deserialize<string?[]>(good));
        Assert.Equal(values, PackSerializer.Deserialize<List<string?>>(good));

        // The 'h' of "héllo": count (4) + "first" (4 + 5) + null (4) + empty (4) + its header (4).
        int bad = 4 + 9 + 4 + 4 + 4;
        Assert.Equal((byte)'h', good[bad]);
        var corrupt = (byte[])good.Clone();
        corrupt[bad] = 0xFF;

        Assert.Equal(bad, AssertRejected<string?[]>(corrupt).Offset);
        Assert.Equal(bad, AssertRejected<List<string?>>(corrupt).Offset);
    }

    [Fact]
    public void Deserialize_NestingDeeperThanLimit_ThrowsPackException()
    {
        var root = new Nested();
        var current = root;
        for (int i = 0; i < 100; i++)
        {
            var child = new Nested();
            current.Children = [child];
            current = child;
        }

        var bytes = PackSerializer.Serialize(root, new PackSerializerOptions { MaxDepth = 1000 });

        var exception = Assert.Throws<PackException>(() => PackSerializer.Deserialize<Nested>(bytes));
        Assert.Contains("depth", exception.Message, StringComparison.Ordinal);
        Assert.NotNull(PackSerializer.Deserialize<Nested>(bytes, new PackSerializerOptions { MaxDepth = 1000 }));
    }

    [Fact]
    public void Deserialize_DeeplyNestedObjects_ThrowsInsteadOfOverflowingTheStack()
    {
        // Node { Value, Next } nested 100,000 deep. The top-level node is [-2][count 2][value]; each nested one is [length][value].
        const int depth = 100_000;
        var bytes = new byte[10 + ((depth - 1) * 8) + 4];
        BinaryPrimitives.WriteInt32LittleEndian(bytes, -2);
        BinaryPrimitives.WriteUInt16LittleEndian(bytes.AsSpan(4), 2);
        for (int i = 1; i < depth; i++)
        {
            int at = 10 + ((i - 1) * 8);
            BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(at), bytes.Length - at - 4);
        }

        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(bytes.Length - 4), -1);

        Assert.Contains("depth", Assert.Throws<PackException>(() => PackSerializer.Deserialize<Node>(bytes)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_UnknownUnionTag_ThrowsPackException()
    {
        var exception = AssertRejected<Shape>([9, 0, 0xFE, 0xFF, 0xFF, 0xFF]);

        Assert.Contains("union tag 9", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_ObjectHeaderErrors_ThrowPackException()
    {
        Assert.Contains("-2 is valid only", AssertRejected<Holder<SmallObject>>([0xFE, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0x00]).Message, StringComparison.Ordinal);
        Assert.Contains("exceeds", AssertRejected<Holder<SmallObject>>([0xFE, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00]).Message, StringComparison.Ordinal);
        AssertRejected<Holder<SmallObject>>([0xFE, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0xFD, 0xFF, 0xFF, 0xFF]); // -3
        AssertRejected<Holder<int>>([0xFE, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0x01, 0x00]); // truncated int member
        Assert.Contains("unexpected", AssertRejected<Holder<int>>([0xFE, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x09]).Message, StringComparison.Ordinal); // trailing byte after a complete top-level object
        Assert.Equal(1, PackSerializer.Deserialize<Holder<int>>([0xFE, 0xFF, 0xFF, 0xFF, 0x02, 0x00, 0x01, 0x00, 0x00, 0x00, 0x09])!.Value); // a second member from a newer version is skipped
        AssertRejected<Point>([0xFF, 0xFF, 0xFF, 0xFF]); // Point is a fixed 8-byte struct: truncated
        AssertRejected<int>([1, 0, 0, 0, 0]); // trailing bytes
    }

    [Fact]
    public void Deserialize_MemberRunningPastItsObject_ThrowsPackException()
    {
        // Holder<Holder<int>> whose inner object claims 2 bytes but its int member needs 4.
        byte[] bytes = [0xFE, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00];

        Assert.Contains("past the end", AssertRejected<Holder<Holder<int>>>(bytes).Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(new byte[] { 2 })]
    [InlineData(new byte[] { 0xFF })]
    public void Deserialize_InvalidBoolean_ThrowsPackException(byte[] bytes) => AssertRejected<bool>(bytes);

    [Fact]
    public void Deserialize_InvalidDatesAndDecimals_ThrowPackException()
    {
        AssertRejected<DateTime>(BitConverter.GetBytes(ulong.MaxValue));
        AssertRejected<DateTime>(BitConverter.GetBytes((ulong)DateTime.MaxValue.Ticks + 1));
        AssertRejected<DateOnly>(Int32Bytes(-1));
        AssertRejected<TimeOnly>(BitConverter.GetBytes(TimeSpan.TicksPerDay));
        AssertRejected<DateTimeOffset>([.. BitConverter.GetBytes(0L), .. BitConverter.GetBytes((short)1000)]);
        AssertRejected<decimal>([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 29, 0]); // scale 29
        AssertRejected<decimal>([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]); // stray flag bits
    }

    [Fact]
    public void Deserialize_DuplicateDictionaryKey_ThrowsPackException()
    {
        var bytes = PackSerializer.Serialize(new List<KeyValuePair<int, int>> { new(1, 1), new(1, 2) });

        Assert.Contains("Duplicate key", AssertRejected<Dictionary<int, int>>(bytes).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_TinyInputClaimingHugeString_AllocatesNothingLarge()
    {
        byte[] bytes = [0x00, 0x00, 0x00, 0x80 | 0x7F, 0xFF, 0xFF, 0xFF, 0x7F, 0x41, 0x41];

        long before = GC.GetAllocatedBytesForCurrentThread();
        AssertRejected<string>(bytes);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(allocated < 16 * 1024, $"allocated {allocated} bytes for a 10-byte input");
    }

    [Fact]
    public async Task ReadAsync_StreamCutOffWithoutEndFrame_ThrowsPackException()
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        PackStream.WriteItem(buffer, 1);
        PackStream.WriteItem(buffer, 2);
        var items = new List<int>();

        var exception = await Assert.ThrowsAsync<PackException>(async () =>
        {
            await foreach (var item in PackStream.ReadAsync<int>(new MemoryStream(buffer.WrittenSpan.ToArray())))
            {
                items.Add(item);
            }
        });

        Assert.Equal([1, 2], items);
        Assert.Contains("without an end frame", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadAsync_FrameLengthBeyondLimit_ThrowsWithoutAllocatingIt()
    {
        byte[] bytes = [1, 0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3];

        long before = GC.GetAllocatedBytesForCurrentThread();
        await Assert.ThrowsAsync<PackException>(async () =>
        {
            await foreach (var item in PackStream.ReadAsync<int>(new MemoryStream(bytes), new PackSerializerOptions { MaxPayloadLength = 1024 }))
            {
                Assert.Fail($"unexpected item {item}");
            }
        });

        Assert.True(GC.GetAllocatedBytesForCurrentThread() - before < 256 * 1024);
    }

    public sealed class Nested
    {
        public List<Nested>? Children { get; set; }
    }
}

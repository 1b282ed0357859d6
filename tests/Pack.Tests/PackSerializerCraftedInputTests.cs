using System.Buffers.Binary;
using Pack.Tests.Fuzzing;
using Pack.Tests.Models;

namespace Pack.Tests;

/// <summary>
/// Hand-made hostile inputs, one per rule of docs/wire-format.md that an attacker could lean on. Complements
/// <see cref="PackSerializerBadInputTests"/> (single corruptions) with systematic sweeps over every structural field.
/// </summary>
public class PackSerializerCraftedInputTests
{
    private const long SmallAllocation = 64 * 1024;

    public static TheoryData<string> LengthFieldTargets => ["W4 organization", "W3 map", "W3 string[]", "union Shape[]", "nested List<Dictionary<string, int[][]>>", "nested Holder<Dictionary<int, List<Shape>>>", "W6 small object"];

    [Theory]
    [MemberData(nameof(LengthFieldTargets))]
    public void Deserialize_EveryLengthFieldAtHostileValues_ThrowsPackExceptionWithoutAllocating(string targetName)
    {
        var (shape, bytes, read) = Seed(targetName);
        var fields = PackShape.Map(shape, bytes).Where(f => f.Kind is PackFieldKind.Count or PackFieldKind.DictionaryCount or PackFieldKind.ObjectLength or PackFieldKind.StringHeader).ToList();
        Assert.NotEmpty(fields);

        foreach (var field in fields)
        {
            int remaining = bytes.Length - field.Offset - 4;
            foreach (int value in new[] { -2, int.MinValue, int.MaxValue, remaining + 1 })
            {
                // -2 is the top-level object header itself; writing it where it already is changes nothing.
                if (field.Kind == PackFieldKind.ObjectLength && field.Value == -2 && value == -2)
                {
                    continue;
                }

                var input = (byte[])bytes.Clone();
                BinaryPrimitives.WriteInt32LittleEndian(input.AsSpan(field.Offset), value);

                long before = GC.GetAllocatedBytesForCurrentThread();
                var exception = Assert.Throws<PackException>(() => read(input));
                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

                Assert.InRange(exception.Offset, 0, input.Length);
                Assert.True(allocated < SmallAllocation + (32L * input.Length), $"{field} = {value}: allocated {allocated} bytes for {input.Length}");
            }
        }
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(0)]
    [InlineData(4)] // one too few for "héllo"
    [InlineData(6)] // one too many
    [InlineData(int.MaxValue)]
    [InlineData(int.MinValue)]
    public void Deserialize_LongFormStringLyingAboutUtf16Length_ThrowsPackException(int utf16Length)
    {
        byte[] utf8 = "héllo"u8.ToArray();
        var bytes = new byte[8 + utf8.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(bytes, 0x8000_0000u | (uint)utf8.Length);
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(4), utf16Length);
        utf8.CopyTo(bytes, 8);

        Assert.Throws<PackException>(() => PackSerializer.Deserialize<string>(bytes));
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(4), 5);
        Assert.Equal("héllo", PackSerializer.Deserialize<string>(bytes));
    }

    [Theory]
    [InlineData(new byte[] { 0xED, 0xB0, 0x80 })] // an encoded lone low surrogate
    [InlineData(new byte[] { 0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80 })] // a surrogate pair encoded as two CESU-8 halves
    [InlineData(new byte[] { 0xF4, 0x90, 0x80, 0x80 })] // above U+10FFFF
    [InlineData(new byte[] { 0xE0, 0x80, 0x80 })] // overlong
    [InlineData(new byte[] { 0x80 })] // a lone continuation byte
    [InlineData(new byte[] { 0x61, 0xE3, 0x81 })] // truncated sequence at the end
    public void Deserialize_InvalidUtf8WithConsistentHeader_ThrowsPackException(byte[] utf8)
    {
        // The header's counts are the ones a lenient decoder would compute, so only UTF-8 validation can catch it.
        uint utf16 = (uint)Math.Max(1, utf8.Length / 3);
        var bytes = new byte[4 + utf8.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(bytes, utf16 | ((uint)utf8.Length << 15));
        utf8.CopyTo(bytes, 4);

        Assert.Throws<PackException>(() => PackSerializer.Deserialize<string>(bytes));
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<Holder<string>>([0xFE, 0xFF, 0xFF, 0xFF, 0x01, 0x00, .. bytes]));
    }

    [Fact]
    public void Serialize_LoneSurrogate_ThrowsPackException()
    {
        // A [Fact], not [InlineData]: xUnit's discovery would replace the lone surrogates with U+FFFD.
        foreach (var value in new[] { "\uD800", "a\uDC00b", "\uDC00\uD800", new string('a', 30_000) + "\uD800" })
        {
            Assert.Throws<PackException>(() => PackSerializer.Serialize(value));
            Assert.Throws<PackException>(() => PackSerializer.Serialize(new SmallObject { S2 = value }));
        }
    }

    [Fact]
    public void Deserialize_NestedCollectionsOneDeeperThanTheLimit_ThrowsPackException()
    {
        // 64 nested lists are the deepest accepted; the 65th level is rejected before it is read.
        static byte[] Nest(int depth) => [.. Enumerable.Repeat<byte[]>([1, 0, 0, 0], depth - 1).SelectMany(b => b), 0, 0, 0, 0];

        static Type ListOf(int depth) => depth == 0 ? typeof(int) : typeof(List<>).MakeGenericType(ListOf(depth - 1));

        Assert.NotNull(PackSerializer.Deserialize(Nest(64), ListOf(64)));
        Assert.Contains("depth", Assert.Throws<PackException>(() => PackSerializer.Deserialize(Nest(65), ListOf(65))).Message, StringComparison.Ordinal);
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<List<List<int>>>(Nest(2), new PackSerializerOptions { MaxDepth = 1 }));
    }

    [Theory]
    [InlineData(2)] // one past the last case
    [InlineData(0xFFFE)] // the largest tag value
    [InlineData(0x8000)]
    public void Deserialize_UnionTagOutOfRange_ThrowsPackException(int tag)
    {
        var circle = PackSerializer.Serialize<Shape>(new Circle { Radius = 1 });
        BinaryPrimitives.WriteUInt16LittleEndian(circle, (ushort)tag);
        var array = PackSerializer.Serialize<Shape[]>([new Square { Side = 2 }]);
        BinaryPrimitives.WriteUInt16LittleEndian(array.AsSpan(4), (ushort)tag);

        Assert.Contains($"union tag {tag}", Assert.Throws<PackException>(() => PackSerializer.Deserialize<Shape>(circle)).Message, StringComparison.Ordinal);
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<Shape[]>(array));
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<IAnimal>([(byte)tag, (byte)(tag >> 8), 0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0x00]));
    }

    [Fact]
    public void Deserialize_EnumValueOutOfRange_IsKeptAsIs()
    {
        // Defined behaviour (spec §3): enums are their underlying integer; undefined values round-trip, like System.Text.Json's numbers.
        Assert.Equal((Color)255, PackSerializer.Deserialize<Color>([0xFF]));
        Assert.Equal((Big)42, PackSerializer.Deserialize<Big>(BitConverter.GetBytes(42L)));
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<Color>([0x01, 0x00])); // still exactly its width
    }

    [Fact]
    public void Deserialize_DuplicateKeysAndSetElements_ThrowPackException()
    {
        // Defined behaviour (spec §5): a repeated dictionary key or set element is an error, never "last one wins".
        // Written from a dictionary with distinct keys, then one key's bytes overwritten with another's (same length).
        var stringKeys = PackSerializer.Serialize(new Dictionary<string, int> { ["a"] = 1, ["b"] = 2, ["c"] = 3 });
        stringKeys[stringKeys.AsSpan().LastIndexOf((byte)'c')] = (byte)'a';
        var nested = PackSerializer.Serialize(new Holder<Dictionary<string, List<int>>> { Value = new() { ["x"] = [1], ["y"] = [2] } });
        nested[nested.AsSpan().LastIndexOf((byte)'y')] = (byte)'x';
        var set = PackSerializer.Serialize(new[] { "same", "other", "same" });
        byte[] nullKey = [1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 1, 0, 0, 0];

        Assert.Contains("Duplicate key", Assert.Throws<PackException>(() => PackSerializer.Deserialize<Dictionary<string, int>>(stringKeys)).Message, StringComparison.Ordinal);
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<Holder<Dictionary<string, List<int>>>>(nested));
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<IReadOnlyDictionary<string, int>>(stringKeys));
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<HashSet<string>>(set));
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<Dictionary<string, int>>(nullKey));
    }

    [Fact]
    public void Deserialize_TopLevelMemberCountDifferentFromTheType_FollowsTheEvolutionRules()
    {
        var full = PackSerializer.Serialize(new SmallObject { A = 1, B = 2, C = 3, S1 = "x", S2 = "y" });

        // Fewer members announced and written: the rest take their defaults.
        byte[] twoMembers = [0xFE, 0xFF, 0xFF, 0xFF, 0x02, 0x00, 1, 0, 0, 0, 2, 0, 0, 0];
        var partial = PackSerializer.Deserialize<SmallObject>(twoMembers)!;
        Assert.Equal((1, 2, 0, null), (partial.A, partial.B, partial.C, partial.S1));
        Assert.NotNull(PackSerializer.Deserialize<SmallObject>([0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0x00]));

        // More members announced than written, or than the type has: a newer writer; the extra bytes are skipped.
        byte[] more = [.. full, 0xAA, 0xBB];
        BinaryPrimitives.WriteUInt16LittleEndian(more.AsSpan(4), 6);
        Assert.Equal("y", PackSerializer.Deserialize<SmallObject>(more)!.S2);
        BinaryPrimitives.WriteUInt16LittleEndian(more.AsSpan(4), 0xFFFF);
        Assert.Equal("y", PackSerializer.Deserialize<SmallObject>(more)!.S2);

        // Fewer announced than written: the extra bytes are trailing garbage; more announced than present: truncated.
        var fewer = (byte[])full.Clone();
        BinaryPrimitives.WriteUInt16LittleEndian(fewer.AsSpan(4), 4);
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<SmallObject>(fewer));
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<SmallObject>(twoMembers.AsSpan(0, 12).ToArray()));
    }

    [Fact]
    public void Deserialize_NestedBodyWithMoreOrFewerMembers_SkipsOrDefaults()
    {
        // Holder<SmallObject> whose inner body holds only A, then one with A..S2 plus four unknown bytes.
        byte[] shorter = [0xFE, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 4, 0, 0, 0, 7, 0, 0, 0];
        var longer = PackSerializer.Serialize(new Holder<SmallObject> { Value = new SmallObject { A = 7, S2 = "z" } });
        int bodyLength = BinaryPrimitives.ReadInt32LittleEndian(longer.AsSpan(6));
        BinaryPrimitives.WriteInt32LittleEndian(longer.AsSpan(6), bodyLength + 4);
        longer = [.. longer, 1, 2, 3, 4];

        Assert.Equal(7, PackSerializer.Deserialize<Holder<SmallObject>>(shorter)!.Value!.A);
        Assert.Null(PackSerializer.Deserialize<Holder<SmallObject>>(shorter)!.Value!.S2);
        Assert.Equal("z", PackSerializer.Deserialize<Holder<SmallObject>>(longer)!.Value!.S2);

        // A body that ends inside a member is an error, not a default.
        byte[] cut = [0xFE, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 6, 0, 0, 0, 7, 0, 0, 0, 1, 0];
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<Holder<SmallObject>>(cut));
    }

    private static (PackShape Shape, byte[] Bytes, Action<byte[]> Read) Seed(string name)
    {
        // The richest small seed: the most fields to lie in, at a size that keeps the sweep quick.
        var target = FuzzTargets.All().Single(t => t.Name == name);
        var bytes = target.Fuzzer.Seeds.Where(b => b.Length < 2048).MaxBy(b => PackShape.Map(target.Shape, b).Count)!;
        return (target.Shape, bytes, target.Read);
    }
}

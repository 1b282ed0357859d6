using System.Buffers;
using System.Collections.Immutable;
using Pack.Tests.Models;

namespace Pack.Tests;

public class PackSerializerRoundTripTests
{
    private static T? RoundTrip<T>(T? value) => PackSerializer.Deserialize<T>(PackSerializer.Serialize(value));

    public static TheoryData<object> PrimitiveEdgeValues() => new()
    {
        true, false, byte.MinValue, byte.MaxValue, sbyte.MinValue, sbyte.MaxValue,
        short.MinValue, short.MaxValue, ushort.MaxValue, char.MinValue, char.MaxValue, '\uD83D',
        int.MinValue, int.MaxValue, uint.MaxValue, long.MinValue, long.MaxValue, ulong.MaxValue,
        Int128.MinValue, Int128.MaxValue, UInt128.MaxValue,
        Half.MinValue, Half.MaxValue, Half.NaN, Half.NegativeZero, Half.Epsilon,
        float.MinValue, float.MaxValue, float.NaN, float.NegativeInfinity, float.PositiveInfinity, -0.0f, float.Epsilon,
        double.MinValue, double.MaxValue, double.NaN, double.NegativeInfinity, -0.0, double.Epsilon,
        decimal.MinValue, decimal.MaxValue, -1.0000000000000000000000000001m, 0.0000000000000000000000000001m, 123.4500m,
        Guid.Empty, Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"), new Guid(uint.MaxValue, 0xFFFF, 0xFFFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF),
        DateTime.MinValue, DateTime.MaxValue, new DateTime(2024, 2, 29, 12, 0, 0, DateTimeKind.Utc), new DateTime(2024, 2, 29, 12, 0, 0, DateTimeKind.Local),
        DateTimeOffset.MinValue, DateTimeOffset.MaxValue, new DateTimeOffset(2024, 5, 1, 8, 30, 0, TimeSpan.FromHours(-9.5)), new DateTimeOffset(2024, 5, 1, 8, 30, 0, TimeSpan.FromHours(14)),
        TimeSpan.MinValue, TimeSpan.MaxValue, TimeSpan.Zero,
        DateOnly.MinValue, DateOnly.MaxValue, TimeOnly.MinValue, TimeOnly.MaxValue,
        Color.Blue, (Color)200, Big.Min, Big.Max,
    };

    [Theory]
    [MemberData(nameof(PrimitiveEdgeValues))]
    public void Serialize_PrimitiveEdgeValue_RoundTripsBitExactly(object value)
    {
        var bytes = PackSerializer.Serialize(value, value.GetType());
        var back = PackSerializer.Deserialize(bytes, value.GetType());

        Assert.Equal(value, back);
        Assert.Equal(value.GetType(), back!.GetType());
        if (value is DateTime dateTime)
        {
            Assert.Equal(dateTime.Kind, ((DateTime)back).Kind);
        }

        if (value is DateTimeOffset offset)
        {
            Assert.Equal(offset.Offset, ((DateTimeOffset)back).Offset);
        }

        if (value is double d)
        {
            Assert.Equal(BitConverter.DoubleToInt64Bits(d), BitConverter.DoubleToInt64Bits((double)back));
        }

        if (value is float f)
        {
            Assert.Equal(BitConverter.SingleToInt32Bits(f), BitConverter.SingleToInt32Bits((float)back));
        }

        if (value is decimal m)
        {
            Assert.Equal(decimal.GetBits(m), decimal.GetBits((decimal)back));
        }
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("A")]
    [InlineData("Please Let test this")]
    [InlineData("이것 좀 테스트하게 해주세요.")]
    [InlineData("这件事 试验")]
    [InlineData("1234567!@#$%%^&}¢‡¥”w¯¥„ÈÉÞ´µ½²ÂÄÂÁ¾¿ÀÁÂ")]
    [InlineData("emoji 😀 and 𝄞 surrogate pairs")]
    [InlineData("\0embedded\0nulls\0")]
    public void Serialize_String_RoundTrips(string? value)
    {
        Assert.Equal(value, RoundTrip(value));
    }

    [Theory]
    [InlineData(21845)]
    [InlineData(21846)]
    [InlineData(100_000)]
    public void Serialize_LongStringAroundShortFormLimit_RoundTrips(int length)
    {
        var ascii = new string('x', length);
        var cjk = new string('测', length);

        Assert.Equal(ascii, RoundTrip(ascii));
        Assert.Equal(cjk, RoundTrip(cjk));
    }

    [Fact]
    public void Serialize_StringArray_SameBytesAsStringListAndEnumerable()
    {
        // string[] has a formatter of its own; List<string> and IEnumerable<string> go through the generic collection code.
        string?[] values = ["a", null, string.Empty, "héllo", "这件事 试验", new string('x', 40_000)];

        var fromArray = PackSerializer.Serialize(values);

        Assert.Equal(PackSerializer.Serialize(new List<string?>(values)), fromArray);
        Assert.Equal(PackSerializer.Serialize<IEnumerable<string?>>(values.Select(static v => v)), fromArray);
        Assert.Equal(values, PackSerializer.Deserialize<string?[]>(fromArray));
        Assert.Equal(PackSerializer.Serialize<string[]>(null), PackSerializer.Serialize<List<string>>(null));
        Assert.Empty(RoundTrip<string[]>([])!);
    }

    [Fact]
    public void Serialize_StringWithLoneSurrogate_ThrowsPackException()
    {
        var exception = Assert.Throws<PackException>(() => PackSerializer.Serialize("bad \uD800 surrogate"));

        Assert.Contains("lone surrogate", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Serialize_NullAndEmptyCollections_StayDistinct()
    {
        Assert.Null(RoundTrip<int[]>(null));
        Assert.Empty(RoundTrip(Array.Empty<int>())!);
        Assert.Null(RoundTrip<List<string>>(null));
        Assert.Empty(RoundTrip(new List<string>())!);
        Assert.Null(RoundTrip<Dictionary<string, int>>(null));
        Assert.Empty(RoundTrip(new Dictionary<string, int>())!);
        Assert.NotEqual(PackSerializer.Serialize<int[]>(null), PackSerializer.Serialize(Array.Empty<int>()));
    }

    [Fact]
    public void Serialize_EverySupportedCollection_RoundTrips()
    {
        AssertSequence([3, 2, 9, 10, 11, 22, 44, 22], RoundTrip(new[] { 3, 2, 9, 10, 11, 22, 44, 22 }));
        AssertSequence(["a", null, ""], RoundTrip(new[] { "a", null, "" }));
        AssertSequence([1L, 2L], RoundTrip(new List<long> { 1, 2 }));
        AssertSequence([1, 2], RoundTrip<IEnumerable<int>>(Enumerable.Range(1, 2))!);
        AssertSequence([1, 2], RoundTrip<ICollection<int>>(new List<int> { 1, 2 })!);
        AssertSequence([1, 2], RoundTrip<IList<int>>(new[] { 1, 2 })!);
        AssertSequence([1, 2], RoundTrip<IReadOnlyList<int>>(new[] { 1, 2 })!);
        AssertSequence([1, 2], RoundTrip<IReadOnlyCollection<int>>(new HashSet<int> { 1, 2 })!.Order());
        Assert.Equal(new HashSet<string> { "x", "y" }, RoundTrip(new HashSet<string> { "x", "y" }));
        Assert.Equal(new Dictionary<string, int> { ["a"] = 1 }, RoundTrip<IDictionary<string, int>>(new Dictionary<string, int> { ["a"] = 1 }));
        Assert.Equal(new Dictionary<int, string?> { [1] = null }, RoundTrip<IReadOnlyDictionary<int, string?>>(new Dictionary<int, string?> { [1] = null }));
        AssertSequence([1, 2, 3], RoundTrip(ImmutableArray.Create(1, 2, 3)));
        Assert.True(RoundTrip(default(ImmutableArray<int>)).IsDefault);
        AssertSequence(["a", "b"], RoundTrip(ImmutableList.Create("a", "b"))!);
        AssertSequence([1, 2], RoundTrip(new Memory<int>([1, 2])).ToArray());
        AssertSequence([1, 2], RoundTrip(new ReadOnlyMemory<int>([1, 2])).ToArray());
        AssertSequence([2, 3], RoundTrip(new ArraySegment<int>([1, 2, 3, 4], 1, 2)).ToArray());
        AssertSequence<byte>([0x00, 0xFF, 0x7F], RoundTrip(new byte[] { 0x00, 0xFF, 0x7F }));
        Assert.Equal(new KeyValuePair<string, int>("k", 5), RoundTrip(new KeyValuePair<string, int>("k", 5)));
        Assert.Equal((1, "two", 3.0), RoundTrip((1, "two", 3.0)));
        Assert.Equal((1, 2, 3, 4, 5, 6, 7, 8, 9), RoundTrip((1, 2, 3, 4, 5, 6, 7, 8, 9)));
        Assert.Equal(Tuple.Create(1, "x"), RoundTrip(Tuple.Create(1, "x")));
        AssertSequence<int[]?>([[1], [], null], RoundTrip(new int[]?[] { [1], [], null }));
    }

    [Fact]
    public void Serialize_CgdMap_RoundTrips()
    {
        var map = new Dictionary<string, List<int>>
        {
            ["zero"] = [0, 1, 2, 4], ["two"] = [3, 1, 22, 4], ["tree"] = [4, 1, 12, 4],
            ["fifteen"] = [5, 1, 82, 4], ["five"] = [7, 1, 22, 4], ["eleven"] = [10, 21, 12, 34],
        };

        Assert.Equal(map, RoundTrip(map));
    }

    [Fact]
    public void Serialize_OrganizationWithoutAttributes_RoundTrips()
    {
        var organization = Organization.Create(1000);

        var back = RoundTrip(organization)!;

        Assert.Equal(organization.Id, back.Id);
        Assert.Equal(organization.Tags, back.Tags);
        Assert.Equal(organization.Members!.Count, back.Members!.Count);
        for (int i = 0; i < organization.Members.Count; i++)
        {
            var expected = organization.Members[i];
            var actual = back.Members[i];
            Assert.Equal((expected.Id, expected.Name, expected.Description, expected.Address, expected.Value, expected.UpdateTime), (actual.Id, actual.Name, actual.Description, actual.Address, actual.Value, actual.UpdateTime));
        }
    }

    [Fact]
    public void Serialize_Organization_IsAtMostHalfOfSystemTextJson()
    {
        var organization = Organization.Create(1000);

        int pack = PackSerializer.Serialize(organization).Length;
        int json = System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(organization).Length;

        Assert.True(pack * 2 <= json, $"Pack {pack} bytes vs JSON {json} bytes");
    }

    [Fact]
    public void Serialize_Vector3Array_IsOneCopyOfTheMemoryImage()
    {
        var vectors = Enumerable.Repeat(new Vector3 { X = 10.3f, Y = 40.5f, Z = 13411.3f }, 10_000).ToArray();

        var bytes = PackSerializer.Serialize(vectors);

        Assert.Equal(4 + (10_000 * 12), bytes.Length);
        Assert.Equal(System.Runtime.InteropServices.MemoryMarshal.AsBytes(vectors.AsSpan()).ToArray(), bytes[4..]);
        Assert.Equal(vectors, PackSerializer.Deserialize<Vector3[]>(bytes));
    }

    [Fact]
    public void Serialize_BlittableArrayAtTopLevel_MatchesTheNestedEncoding()
    {
        // A top-level array of blittable elements skips the writer and the formatter; nested, it takes them.
        int[] ints = [3, 2, 9, 10, 11, 22, 44, 22];
        Vector3[] vectors = [new() { X = 1, Y = 2, Z = 3 }, new() { X = -1, Y = 0.5f, Z = 7 }];
        var chunked = new ChunkedBufferWriter(maxSpan: 3);

        var top = PackSerializer.Serialize(ints);
        var nested = PackSerializer.Serialize(new[] { ints, [], null });
        PackSerializer.Serialize(chunked, vectors);

        Assert.Equal([8, 0, 0, 0, 3, 0, 0, 0], top[..8]);
        Assert.Equal(top, nested[4..(4 + top.Length)]);
        Assert.Equal<byte>([0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF], nested[(4 + top.Length)..]);
        Assert.Equal<byte>([0xFF, 0xFF, 0xFF, 0xFF], PackSerializer.Serialize((int[]?)null));
        Assert.Equal<byte>([0, 0, 0, 0], PackSerializer.Serialize(Array.Empty<double>()));
        Assert.Equal(PackSerializer.Serialize(new List<Vector3>(vectors)), chunked.ToArray());
        Assert.Equal(vectors, PackSerializer.Deserialize<Vector3[]>(chunked.ToArray()));
    }

    [Fact]
    public void Serialize_ObjectShapes_RoundTrip()
    {
        Assert.Equal(new SmallObject { A = 1, B = 2, C = 3, S1 = "hello", S2 = "こんにちは世界" }, RoundTrip(new SmallObject { A = 1, B = 2, C = 3, S1 = "hello", S2 = "こんにちは世界" }), SmallObjectComparer.Instance);
        var person = RoundTrip(new Person("Ann", 33, ["a", "b"]))!;
        Assert.Equal(("Ann", 33), (person.Name, person.Age));
        AssertSequence(["a", "b"], person.Tags);
        Assert.Equal(new Point(-1, 2), RoundTrip(new Point(-1, 2)));
        var pair = RoundTrip(new ReadOnlyPair(5, "five"));
        Assert.Equal((5, "five"), (pair.Left, pair.Right));
        var init = RoundTrip(new InitOnly { Id = 3, Name = "init" })!;
        Assert.Equal((3, "init"), (init.Id, init.Name));
        Assert.Equal(9, RoundTrip(new PrivateSetter(9))!.Id);
        var fields = RoundTrip(new WithFields { Number = 4, Text = "t", Ratio = 0.5 })!;
        Assert.Equal((4, "t", 0.5), (fields.Number, fields.Text, fields.Ratio));
        Assert.Null(RoundTrip<SmallObject>(null));
        Assert.Null(RoundTrip<Point?>(null));
        Assert.Equal(new Point(1, 1), RoundTrip<Point?>(new Point(1, 1)));
    }

    [Fact]
    public void Serialize_AllPrimitiveMembers_RoundTrip()
    {
        var value = new AllPrimitives
        {
            Bool = true, Byte = 1, SByte = -1, Short = -2, UShort = 2, Char = 'é', Int = -3, UInt = 3, Long = -4, ULong = 4,
            Int128 = Int128.MinValue, UInt128 = UInt128.MaxValue, Half = (Half)1.5, Float = 2.5f, Double = -0.0, Decimal = 1.23m,
            Guid = Guid.NewGuid(), DateTime = DateTime.UtcNow, DateTimeOffset = DateTimeOffset.Now, TimeSpan = TimeSpan.FromTicks(-5),
            DateOnly = new DateOnly(2000, 1, 1), TimeOnly = new TimeOnly(23, 59), Color = Color.Green, NullableInt = 7, NullablePoint = new Point(1, 2),
        };

        var back = RoundTrip(value)!;

        Assert.Equal(System.Text.Json.JsonSerializer.Serialize(value, JsonOptions.IncludeFields), System.Text.Json.JsonSerializer.Serialize(back, JsonOptions.IncludeFields));
        Assert.Equal(value.DateTime.Kind, back.DateTime.Kind);
    }

    [Fact]
    public void Serialize_AttributesFromOtherSerializers_AreHonoured()
    {
        var back = RoundTrip(new Attributed { Kept = 1, PackIgnored = 100, JsonIgnored = 100, JsonConditional = "kept", DataIgnored = 100 })!;

        Assert.Equal((1, 7, 8, "kept", 9), (back.Kept, back.PackIgnored, back.JsonIgnored, back.JsonConditional, back.DataIgnored));
        var contract = RoundTrip(new DataContractType { Included = 3, NotAMember = 100 })!;
        Assert.Equal((3, 5), (contract.Included, contract.NotAMember));
    }

    [Fact]
    public void Serialize_PackOrder_DecidesWireOrder()
    {
        var bytes = PackSerializer.Serialize(new Ordered { First = 1, Second = 2 });

        Assert.Equal(new byte[] { 0xFE, 0xFF, 0xFF, 0xFF, 2, 0, 1, 0, 0, 0, 2, 0, 0, 0 }, bytes);
    }

    [Fact]
    public void Serialize_Unions_RoundTripWithTags()
    {
        Shape[] shapes = [new Circle { Label = "c", Radius = 2 }, new Square { Label = "s", Side = 3 }];

        var back = RoundTrip(shapes)!;

        Assert.Equal(2, Assert.IsType<Circle>(back[0]).Radius);
        Assert.Equal("s", Assert.IsType<Square>(back[1]).Label);
        Assert.Null(RoundTrip<Shape>(null));
        Assert.Equal("Rex", Assert.IsType<Dog>(RoundTrip<IAnimal>(new Dog { Name = "Rex" })).Name);
        Assert.Equal(new byte[] { 7, 0 }, PackSerializer.Serialize<IAnimal>(new Dog())[..2]);
    }

    [Fact]
    public void Serialize_ReferenceCycle_ThrowsPackExceptionNamingTheCycle()
    {
        var node = new Node { Value = 1 };
        node.Next = node;

        var exception = Assert.Throws<PackException>(() => PackSerializer.Serialize(node));

        Assert.Contains("cycle", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Serialize_DeepButAcyclicGraph_RespectsMaxDepth()
    {
        var head = new Node();
        var current = head;
        for (int i = 0; i < 99; i++)
        {
            current.Next = new Node { Value = i };
            current = current.Next;
        }

        Assert.Throws<PackException>(() => PackSerializer.Serialize(head));
        var options = new PackSerializerOptions { MaxDepth = 128 };
        var back = PackSerializer.Deserialize<Node>(PackSerializer.Serialize(head, options), options)!;
        int length = 0;
        for (var n = back; n is not null; n = n.Next)
        {
            length++;
        }

        Assert.Equal(100, length);
    }

    [Fact]
    public void Serialize_CollectionsOfBlittableElements_CountDepthTheSameOnWriteAndRead()
    {
        // Regression: ImmutableList<int> and interface-typed sequences used to count a level on write but not on read.
        var value = (1, ImmutableList.Create(1), (IEnumerable<int>)new HashSet<int> { 2 }, new[] { 3 });
        var tight = new PackSerializerOptions { MaxDepth = 2 };

        var bytes = PackSerializer.Serialize(value, tight);

        Assert.Throws<PackException>(() => PackSerializer.Serialize(value, new PackSerializerOptions { MaxDepth = 1 }));
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<(int, ImmutableList<int>, IEnumerable<int>, int[])>(bytes, new PackSerializerOptions { MaxDepth = 1 }));
        Assert.Equal([3], PackSerializer.Deserialize<(int, ImmutableList<int>, IEnumerable<int>, int[])>(bytes, tight).Item4);
    }

    public class PlainRun
    {
        public int A { get; set; }
        public bool Flag;
        public Color Color { get; set; }
        public long B { get; set; }
        public string? Text { get; set; }
        public double C { get; set; }
        public Guid Id { get; set; }
    }

    public struct PlainRunStruct
    {
        public short A;
        public ushort B;
        public string? Text;
    }

    [Fact]
    public void Serialize_RunsOfFixedWidthMembers_MatchMemberByMemberEncoding()
    {
        var value = new PlainRun { A = -5, Color = Color.Blue, B = long.MinValue, Text = "t", C = double.NaN, Id = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e") };
        System.Runtime.CompilerServices.Unsafe.As<bool, byte>(ref value.Flag) = 2; // a non-canonical true

        var bytes = PackSerializer.Serialize(value);
        var back = PackSerializer.Deserialize<PlainRun>(bytes)!;
        var structBack = PackSerializer.Deserialize<PlainRunStruct>(PackSerializer.Serialize(new PlainRunStruct { A = -1, B = 2, Text = "s" }));

        // -2, 7 members: properties first (A, Color, B | Text | C, Id), then the field Flag (normalized to 1).
        Assert.Equal(new byte[] { 0xFE, 0xFF, 0xFF, 0xFF, 7, 0, 0xFB, 0xFF, 0xFF, 0xFF, 2, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x01 }, bytes[..20]);
        Assert.Equal(1, bytes[^1]);
        Assert.Equal(6 + 4 + 1 + 8 + 5 + 8 + 16 + 1, bytes.Length);
        Assert.Equal((-5, true, Color.Blue, long.MinValue, "t", value.Id), (back.A, back.Flag, back.Color, back.B, back.Text, back.Id));
        Assert.True(double.IsNaN(back.C));
        Assert.Equal((-1, 2, "s"), (structBack.A, structBack.B, structBack.Text));
    }

    [Fact]
    public void Deserialize_BlittableTopLevelValue_RejectsWrongLengthsWithPackException()
    {
        var header = PackSerializer.Serialize(new Vector3 { X = 1, Y = 2, Z = 3 });

        Assert.Equal(12, header.Length);
        Assert.Equal(3, PackSerializer.Deserialize<Vector3>(header).Z);
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<Vector3>(header[..11]));
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<Vector3>([.. header, 0]));
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<int>(new byte[] { 1, 2 }));
    }

    [Fact]
    public void Serialize_UnsupportedType_ThrowsNotSupportedWithReason()
    {
        var exception = Assert.Throws<NotSupportedException>(() => PackSerializer.Serialize(new Holder<object> { Value = 1 }));

        Assert.Contains("object", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task SerializeAsync_StreamAndBufferWriterAndSequence_AgreeWithByteArray()
    {
        var organization = Organization.Create(200);
        var expected = PackSerializer.Serialize(organization);

        var bufferWriter = new ArrayBufferWriter<byte>(16);
        PackSerializer.Serialize(bufferWriter, organization);
        using var stream = new MemoryStream();
        await PackSerializer.SerializeAsync(stream, organization);

        Assert.Equal(expected, bufferWriter.WrittenSpan.ToArray());
        Assert.Equal(expected, stream.ToArray());

        stream.Position = 0;
        using var nonSeekable = new NonSeekableStream(stream.ToArray());
        var fromStream = await PackSerializer.DeserializeAsync<Organization>(nonSeekable);
        Assert.Equal(organization.Members![199].Address, fromStream!.Members![199].Address);

        var sequence = SequenceOf(expected, chunk: 7);
        Assert.False(sequence.IsSingleSegment);
        Assert.Equal(organization.Members[5].Name, PackSerializer.Deserialize<Organization>(sequence)!.Members![5].Name);
        Assert.Equal(organization.Members[5].Name, ((Organization)PackSerializer.Deserialize(sequence, typeof(Organization))!).Members![5].Name);
        Assert.Equal(expected, PackSerializer.Serialize((object)organization, typeof(Organization)));
    }

    [Fact]
    public void Serialize_IntoTinyChunkedBufferWriter_ProducesIdenticalBytes()
    {
        // A buffer writer that hands out small spans forces the writer to carry unpatched object headers across spans.
        var organization = Organization.Create(300);
        var expected = PackSerializer.Serialize(organization);
        var nested = new Holder<Organization> { Value = organization };

        var chunked = new ChunkedBufferWriter(maxSpan: 64);
        PackSerializer.Serialize(chunked, organization);
        var chunkedNested = new ChunkedBufferWriter(maxSpan: 64);
        PackSerializer.Serialize(chunkedNested, nested);

        Assert.Equal(expected, chunked.ToArray());
        Assert.Equal(PackSerializer.Serialize(nested), chunkedNested.ToArray());
        Assert.Equal(organization.Members![299].Description, PackSerializer.Deserialize<Holder<Organization>>(chunkedNested.ToArray())!.Value!.Members![299].Description);
    }

    [Fact]
    public async Task FirstUse_FromManyThreadsAtOnce_IsSafeAndConsistent()
    {
        using var start = new ManualResetEventSlim();
        var tasks = new Task<byte[]>[16];
        for (int i = 0; i < tasks.Length; i++)
        {
            tasks[i] = Task.Factory.StartNew(() =>
            {
                start.Wait();
                var value = new FirstUseProbe { Id = 42, Items = [new FirstUseItem { Name = "n" }] };
                var bytes = PackSerializer.Serialize(value);
                var back = PackSerializer.Deserialize<FirstUseProbe>(bytes)!;
                Assert.Equal("n", back.Items![0].Name);
                return bytes;
            }, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        }

        start.Set();
        var results = await Task.WhenAll(tasks).WaitAsync(TimeSpan.FromSeconds(30));

        Assert.All(results, r => Assert.Equal(results[0], r));
    }

    private static void AssertSequence<T>(IEnumerable<T> expected, IEnumerable<T>? actual)
    {
        Assert.NotNull(actual);
        Assert.Equal(expected, actual);
    }

    internal static ReadOnlySequence<byte> SequenceOf(byte[] bytes, int chunk)
    {
        Segment? first = null;
        Segment? last = null;
        for (int i = 0; i < bytes.Length; i += chunk)
        {
            var memory = bytes.AsMemory(i, Math.Min(chunk, bytes.Length - i));
            last = last is null ? first = new Segment(memory, 0) : last.Append(memory);
        }

        return new ReadOnlySequence<byte>(first!, 0, last!, last!.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }

    [Fact]
    public void Serialize_NonPublicTypesAndSetters_RoundTrip()
    {
        // The generated code lives in a dynamic assembly of its own: it must still reach private types and setters.
        var value = new HiddenHolder(7) { Inner = new HiddenPoint { X = 1, Y = -2 }, Tag = "私" };

        var back = PackSerializer.Deserialize<HiddenHolder>(PackSerializer.Serialize(value));

        Assert.NotNull(back);
        Assert.Equal((7, 1, -2, "私"), (back.Id, back.Inner.X, back.Inner.Y, back.Tag));
    }

    [Fact]
    public void Serialize_TypeFromCollectibleAssembly_WritesTheSameBytes()
    {
        // A non-collectible dynamic assembly cannot reference a collectible one; such types keep a DynamicMethod.
        var assembly = System.Reflection.Emit.AssemblyBuilder.DefineDynamicAssembly(new System.Reflection.AssemblyName("Pack.Tests.Collectible"), System.Reflection.Emit.AssemblyBuilderAccess.RunAndCollect);
        var builder = assembly.DefineDynamicModule("Pack.Tests.Collectible").DefineType("CollectiblePair", System.Reflection.TypeAttributes.Public | System.Reflection.TypeAttributes.Class);
        builder.DefineField(nameof(FieldPair.Value), typeof(int), System.Reflection.FieldAttributes.Public);
        builder.DefineField(nameof(FieldPair.Text), typeof(string), System.Reflection.FieldAttributes.Public);
        builder.DefineDefaultConstructor(System.Reflection.MethodAttributes.Public);
        var type = builder.CreateType();
        var instance = Activator.CreateInstance(type)!;
        type.GetField(nameof(FieldPair.Value))!.SetValue(instance, 42);
        type.GetField(nameof(FieldPair.Text))!.SetValue(instance, "collectible");

        var bytes = PackSerializer.Serialize(instance, type);
        var back = PackSerializer.Deserialize(bytes, type)!;

        Assert.True(type.IsCollectible);
        Assert.Equal(PackSerializer.Serialize(new FieldPair { Value = 42, Text = "collectible" }), bytes);
        Assert.Equal(42, type.GetField(nameof(FieldPair.Value))!.GetValue(back));
        Assert.Equal("collectible", type.GetField(nameof(FieldPair.Text))!.GetValue(back));
    }

    public sealed class FieldPair
    {
        public int Value;
        public string? Text;
    }

    private sealed class HiddenHolder
    {
        public HiddenHolder(int id) => Id = id;

        public int Id { get; private set; }

        public HiddenPoint Inner { get; init; }

        public string? Tag { get; set; }
    }

    private struct HiddenPoint
    {
        public int X { get; set; }

        public int Y { get; set; }
    }

    public sealed class FirstUseProbe
    {
        public int Id { get; set; }
        public List<FirstUseItem>? Items { get; set; }
    }

    public sealed class FirstUseItem
    {
        public string? Name { get; set; }
    }
}

using System.Collections.Immutable;
using Pack.Streaming;
using Pack.Tests.GoldenVectors.Types;

namespace Pack.Tests.GoldenVectors;

/// <summary>
/// The values described by the golden vectors in docs/vectors, keyed by vector id. The bytes live only in the vector
/// files; this catalog supplies the typed value each valid vector must encode to and decode from.
/// </summary>
public static class VectorCatalog
{
    /// <summary>The expected value of every valid vector, by id.</summary>
    public static IReadOnlyDictionary<string, VectorValue> Values { get; } = BuildValues();

    /// <summary>The expected content of every valid stream vector, by id.</summary>
    public static IReadOnlyDictionary<string, VectorStreamValue> Streams { get; } = BuildStreams();

    /// <summary>Types that appear only in invalid vectors.</summary>
    public static IReadOnlyList<Type> InvalidOnlyTypes { get; } =
    [
        typeof(Dictionary<int, int>),
        typeof(Dictionary<bool, int>),
        typeof(Dictionary<KeyValuePair<int, int>, int>),
        typeof(HashSet<float>),
        typeof(VectorNamedValue[]),
    ];

    /// <summary>The W6 small object.</summary>
    public static VectorSmallObject SmallObject() => new() { A = 1, B = 2, C = 3, S1 = "hello", S2 = "こんにちは世界" };

    private static Dictionary<string, VectorValue> BuildValues()
    {
        var values = new Dictionary<string, VectorValue>(StringComparer.Ordinal);
        void Add<T>(string id, T? value) => values.Add(id, new VectorValue(typeof(T), value));

        // Primitives.
        Add("bool.false", false);
        Add("bool.true", true);
        Add("byte.zero", (byte)0);
        Add("byte.max", byte.MaxValue);
        Add("sbyte.min", sbyte.MinValue);
        Add("sbyte.minus-one", (sbyte)-1);
        Add("int16.min", short.MinValue);
        Add("int16.max", short.MaxValue);
        Add("int16.minus-two", (short)-2);
        Add("uint16.max", ushort.MaxValue);
        Add("uint16.0x1234", (ushort)0x1234);
        Add("char.ascii", 'A');
        Add("char.latin", 'é');
        Add("char.cjk", '世');
        Add("char.lone-high-surrogate", '\uD83D');
        Add("int32.zero", 0);
        Add("int32.one", 1);
        Add("int32.minus-one", -1);
        Add("int32.min", int.MinValue);
        Add("int32.max", int.MaxValue);
        Add("int32.0x12345678", 0x12345678);
        Add("uint32.max", uint.MaxValue);
        Add("int64.min", long.MinValue);
        Add("int64.max", long.MaxValue);
        Add("int64.minus-one", -1L);
        Add("int64.0x0123456789abcdef", 0x0123456789ABCDEFL);
        Add("uint64.max", ulong.MaxValue);
        Add("int128.one", Int128.One);
        Add("int128.minus-one", Int128.NegativeOne);
        Add("int128.max", Int128.MaxValue);
        Add("int128.min", Int128.MinValue);
        Add("int128.halves", new Int128(0x0102030405060708, 0x090A0B0C0D0E0F10));
        Add("uint128.max", UInt128.MaxValue);
        Add("half.one", (Half)1);
        Add("half.minus-zero", BitConverter.UInt16BitsToHalf(0x8000));
        Add("half.max", Half.MaxValue);
        Add("half.epsilon", Half.Epsilon);
        Add("half.positive-infinity", Half.PositiveInfinity);
        Add("half.negative-infinity", Half.NegativeInfinity);
        Add("half.nan", Half.NaN);
        Add("single.one", 1f);
        Add("single.minus-zero", -0f);
        Add("single.max", float.MaxValue);
        Add("single.min", float.MinValue);
        Add("single.epsilon", float.Epsilon);
        Add("single.positive-infinity", float.PositiveInfinity);
        Add("single.negative-infinity", float.NegativeInfinity);
        Add("single.nan", float.NaN);
        Add("double.one", 1d);
        Add("double.minus-zero", -0d);
        Add("double.0.1", 0.1d);
        Add("double.max", double.MaxValue);
        Add("double.min", double.MinValue);
        Add("double.epsilon", double.Epsilon);
        Add("double.positive-infinity", double.PositiveInfinity);
        Add("double.negative-infinity", double.NegativeInfinity);
        Add("double.nan", double.NaN);
        Add("decimal.zero", 0m);
        Add("decimal.one", 1m);
        Add("decimal.minus-one", -1m);
        Add("decimal.1.50", 1.50m);
        Add("decimal.minus-123.4567", -123.4567m);
        Add("decimal.smallest-positive", 0.0000000000000000000000000001m);
        Add("decimal.max", decimal.MaxValue);
        Add("decimal.min", decimal.MinValue);
        Add("guid.empty", Guid.Empty);
        Add("guid.sequence", Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"));
        Add("datetime.min", DateTime.MinValue);
        Add("datetime.max", DateTime.MaxValue);
        Add("datetime.max-utc", DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc));
        Add("datetime.unspecified", new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Unspecified).AddTicks(1234567));
        Add("datetime.utc", new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc).AddTicks(1234567));
        Add("datetime.local", new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Local).AddTicks(1234567));
        Add("datetimeoffset.utc", new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.Zero));
        Add("datetimeoffset.minus-five-hours", new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(-5)));
        Add("datetimeoffset.plus-five-thirty", new DateTimeOffset(2024, 1, 2, 3, 4, 5, new TimeSpan(5, 30, 0)));
        Add("datetimeoffset.max-offset", new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(14)));
        Add("datetimeoffset.min-offset", new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(-14)));
        Add("datetimeoffset.min", DateTimeOffset.MinValue);
        Add("datetimeoffset.max", DateTimeOffset.MaxValue);
        Add("timespan.zero", TimeSpan.Zero);
        Add("timespan.minus-one-tick", TimeSpan.FromTicks(-1));
        Add("timespan.one-day-2h3m4.5s", new TimeSpan(1, 2, 3, 4, 500));
        Add("timespan.max", TimeSpan.MaxValue);
        Add("timespan.min", TimeSpan.MinValue);
        Add("dateonly.min", DateOnly.MinValue);
        Add("dateonly.max", DateOnly.MaxValue);
        Add("dateonly.leap-day", new DateOnly(2024, 2, 29));
        Add("timeonly.min", TimeOnly.MinValue);
        Add("timeonly.max", TimeOnly.MaxValue);
        Add("timeonly.12:34:56.789", new TimeOnly(12, 34, 56, 789));
        Add("enum.byte.max", VectorByteEnum.Max);
        Add("enum.short.negative", VectorShortEnum.Negative);
        Add("enum.int.blue", VectorColor.Blue);
        Add("enum.int.undefined-42", (VectorColor)42);
        Add("enum.ulong.huge", VectorBigEnum.Huge);
        Add("nullable.int.null", (int?)null);
        Add("nullable.int.five", (int?)5);
        Add("nullable.bool.false", (bool?)false);
        Add("nullable.double.nan", (double?)double.NaN);
        Add("nullable.guid.sequence", (Guid?)Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"));
        Add("nullable.datetimeoffset.null", (DateTimeOffset?)null);
        Add("nullable.point3", (VectorPoint3?)new VectorPoint3 { X = 1, Y = 2, Z = 3 });

        // Strings.
        Add("string.null", (string?)null);
        Add("string.empty", string.Empty);
        Add("string.ascii-one", "A");
        Add("string.ascii-hello", "hello");
        Add("string.latin", "héllo");
        Add("string.cjk", "日本語");
        Add("string.emoji", "😀");
        Add("string.mixed", "a😀é世");
        Add("string.nul", "\0");
        Add("string.u+ffff", "\uFFFF");
        Add("string.short-form-max", new string('あ', 21845));
        Add("string.long-form-ascii", new string('a', 21846));
        Add("string.long-form-cjk", new string('世', 21846));
        Add("string.decode.long-form-header-for-short-string", "abc");

        // Collections.
        Add("array.int.null", (int[]?)null);
        Add("array.int.empty", Array.Empty<int>());
        Add("array.int.values", new[] { 1, 2, 3 });
        Add("array.byte.values", new byte[] { 0x00, 0xFF, 0x7F });
        Add("array.bool.values", new[] { true, false, true });
        Add("array.string.values", new[] { "a", null, string.Empty, "日本" });
        Add("array.jagged-int", new int[]?[] { [1], [], null });
        Add("array.decimal.values", new[] { 1.5m });
        Add("array.point3.values", new[] { new VectorPoint3 { X = 1, Y = 2, Z = 3 }, new VectorPoint3 { X = -1, Y = 0, Z = 0.5f } });
        Add("array.flagged.values", new[] { new VectorFlagged { Flag = true, Value = 1 }, new VectorFlagged { Flag = false, Value = -1 } });
        Add("list.int.values", new List<int> { 1, 2 });
        Add("list.string.null", (List<string>?)null);
        Add("list.small-object.values", new List<VectorSmallObject?> { SmallObject(), null });
        Add("dictionary.string-int.values", new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 });
        Add("dictionary.int-string.values", new Dictionary<int, string?> { [1] = "x", [2] = null });
        Add("dictionary.int-string.empty", new Dictionary<int, string?>());
        Add("dictionary.string-int.null", (Dictionary<string, int>?)null);
        Add("hashset.int.values", new HashSet<int> { 1, 2, 3 });
        Add("hashset.string.values", new HashSet<string?> { "x", null });
        Add("hashset.int.null", (HashSet<int>?)null);
        Add("immutablearray.int.values", ImmutableArray.Create(1, 2));
        Add("immutablearray.int.default", default(ImmutableArray<int>));
        Add("immutablelist.string.values", ImmutableList.Create("a", "b"));
        Add("memory.byte.values", new Memory<byte>([1, 2, 3]));
        Add("readonlymemory.int.values", new ReadOnlyMemory<int>([7, 8]));
        Add("arraysegment.int.slice", new ArraySegment<int>([9, 1, 2, 9], 1, 2));
        Add("arraysegment.int.default", default(ArraySegment<int>));
        Add("ireadonlylist.int.values", (IReadOnlyList<int>)[1, 2]);
        Add("dictionary.double-int.near-duplicates", new Dictionary<double, int> { [0d] = 1, [double.Epsilon] = 2, [double.NaN] = 3, [1d] = 4, [Math.BitIncrement(1d)] = 5 });
        Add("dictionary.double-int.minus-zero-key", new Dictionary<double, int> { [0d] = 1, [-1d] = 2 });
        Add("dictionary.decimal-int.near-duplicates", new Dictionary<decimal, int> { [1.5m] = 1, [1.51m] = 2, [-1.5m] = 3 });
        Add("dictionary.datetime-int.near-duplicates", new Dictionary<DateTime, int> { [KeyTime] = 1, [KeyTime.AddTicks(1)] = 2 });
        Add("dictionary.datetimeoffset-int.near-duplicates", new Dictionary<DateTimeOffset, int> { [new DateTimeOffset(KeyTime.Ticks, TimeSpan.Zero)] = 1, [new DateTimeOffset(KeyTime.Ticks, TimeSpan.FromHours(-5))] = 2 });
        Add("dictionary.guid-int.near-duplicates", new Dictionary<Guid, int> { [Guid.Parse("00112233-4455-6677-8899-aabbccddeeff")] = 1, [Guid.Parse("00112233-4455-6677-8899-aabbccddeefe")] = 2 });
        Add("dictionary.string-int.near-duplicates", new Dictionary<string, int> { ["\u00e9"] = 1, ["e\u0301"] = 2, ["a"] = 3, ["A"] = 4 });
        Add("dictionary.tuple-int.near-duplicates", new Dictionary<(int, string), int> { [(1, "a")] = 1, [(1, "b")] = 2, [(2, "a")] = 3 });
        Add("hashset.float.near-duplicates", new HashSet<float> { 0f, float.Epsilon, float.NaN });
        Add("hashset.float.minus-zero", new HashSet<float> { 0f, -1f });
        Add("hashset.half.minus-zero", new HashSet<Half> { Half.Zero, Half.NegativeOne });
        Add("hashset.nullable-float.minus-zero", new HashSet<float?> { 0f, -1f });
        Add("hashset.string.null-and-empty", new HashSet<string?> { null, string.Empty });
        Add("dictionary.tuple-int.null-component", new Dictionary<(int, string?), int> { [(1, null)] = 1, [(1, string.Empty)] = 2 });
        Add("hashset.tuple-decimal-int.near-duplicates", new HashSet<(decimal, int)> { (1.5m, 1), (1.51m, 1), (1.5m, 2) });
        Add("hashset.tuple-datetime-int.near-duplicates", new HashSet<(DateTime, int)>
        {
            (DateTime.SpecifyKind(KeyTime, DateTimeKind.Utc), 1), (DateTime.SpecifyKind(KeyTime.AddTicks(1), DateTimeKind.Utc), 1), (DateTime.SpecifyKind(KeyTime, DateTimeKind.Local), 2),
        });
        Add("dictionary.tuple-datetimeoffset-int.near-duplicates", new Dictionary<(DateTimeOffset, int), int>
        {
            [(new DateTimeOffset(KeyTime.Ticks, TimeSpan.Zero), 1)] = 1, [(new DateTimeOffset(KeyTime.Ticks, TimeSpan.FromHours(-5)), 1)] = 2,
        });
        Add("hashset.tuple-double-int.near-duplicates", new HashSet<(double, int)> { (0d, 1), (double.Epsilon, 1), (double.NaN, 1), (-0d, 2) });
        Add("dictionary.keyvaluepair-decimal-int.near-duplicates", new Dictionary<KeyValuePair<decimal, int>, int> { [new(1.5m, 1)] = 1, [new(1.51m, 1)] = 2, [new(-1.5m, 1)] = 3 });
        Add("hashset.tuple-decimal-string.near-duplicates", new HashSet<(decimal, string)> { (1.5m, "a"), (1.5m, "b"), (1.51m, "a") });

        // Objects.
        Add("object.small", SmallObject());
        Add("object.small.null", (VectorSmallObject?)null);
        Add("object.envelope", new VectorEnvelope { Id = 7, Inner = SmallObject(), Tail = 9 });
        Add("object.envelope.inner-null", new VectorEnvelope { Id = 7, Inner = null, Tail = 9 });
        Add("object.empty", new VectorEmpty());
        Add("object.empty-nested", new VectorEmptyHolder { Empty = new VectorEmpty() });
        Add("struct.point3", new VectorPoint3 { X = 1, Y = 2, Z = 3 });
        Add("struct.flagged", new VectorFlagged { Flag = true, Value = -1 });
        Add("struct.named-value", new VectorNamedValue { Name = "n", Value = 5 });
        Add("nullable.named-value", (VectorNamedValue?)new VectorNamedValue { Name = "n", Value = 5 });
        Add("object.mesh", new VectorMesh { Origin = new VectorPoint3 { X = 1, Y = 2, Z = 3 }, Points = [new VectorPoint3 { X = 4, Y = 5, Z = 6 }] });
        Add("record.person", new VectorPerson("Ada", 36));
        Add("constructor.reading", new VectorReading(3, 0.5));
        Add("record.with-default", new VectorRecordWithDefault(1, 2));
        Add("order.inheritance", new VectorDerived { BaseValue = 1, Field = 2, Property = 3 });
        Add("order.pack-order", new VectorOrdered { First = 1, Second = 2, Third = 3 });
        Add("order.ignored-members", new VectorIgnored { Kept = 1, KeptToo = "k" });
        Add("order.data-contract", new VectorDataContract { Included = 1, NotAMember = 0, Internal = 3 });
        Add("valuetuple.int-int", (1, 2));
        Add("valuetuple.int-string", (1, "a"));
        Add("keyvaluepair.string-int", new KeyValuePair<string, int>("k", 1));
        Add("keyvaluepair.int-int", new KeyValuePair<int, int>(1, 2));
        Add("valuetuple.8-ints", (1, 2, 3, 4, 5, 6, 7, 8));
        Add("valuetuple.8-with-string", (1, 2, 3, 4, 5, 6, 7, "h"));
        Add("valuetuple.9-ints", (1, 2, 3, 4, 5, 6, 7, 8, 9));
        Add("valuetuple.8-eighth-is-tuple", (1, 2, 3, 4, 5, 6, 7, (8, 9)));
        Add("tuple.int-string", Tuple.Create(1, "a"));
        Add("depth.branch-64", Branch(32, withEmptyLeafArray: true));
        Add("depth.branch-63-null-leaf", Branch(32, withEmptyLeafArray: false));
        Add("depth.chain-64", Chain(64));
        Add("depth.memory-chain-minus-one-leaf", MemoryChain(64));
        Add("evolution.missing-members-keep-initializers", new VectorEvolved { A = 5 });
        Add("evolution.missing-parameter-uses-default", new VectorRecordWithDefault(1));
        Add("evolution.missing-nullable-parameters-use-defaults", new VectorRecordWithNullableDefault(1));
        Add("evolution.extra-members-skipped", new VectorSmallObjectV1 { A = 1, B = 2, C = 3 });
        Add("evolution.nested-extra-members-skipped", new VectorEnvelopeV1 { Id = 7, Inner = new VectorSmallObjectV1 { A = 1, B = 2, C = 3 }, Tail = 9 });
        Add("evolution.nested-missing-members", new VectorEnvelope { Id = 7, Inner = new VectorSmallObject { A = 1, B = 2, C = 3 }, Tail = 9 });

        // Unions.
        Add("union.circle", (VectorShape?)new VectorCircle { Radius = 1.5f });
        Add("union.square", (VectorShape?)new VectorSquare { Side = 4 });
        Add("union.null", (VectorShape?)null);
        Add("union.nested", new VectorDrawing { Shape = new VectorCircle { Radius = 1.5f }, Layer = 2 });
        Add("union.nested-null", new VectorDrawing { Shape = null, Layer = 2 });
        Add("union.list", new List<VectorShape?> { new VectorCircle { Radius = 1.5f }, null, new VectorSquare { Side = 4 } });
        Add("union.struct-fixed-case", (IVectorToken?)new VectorNumberToken { Value = 5 });
        Add("union.struct-object-case", (IVectorToken?)new VectorTextToken { Text = "a" });
        Add("union.struct-list", new List<IVectorToken?> { new VectorNumberToken { Value = 5 }, new VectorTextToken { Text = "a" }, null });
        return values;
    }

    private static Dictionary<string, VectorStreamValue> BuildStreams() => new(StringComparer.Ordinal)
    {
        ["stream.int.complete"] = new(typeof(int), [1, 2], null),
        ["stream.empty.complete"] = new(typeof(int), [], null),
        ["stream.small-object.complete"] = new(typeof(VectorSmallObject), [SmallObject(), null], null),
        ["stream.int.error"] = new(typeof(int), [1], new PackStreamError
        {
            Status = 500,
            Title = "Internal Server Error",
            Detail = "boom",
            TraceId = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
        }),
        ["stream.int.bytes-after-end"] = new(typeof(int), [1], null),
        ["stream.int.error-null-payload"] = new(typeof(int), [], new PackStreamError { Status = 500 }),
        ["stream.int.error-status-only"] = new(typeof(int), [], new PackStreamError { Status = 500 }),
    };

    /// <summary>The DateTime used by the key-equality vectors: 2024-01-02T03:04:05.1234567, Unspecified.</summary>
    private static DateTime KeyTime => new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Unspecified).AddTicks(1234567);

    /// <summary><paramref name="branches"/> nested branches, each the only child of its parent; the last has an empty or null array.</summary>
    private static VectorBranch Branch(int branches, bool withEmptyLeafArray)
    {
        var branch = new VectorBranch { Children = withEmptyLeafArray ? [] : null };
        for (int i = 1; i < branches; i++)
        {
            branch = new VectorBranch { Children = [branch] };
        }

        return branch;
    }

    /// <summary><paramref name="length"/> nested nodes, each with empty <c>Values</c>; the last has a null <c>Next</c>.</summary>
    private static VectorMemoryNode MemoryChain(int length)
    {
        var node = new VectorMemoryNode();
        for (int i = 1; i < length; i++)
        {
            node = new VectorMemoryNode { Next = node };
        }

        return node;
    }

    private static VectorNode Chain(int length)
    {
        var node = new VectorNode();
        for (int i = 1; i < length; i++)
        {
            node = new VectorNode { Next = node };
        }

        return node;
    }
}

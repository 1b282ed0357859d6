using System.Collections.Immutable;
using Pack.ContractTests.Types;

namespace Pack.ContractTests.Randomized;

/// <summary>
/// The contract types of the randomized checks: every root type of <see cref="ContractCases"/> and more awkward shapes,
/// each with a generator of random values biased towards edge values and null versus empty.
/// </summary>
public static class RandomCases
{
    public static readonly IReadOnlyList<RandomCase> All =
    [
        Case("order-placed", r => r.Chance(10) ? null : Order(r)),
        Case("entity", r =>
        {
            var value = new Entity { Key = r.Int() };
            for (int i = r.Next(3); i > 0; i--)
            {
                value.Update(r.NullableString());
            }

            return value;
        }),
        Case("expr", r => Expr(r, 4)),
        Case("expr-near-max-depth", r =>
        {
            // Chains around MaxDepth (64): the write and the read must fail at the same place on both paths.
            Expr value = new Literal(r.Int());
            for (int depth = 58 + r.Next(10); depth > 0; depth--)
            {
                value = r.Chance(80) ? new Negate(value) : new Add(value, new Literal(r.Int()));
            }

            return value;
        }),
        Case("period", r => new Period(r.String(), (r.DateOnly(), r.DateOnly()))),
        Case("fixed-holder", r => new FixedHolder
        {
            Pair = Fixed(r),
            Span = new GenericSpan<short>(r.Short(), r.Short()),
            Wide = (r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int()),
            Pairs = r.NullableArray(() => Fixed(r)),
            After = r.Int(),
        }),
        Case("generic-fixed", Fixed),
        Case("nine-tuple", r => (r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int())),
        Case("eight-tuple", r => (r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int())),
        Case("tuple-holder", r => new TupleHolder
        {
            Small = (r.Int(), r.Long(), r.Byte()),
            Big = (r.Long(), r.Long(), r.Long(), r.Long(), r.Long(), r.Long(), r.Long(), r.Long(), r.Long()),
            WithBool = new GenericFixed<bool, int> { First = r.Bool(), Second = r.Int() },
            Span = new GenericSpan<long>(r.Long(), r.Long()),
            Spans = r.NullableList(() => new GenericSpan<int>(r.Int(), r.Int())),
        }),
        Case("generic-span", r => new GenericSpan<long>(r.Long(), r.Long())),
        Case("generic-fixed-bool", r => new GenericFixed<bool, int> { First = r.Bool(), Second = r.Int() }),
        Case("interface-collections", Collections),
        Case("budgeted", r =>
        {
            var value = new Budgeted { Id = r.Int() };
            value.Fill(r.Long());
            return value;
        }),
        Case("budgeted-list", r => r.NullableList(() => new Budgeted { Id = r.Int() })),
        Case("settings", Settings),
        Case("point", r => new Point(r.Int(), r.Int())),
        Case("padded", r => new Padded { Tag = r.Byte(), Value = r.Long() }),
        Case("explicit", r => new Explicit { Low = r.Int(), High = r.Int() }),
        Case("point-array", r => r.NullableArray(() => new Point(r.Int(), r.Int()))),
        Case("padded-array", r => r.NullableArray(() => new Padded { Tag = r.Byte(), Value = r.Long() })),
        Case("shape", Shape),
        Case("attributed", r => new Attributed(r.Int(), r.String()) { Field = r.Long(), Ignored = r.Int(), JsonIgnored = r.Int(), JsonKept = r.NullableString(), DataIgnored = r.Int() }),
        Case("nested", r => new Nested
        {
            Map = r.OrNull(() => r.Dictionary(r.String, () => r.List(() => r.NullableArray(r.Int)!))),
            Points = r.NullableList(() => r.OrNullValue(() => new Point(r.Int(), r.Int()))),
            Levels = r.OrNull(() => r.HashSet(r.Enum<Level>)),
            Trees = r.OrNull(() => r.Dictionary(r.Int, () => Expr(r, 2)!)),
            Shapes = r.NullableList(() => Shape(r)),
            Text = r.NullableString(),
        }),

        // Shapes the fixed-value suite does not have.
        Case("all-primitives", Primitives),
        Case("sample", Sample),
        Case("reading", Reading),
        Case("renamed", r =>
        {
            var value = r.Chance(30)
                ? new Renamed(r.String()) { By = r.String(), At = r.DateTimeOffset(), Tags = r.NullableArray(r.Int) }
                : new Renamed(r.String(), r.NullableString()) { By = r.String(), At = r.DateTimeOffset() };
            value.Bump(r.Long());
            return r.Chance(10) ? null : value;
        }),
        Case("payload", Payload),
        Case("deep", r => new Deep
        {
            Index = r.OrNull(() => r.Dictionary(r.Guid, () => r.HashSet(r.String))),
            Rows = r.NullableList(() => r.Dictionary(r.String, () => r.OrNullValue(r.Int))),
            Jagged = r.NullableArray(() => r.NullableArray(() => r.OrNullValue(r.Int))!),
            Names = r.Pick(0, 1, 2) switch { 0 => default, 1 => [], _ => [.. r.Array(r.NullableString)] },
            Pairs = r.NullableList(() => (r.Int(), r.NullableString())),
            ByLevel = r.OrNull(() => r.Dictionary(r.Enum<Level>, () => r.List(() => Reading(r)))),
            Payloads = r.NullableList(() => Payload(r)),
            Named = r.OrNull(() => r.Dictionary(r.String, () => Payload(r)!)),
            Points = r.Chance(20) ? default : r.Array(() => new Point(r.Int(), r.Int())),
            Amounts = r.NullableArray(() => r.OrNullValue(r.Decimal)),
            Strings = r.NullableArray(r.String),
            MaybeStrings = r.NullableList(r.NullableString),
            Samples = r.NullableArray(() => Sample(r)),
            MaybeSamples = r.NullableArray(() => r.OrNullValue(() => Sample(r))),
        }),
        Evolution<DefaultsV1, Defaults>("defaults-from-v1", r => r.OrNull(() => new DefaultsV1 { Id = r.Int() })),
        Evolution<DefaultsV2, Defaults>("defaults-from-v2", r => r.OrNull(() => new DefaultsV2(r.Int(), r.NullableString(), r.Double()))),
        Evolution<PrioritizedV1, Prioritized>("prioritized-from-v1", r => r.OrNull(() => new PrioritizedV1 { Id = r.Int() })),
        Case("prioritized", r => r.Chance(30) ? new Prioritized(r.Int()) : new Prioritized(r.Int(), r.OrNullValue(r.Int), r.OrNullValue(() => r.Chance(50)), r.OrNullValue(r.Enum<Level>), r.OrNullValue(r.Double))),
        Case("defaults", r => r.Chance(30) ? new Defaults(r.Int()) : new Defaults(r.Int(), r.NullableString(), r.Double(), r.Single(), r.Char()) { Extra = r.NullableArray(r.Int), Price = r.Decimal() }),
        Case("token", r => Token(r)),
        Case("mark", Mark),
        Case("dot", r => new Dot(r.Short(), r.Short())),
        Case("maybe-point", r => r.OrNullValue(() => new Point(r.Int(), r.Int()))),
        Case("envelope", r => r.OrNull(() => new Envelope<IPayload> { Body = Payload(r), Pair = null, Many = r.NullableList(() => Payload(r)!) })),
        Case("awkward", r => new Awkward
        {
            Points = r.Pick(0, 1, 2) switch { 0 => default, 1 => [], _ => [.. r.Array(() => new Point(r.Int(), r.Int()))] },
            PaddedSegment = r.Chance(20) ? default : new ArraySegment<Padded>(r.Array(() => new Padded { Tag = r.Byte(), Value = r.Long() })),
            Samples = r.Chance(20) ? default : r.Array(() => Sample(r)),
            Marks = r.NullableList(() => Mark(r)),
            PointSet = r.OrNull(() => r.HashSet(() => new Point(r.Int(), r.Int()))),
            ByPoint = r.OrNull(() => r.Dictionary(() => new Point(r.Int(), r.Int()), () => new Padded { Tag = r.Byte(), Value = r.Long() })),
            ByTuple = r.OrNull(() => r.Dictionary(() => (r.Int(), r.Long()), r.NullableString)),
            ByTime = r.OrNull(() => r.Dictionary(r.DateTimeOffset, r.Double)),
            Doubles = r.OrNull(() => r.HashSet(r.Double)),
            MaybeTuple = r.OrNullValue(() => (r.Int(), r.NullableString())),
            MaybeFixed = r.OrNullValue(() => Fixed(r)),
            MaybeDot = r.OrNullValue(() => new Dot(r.Short(), r.Short())),
            Wide = r.Enum<Wide>(),
            Wides = r.NullableArray(r.Enum<Wide>),
            Tokens = r.OrNull(() => new Envelope<Token> { Body = Token(r), Pair = null, Many = r.NullableList(() => Token(r)!) }),
            Numbers = r.OrNull(() => new Envelope<int> { Body = r.Int(), Pair = r.OrNullValue(() => new GenericFixed<int, int> { First = r.Int(), Second = r.Int() }), Many = r.NullableList(r.Int) }),
            Pairs = r.NullableArray(() => new KeyValuePair<string, int>(r.String(), r.Int())),
        }),

        // Disagreements the randomized check found, kept as exact payloads.
        // A null marker where a generic struct with a header was expected: the generated formatter named it ValueTuple,
        // the run-time path ValueTuple`2 (seed 202, deep #6, one corrupted byte).
        Payload<List<(int, string?)>>("null-generic-tuple-element", "01000000ffffffff"),
        Payload<KeyValuePair<string, int>[]>("null-generic-struct-element", "01000000ffffffff"),
    ];

    public static TheoryData<string> Names()
    {
        var data = new TheoryData<string>();
        foreach (var randomCase in All)
        {
            data.Add(randomCase.Name);
        }

        return data;
    }

    public static RandomCase Get(string name) => All.Single(c => c.Name == name);

    /// <summary>The observations of <see cref="RandomCase.Observe"/>, by name: the entry point the reference load context is called through.</summary>
    public static string[] Observe(string name, int seed, int count) => [.. Get(name).Observe(seed, count)];

    /// <summary>Whether the formatter this process resolves for a case's type is a generated context's.</summary>
    public static bool IsGenerated(string name) => Get(name).AsContractCase().FormatterHost() is { } host && host.IsSubclassOf(typeof(PackSerializerContext));

    private static RandomCaseOf<T> Case<T>(string name, Func<ContractRandom, T?> value) => new(name, value);

    private static PayloadCaseOf<T> Payload<T>(string name, string hex) => new(name, hex);

    private static EvolutionCaseOf<TWritten, TRead> Evolution<TWritten, TRead>(string name, Func<ContractRandom, TWritten?> value) => new(name, value);

    private static OrderPlaced Order(ContractRandom r)
    {
        var value = new OrderPlaced { Id = r.Guid(), Source = r.String(), Quantity = r.Int() };
        value.Stamp(r.Long());
        return value;
    }

    private static Expr? Expr(ContractRandom r, int depth) => r.Next(depth <= 0 ? 1 : 4) switch
    {
        0 => new Literal(r.Int()),
        1 => new Add(Expr(r, depth - 1)!, Expr(r, depth - 1)!),
        2 => new Negate(r.Chance(20) ? null : Expr(r, depth - 1)),
        _ => null,
    };

    private static GenericFixed<int, long> Fixed(ContractRandom r) => new() { First = r.Int(), Second = r.Long() };

    private static InterfaceCollections? Collections(ContractRandom r) => r.Chance(5) ? null : new InterfaceCollections
    {
        List = r.NullableList(r.Int),
        ReadOnlyList = r.NullableArray(r.NullableString)!,
        Sequence = r.NullableArray(r.Long),
        Collection = r.NullableList(r.Guid),
        ImmutableArray = r.Pick(0, 1, 2) switch { 0 => default, 1 => [], _ => [.. r.Array(r.Int)] },
        ImmutableList = r.OrNull(() => ImmutableList.CreateRange(r.Array(r.String))),
        ImmutableListInterface = r.OrNull(() => ImmutableList.CreateRange(r.Array(r.Short))),
        Memory = r.Chance(20) ? default : r.Array(r.Byte),
        ReadOnlyMemory = r.Chance(20) ? default : r.Array(r.Int),
        Segment = r.Chance(20) ? default : Segment(r),
    };

    private static ArraySegment<short> Segment(ContractRandom r)
    {
        short[] array = r.Array(r.Short);
        int offset = r.Next(array.Length + 1);
        return new ArraySegment<short>(array, offset, r.Next(array.Length - offset + 1));
    }

    private static Settings? Settings(ContractRandom r) => r.Next(4) switch
    {
        0 => null,
        1 => new Settings(r.Int()),
        2 => new Settings(r.Int(), r.String()) { Extra = r.NullableString() },
        _ => new Settings(r.Int(), r.String(), r.Double(), r.Char(), r.Enum<Level>()) { Extra = r.NullableString(), Codes = r.NullableArray(r.Int) },
    };

    private static IShape? Shape(ContractRandom r) => r.Next(5) switch
    {
        0 => null,
        1 or 2 => new Square { Side = r.Double() },
        _ => new Dot(r.Short(), r.Short()),
    };

    private static IPayload? Payload(ContractRandom r) => r.Next(5) switch
    {
        0 => null,
        1 => new EmptyPayload(),
        2 => new NumberPayload(r.Long(), r.Double()),
        _ => new TextPayload { Text = r.NullableString(), Lines = r.NullableList(r.String) },
    };

    private static Token? Token(ContractRandom r) => r.Next(6) switch
    {
        0 => null,
        1 => new Token(r.Int(), r.String()) { Flags = r.Enum<Wide>() },
        _ => new Token(r.Int(), r.String(), r.Int()) { Flags = r.Enum<Wide>() },
    };

    private static Mark Mark(ContractRandom r) => new(r.Bool(), r.Char()) { Weight = r.Short() };

    private static Sample Sample(ContractRandom r) => new() { Value = r.Double(), Code = r.Short(), Ticks = r.Long() };

    private static Reading Reading(ContractRandom r) => new(r.NullableString(), r.Double(), r.DateTime());

    private static AllPrimitives? Primitives(ContractRandom r) => r.Chance(5) ? null : new AllPrimitives
    {
        Flag = r.Bool(),
        U8 = r.Byte(),
        I8 = r.SByte(),
        I16 = r.Short(),
        U16 = r.UShort(),
        Letter = r.Char(),
        I32 = r.Int(),
        U32 = r.UInt(),
        I64 = r.Long(),
        U64 = r.ULong(),
        I128 = r.Int128(),
        U128 = r.UInt128(),
        F16 = r.Half(),
        F32 = r.Single(),
        F64 = r.Double(),
        Money = r.Decimal(),
        Id = r.Guid(),
        When = r.DateTime(),
        WhenOffset = r.DateTimeOffset(),
        Duration = r.TimeSpan(),
        Day = r.DateOnly(),
        Time = r.TimeOnly(),
        Level = r.Enum<Level>(),
        Text = r.NullableString(),
        MaybeInt = r.OrNullValue(r.Int),
        MaybeDouble = r.OrNullValue(r.Double),
        MaybeMoney = r.OrNullValue(r.Decimal),
        MaybeId = r.OrNullValue(r.Guid),
        MaybeWhen = r.OrNullValue(r.DateTime),
        MaybeLetter = r.OrNullValue(r.Char),
        MaybeFlag = r.OrNullValue(r.Bool),
        MaybeLevel = r.OrNullValue(r.Enum<Level>),
    };
}

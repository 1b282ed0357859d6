using Pack.Tests.Models;

namespace Pack.Tests.Fuzzing;

/// <summary>
/// The fuzzed types: W3 (the five CGD payloads), W4 (Organization), W6 (the small object), unions, nested collections
/// and dictionaries, and every primitive. Seeds are generated from a fixed seed, so a run is reproducible.
/// </summary>
public static class FuzzTargets
{
    private static readonly PackShape S = PackShape.String;
    private static readonly PackShape I32 = PackShape.Fixed(4);
    private static readonly PackShape F8 = PackShape.Fixed(8);

    public static PackShape OrganizationShape { get; } = PackShape.Object(
        I32, PackShape.Collection(S), PackShape.Collection(PackShape.Object(I32, S, S, S, F8, F8)));

    public static PackShape ShapeUnion { get; } = PackShape.Union((0, PackShape.Object(S, F8)), (1, PackShape.Object(S, F8)));

    public static IReadOnlyList<FuzzTarget> All(int seed = 20261122)
    {
        var random = new Random(seed);
        return
        [
            Target("W3 primitives", PackShape.Object(PackShape.Fixed(1), PackShape.Fixed(1), PackShape.Fixed(2), PackShape.Fixed(2), I32, I32, F8, F8, I32, F8), random, Primitives),
            Target("W3 strings", PackShape.Object(S, S, S, S, S, S, S, S), random, Strings),
            Target("W3 int[]", PackShape.Collection(I32), random, r => Enumerable.Range(0, r.Next(0, 40)).Select(_ => r.Next()).ToArray()),
            Target("W3 string[]", PackShape.Collection(S), random, r => Enumerable.Range(0, r.Next(0, 12)).Select(_ => Text(r)).ToArray()),
            Target("W3 map", PackShape.Dictionary(S, PackShape.Collection(I32)), random, Map),
            Target("W4 organization", OrganizationShape, random, r => Organization.Create(r.Next(4) == 0 ? 200 : r.Next(0, 8))),
            Target("W6 small object", PackShape.Object(I32, I32, I32, S, S), random, r => new SmallObject { A = r.Next(), B = r.Next(), C = r.Next(), S1 = Text(r), S2 = Text(r) }),
            Target("union Shape", ShapeUnion, random, Shape),
            Target("union Shape[]", PackShape.Collection(ShapeUnion), random, r => Enumerable.Range(0, r.Next(0, 6)).Select(_ => Shape(r)).ToArray()),
            Target("nested List<Dictionary<string, int[][]>>", PackShape.Collection(PackShape.Dictionary(S, PackShape.Collection(PackShape.Collection(I32)))), random, Nested),
            Target("nested Holder<Dictionary<int, List<Shape>>>", PackShape.Object(PackShape.Dictionary(I32, PackShape.Collection(ShapeUnion))), random, NestedUnions),
            Target("HashSet<long>", PackShape.Collection(F8), random, r => Enumerable.Range(0, r.Next(0, 40)).Select(_ => r.NextInt64()).ToHashSet()),
            Target("Dictionary<long, Guid?>", PackShape.Dictionary(F8, PackShape.Nullable(PackShape.Fixed(16))), random, r => Enumerable.Range(0, r.Next(0, 20)).ToDictionary(_ => r.NextInt64(), _ => r.Next(2) == 0 ? (Guid?)null : Guid.NewGuid())),
            Target("SixteenDecimals?[]", PackShape.Collection(PackShape.Nullable(PackShape.Fixed(256))), random, r => Enumerable.Range(0, r.Next(0, 6)).Select(_ => r.Next(3) == 0 ? (SixteenDecimals?)new SixteenDecimals { D0 = r.Next() } : null).ToArray()),
            Target("List<WideClass>", PackShape.Collection(PackShape.Object(Enumerable.Repeat(F8, 30).ToArray())), random, r => Enumerable.Range(0, r.Next(0, 4)).Select(_ => new WideClass { M0 = r.Next(), M29 = r.Next() }).ToList()),
            Target("AllPrimitives", AllPrimitivesShape(), random, r => new AllPrimitives { Decimal = r.Next() / 100m, DateTime = DateTime.UnixEpoch.AddSeconds(r.Next()), Char = (char)r.Next(0xD800), NullableInt = r.Next(2) == 0 ? null : r.Next(), NullablePoint = r.Next(2) == 0 ? null : new Point(r.Next(), r.Next()) }),
        ];
    }

    private static FuzzTarget Target<T>(string name, PackShape shape, Random random, Func<Random, T> create)
    {
        var seeds = Enumerable.Range(0, 8).Select(_ => PackSerializer.Serialize(create(random))).ToList();
        return new FuzzTarget(name, shape, new PackFuzzer(shape, seeds), bytes => PackSerializer.Deserialize<T>(bytes));
    }

    private static PackShape AllPrimitivesShape()
    {
        int[] widths = [1, 1, 1, 2, 2, 2, 4, 4, 8, 8, 16, 16, 2, 4, 8, 16, 16, 8, 10, 8, 4, 8, 1];
        return PackShape.Object([.. widths.Select(PackShape.Fixed), PackShape.Nullable(I32), PackShape.Nullable(F8)]);
    }

    private static CgdPrimitives Primitives(Random r) => new()
    {
        A = (sbyte)r.Next(), B = (byte)r.Next(), C = (short)r.Next(), D = (ushort)r.Next(), E = r.Next(), F = (uint)r.Next(),
        G = r.NextInt64(), H = (ulong)r.NextInt64(), I = r.NextSingle(), J = r.NextDouble(),
    };

    private static CgdStrings Strings(Random r) => new()
    {
        S1 = Text(r), S2 = Text(r), S3 = Text(r), S4 = Text(r), S5 = Text(r), S6 = Text(r), S7 = Text(r),
        S8 = r.Next(4) == 0 ? new string('ø', 21_846) : Text(r), // sometimes the long form
    };

    private static Dictionary<string, List<int>> Map(Random r)
    {
        var map = new Dictionary<string, List<int>>();
        for (int i = r.Next(0, 6); i > 0; i--)
        {
            map.TryAdd($"{Text(r)}{i}", [.. Enumerable.Range(0, r.Next(0, 6)).Select(_ => r.Next())]);
        }

        return map;
    }

    private static Shape Shape(Random r) => r.Next(2) == 0
        ? new Circle { Label = Text(r), Radius = r.NextDouble() }
        : new Square { Label = Text(r), Side = r.NextDouble() };

    private static List<Dictionary<string, int[][]>> Nested(Random r) =>
        [.. Enumerable.Range(0, r.Next(0, 4)).Select(_ => Enumerable.Range(0, r.Next(0, 4)).ToDictionary(
            i => $"k{i}{Text(r)}",
            _ => Enumerable.Range(0, r.Next(0, 4)).Select(_ => Enumerable.Range(0, r.Next(0, 4)).ToArray()).ToArray()))];

    private static Holder<Dictionary<int, List<Shape>>> NestedUnions(Random r) => new()
    {
        Value = Enumerable.Range(0, r.Next(0, 4)).ToDictionary(i => i, _ => Enumerable.Range(0, r.Next(0, 4)).Select(_ => Shape(r)).ToList()),
    };

    /// <summary>Null, empty, ASCII, two- and three-byte UTF-8, and surrogate pairs.</summary>
    private static string? Text(Random r) => r.Next(8) switch
    {
        0 => null,
        1 => string.Empty,
        2 => "hello",
        3 => "héllo wörld",
        4 => "こんにちは世界",
        5 => "😀 emoji 🎉",
        6 => new string((char)('a' + r.Next(26)), r.Next(1, 40)),
        _ => $"测试{r.Next()}",
    };
}

using Pack.Tests.Models;

namespace Pack.Tests;

/// <summary>
/// Sets and dictionaries read from the wire spread keys an attacker chose to collide under .NET's default (unseeded)
/// hash codes. Measured deterministically: the keys below all share one default hash code (or one low 16 bits), and
/// the comparer of the decoded collection must spread them over almost all of 65,536 buckets.
/// </summary>
public sealed class HashFloodingTests
{
    private const int Count = 4096;

    public static TheoryData<string> KeyTypes() => new(["long", "ulong", "int", "uint", "LongKey", "Guid", "DateTime", "DateTimeOffset", "TimeSpan", "double", "decimal", "(long, long)", "KeyValuePair<long, long>",
        "ValueTuple<long>", "(long, long, long, long)", "(long x 5)", "(long x 6)", "(long x 7)", "(long x 8, Rest)", "(long x 10, nested Rest)", "((long, long), (long, long))",
        "Tuple<int, int>", "Tuple<long>", "Tuple<long x 3>", "Tuple<long x 4>", "Tuple<long x 7>", "Tuple<long x 8, Rest>", "Tuple<long x 9, Rest>", "KeyValuePair<(long, long), long>"]);

    [Theory]
    [MemberData(nameof(KeyTypes))]
    public void Deserialize_CollidingKeys_SpreadAcrossBuckets(string keyType)
    {
        switch (keyType)
        {
            case "long": Check(Keys(x => x | (x << 32))); break;
            case "ulong": Check(Keys(x => (ulong)(x | (x << 32)))); break;
            case "int": Check(Keys(x => (int)(x << 16))); break;
            case "uint": Check(Keys(x => (uint)(x << 16))); break;
            case "LongKey": Check(Keys(x => (LongKey)(x | (x << 32)))); break;
            case "Guid": Check(Keys(GuidKey)); break;
            case "DateTime": Check(Keys(x => new DateTime(x | (x << 32), DateTimeKind.Utc))); break;
            case "DateTimeOffset": Check(Keys(x => new DateTimeOffset(x | (x << 32), TimeSpan.Zero))); break;
            case "TimeSpan": Check(Keys(x => new TimeSpan(x | (x << 32)))); break;
            case "double": Check(Keys(x => BitConverter.Int64BitsToDouble(x | (x << 32)))); break;
            case "decimal": Check(Keys(x => new decimal((int)x, (int)x, 0, isNegative: false, scale: 0))); break;
            case "(long, long)": Check(Keys(x => (x | (x << 32), x | (x << 32)))); break;
            // .NET already hashes this struct beyond its first field, so only the spread is checked.
            case "KeyValuePair<long, long>": Check(Keys(x => new KeyValuePair<long, long>(x | (x << 32), 7)), adversarial: false); break;
            case "ValueTuple<long>": Check(Keys(x => new ValueTuple<long>(C(x)))); break;
            case "(long, long, long, long)": Check(Keys(x => (C(x), C(x), C(x), C(x)))); break;
            case "(long x 5)": Check(Keys(x => (C(x), C(x), C(x), C(x), C(x)))); break;
            case "(long x 6)": Check(Keys(x => (C(x), C(x), C(x), C(x), C(x), C(x)))); break;
            case "(long x 7)": Check(Keys(x => (C(x), C(x), C(x), C(x), C(x), C(x), C(x)))); break;
            case "(long x 8, Rest)": Check(Keys(x => (C(x), C(x), C(x), C(x), C(x), C(x), C(x), C(x)))); break;
            case "(long x 10, nested Rest)": Check(Keys(x => (C(x), C(x), C(x), C(x), C(x), C(x), C(x), C(x), C(x), C(x)))); break;
            case "((long, long), (long, long))": Check(Keys(x => ((C(x), C(x)), (C(x), C(x))))); break;
            // Tuple combines item hashes as (h1 << 5) + h1 ^ h2, unseeded: (x, 33x) all hash to 0.
            case "Tuple<int, int>": Check(Keys(x => Tuple.Create((int)x, (int)x * 33))); break;
            case "Tuple<long>": Check(Keys(x => Tuple.Create(C(x)))); break;
            case "Tuple<long x 3>": Check(Keys(x => Tuple.Create(C(x), C(x), C(x)))); break;
            case "Tuple<long x 4>": Check(Keys(x => Tuple.Create(C(x), C(x), C(x), C(x)))); break;
            case "Tuple<long x 7>": Check(Keys(x => Tuple.Create(C(x), C(x), C(x), C(x), C(x), C(x), C(x)))); break;
            case "Tuple<long x 8, Rest>": Check(Keys(x => Tuple.Create(C(x), C(x), C(x), C(x), C(x), C(x), C(x), C(x)))); break;
            case "Tuple<long x 9, Rest>": Check(Keys(x => new Tuple<long, long, long, long, long, long, long, Tuple<long, long>>(C(x), C(x), C(x), C(x), C(x), C(x), C(x), Tuple.Create(C(x), C(x))))); break;
            case "KeyValuePair<(long, long), long>": Check(Keys(x => new KeyValuePair<(long, long), long>((C(x), C(x)), 7))); break;
            default: throw new ArgumentOutOfRangeException(nameof(keyType));
        }
    }

    [Fact]
    public void Deserialize_8192CollidingFourTuples_SpreadLikeRandomKeys()
    {
        // The case: 8,192 (long, long, long, long) keys that all share one default hash code decoded 266x slower
        // than random ones. Under the decoded set's comparer they spread as random hashes do (about 7,700 of 65,536
        // buckets for 8,192 keys), so each lookup compares with about one other key, not with thousands.
        var colliding = new (long, long, long, long)[8_192];
        var random = new (long, long, long, long)[8_192];
        var rng = new Random(21);
        for (int i = 0; i < colliding.Length; i++)
        {
            colliding[i] = (C(i + 1), C(i + 1), C(i + 1), C(i + 1));
            random[i] = (rng.NextInt64(), rng.NextInt64(), rng.NextInt64(), rng.NextInt64());
        }

        var set = PackSerializer.Deserialize<HashSet<(long, long, long, long)>>(PackSerializer.Serialize(colliding))!;

        Assert.Equal(1, Buckets(colliding, EqualityComparer<(long, long, long, long)>.Default));
        Assert.Equal(8_192, set.Count);
        int collidingBuckets = Buckets(colliding, set.Comparer);
        int randomBuckets = Buckets(random, set.Comparer);
        Assert.True(collidingBuckets > 7_000 && collidingBuckets > randomBuckets * 0.9, $"{collidingBuckets} buckets for colliding keys, {randomBuckets} for random ones");
    }

    [Fact]
    public void Deserialize_TupleKeysEqualByValue_AreStillDuplicates()
    {
        // Equality is unchanged by the composed comparers: -0.0 equals 0.0 inside a 4-tuple and inside a Tuple's Rest.
        Assert.Throws<PackException>(SetOf((1L, 2L, 3L, 0.0), (1L, 2L, 3L, -0.0)));
        Assert.Throws<PackException>(SetOf(Tuple.Create(1, 2, 3, 4, 5, 6, 7, 0.0), Tuple.Create(1, 2, 3, 4, 5, 6, 7, -0.0)));
    }

    private static long C(long x) => x | (x << 32);

    [Fact]
    public void Deserialize_CollidingNullableKeys_SpreadAcrossBuckets()
    {
        var keys = Keys(x => (long?)(x | (x << 32)));

        var set = PackSerializer.Deserialize<HashSet<long?>>(PackSerializer.Serialize(new HashSet<long?>(keys)))!;

        Assert.Equal(Count, set.Count);
        Assert.True(Buckets(keys, set.Comparer) > 3_500);
    }

    [Fact]
    public void Deserialize_TrustedDataOption_UsesTheDefaultComparers()
    {
        var options = new PackSerializerOptions { UseCollisionResistantHashing = false };
        var bytes = PackSerializer.Serialize(new Dictionary<long, int> { [1] = 1 });

        var dictionary = PackSerializer.Deserialize<Dictionary<long, int>>(bytes, options)!;
        var set = PackSerializer.Deserialize<HashSet<long>>(PackSerializer.Serialize(new HashSet<long> { 1 }), options)!;

        Assert.Same(EqualityComparer<long>.Default, dictionary.Comparer);
        Assert.Same(EqualityComparer<long>.Default, set.Comparer);
    }

    [Fact]
    public void Deserialize_StringKeys_KeepTheDefaultRandomizedComparer()
    {
        var bytes = PackSerializer.Serialize(new Dictionary<string, int> { ["a"] = 1 });

        var dictionary = PackSerializer.Deserialize<Dictionary<string, int>>(bytes)!;

        Assert.Equal(1, dictionary["a"]);
        Assert.Same(EqualityComparer<string>.Default, dictionary.Comparer);
    }

    public static TheoryData<string> EqualKeyPairs() => new(["+0.0/-0.0", "NaN/NaN", "1.5/1.50", "0/-0 decimal", "DateTime Utc/Local", "DateTimeOffset same instant"]);

    [Theory]
    [MemberData(nameof(EqualKeyPairs))]
    public void Deserialize_KeysEqualByValueButNotByBytes_AreStillDuplicates(string pair)
    {
        // An array of two has the same wire form as a set of two: equality, and so duplicate detection, is unchanged.
        Action read = pair switch
        {
            "+0.0/-0.0" => SetOf(0.0, -0.0),
            "NaN/NaN" => SetOf(double.NaN, BitConverter.Int64BitsToDouble(0x7FF8_0000_0000_0001)),
            "1.5/1.50" => SetOf(1.5m, 1.50m),
            "0/-0 decimal" => SetOf(0m, new decimal(0, 0, 0, isNegative: true, scale: 2)),
            "DateTime Utc/Local" => SetOf(new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc), new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Local)),
            _ => SetOf(new DateTimeOffset(2026, 1, 1, 12, 0, 0, TimeSpan.Zero), new DateTimeOffset(2026, 1, 1, 14, 0, 0, TimeSpan.FromHours(2))),
        };

        var exception = Assert.Throws<PackException>(read);

        Assert.Contains("duplicate", exception.Message, StringComparison.OrdinalIgnoreCase);
    }

    private static Action SetOf<T>(T first, T second)
    {
        byte[] bytes = PackSerializer.Serialize(new[] { first, second });
        Assert.NotEqual(bytes.AsSpan(4, (bytes.Length - 4) / 2).ToArray(), bytes.AsSpan(4 + ((bytes.Length - 4) / 2)).ToArray());
        return () => PackSerializer.Deserialize<HashSet<T>>(bytes);
    }

    private static T[] Keys<T>(Func<long, T> make)
    {
        var keys = new T[Count];
        for (int i = 0; i < Count; i++)
        {
            keys[i] = make(i + 1);
        }

        return keys;
    }

    private static Guid GuidKey(long x)
    {
        // Guid's default hash XORs its four ints: equal first and second ints cancel out.
        Span<byte> bytes = stackalloc byte[16];
        BitConverter.TryWriteBytes(bytes, (int)x);
        BitConverter.TryWriteBytes(bytes[4..], (int)x);
        return new Guid(bytes);
    }

    private static void Check<T>(T[] keys, bool adversarial = true)
        where T : notnull
    {
        // The keys really are adversarial for the default comparer: they land in very few of the 65,536 buckets.
        Assert.True(!adversarial || Buckets(keys, EqualityComparer<T>.Default) <= 16, "the test keys do not collide under the default hash");

        var set = PackSerializer.Deserialize<HashSet<T>>(PackSerializer.Serialize(new HashSet<T>(keys)))!;
        var dictionary = PackSerializer.Deserialize<Dictionary<T, int>>(PackSerializer.Serialize(keys.ToDictionary(k => k, _ => 1)))!;

        Assert.Equal(Count, set.Count);
        Assert.Equal(Count, dictionary.Count);
        // 4,096 random hashes cover about 3,970 of 65,536 buckets; colliding ones cover a handful.
        Assert.True(Buckets(keys, set.Comparer) > 3_500, $"set comparer {set.Comparer.GetType().Name} left keys colliding");
        Assert.True(Buckets(keys, dictionary.Comparer) > 3_500, $"dictionary comparer {dictionary.Comparer.GetType().Name} left keys colliding");
        Assert.All(keys, key => Assert.Contains(key, set));
    }

    private static int Buckets<T>(T[] keys, IEqualityComparer<T> comparer)
    {
        var buckets = new HashSet<int>();
        foreach (var key in keys)
        {
            buckets.Add(comparer.GetHashCode(key!) & 0xFFFF);
        }

        return buckets.Count;
    }
}

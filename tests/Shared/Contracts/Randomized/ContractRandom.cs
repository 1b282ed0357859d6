using System.Text;

namespace Pack.ContractTests.Randomized;

/// <summary>
/// A seeded source of values for the randomized contract checks, biased towards edge values (min and max, NaN and its
/// payloads, negative zero, empty strings, surrogate pairs, nulls, empty collections). The same seed gives the same
/// values in every process and load context.
/// </summary>
public sealed class ContractRandom
{
    private static readonly string[] EdgeStrings =
    [
        string.Empty, " ", "a", "\0", "é", "€", "\U0001F600", "a\U0001F600b", "\u00ff\u0100\u07ff\u0800\uffff", new string('x', 300), "line\r\nbreak\ttab",
    ];

    private readonly Random _random;

    public ContractRandom(int seed) => _random = new Random(seed);

    public bool Bool() => _random.Next(2) == 1;

    /// <summary>True with probability <paramref name="percent"/>/100.</summary>
    public bool Chance(int percent) => _random.Next(100) < percent;

    public int Next(int maxExclusive) => _random.Next(maxExclusive);

    public T Pick<T>(params T[] choices) => choices[_random.Next(choices.Length)];

    public byte Byte() => (byte)Bits(sbyte.MinValue, sbyte.MaxValue);

    public sbyte SByte() => (sbyte)Bits(sbyte.MinValue, sbyte.MaxValue);

    public short Short() => (short)Bits(short.MinValue, short.MaxValue);

    public ushort UShort() => (ushort)Bits(short.MinValue, short.MaxValue);

    public char Char() => (char)UShort();

    public int Int() => (int)Bits(int.MinValue, int.MaxValue);

    public uint UInt() => (uint)Bits(int.MinValue, int.MaxValue);

    public long Long() => Bits(long.MinValue, long.MaxValue);

    public ulong ULong() => (ulong)Bits(long.MinValue, long.MaxValue);

    public Int128 Int128() => Chance(20) ? Pick(System.Int128.MinValue, System.Int128.MaxValue, System.Int128.Zero, System.Int128.NegativeOne) : new Int128((ulong)Long(), (ulong)Long());

    public UInt128 UInt128() => Chance(20) ? Pick(System.UInt128.MinValue, System.UInt128.MaxValue) : new UInt128((ulong)Long(), (ulong)Long());

    public double Double() => _random.Next(8) switch
    {
        0 => Pick(double.NaN, -double.NaN, double.PositiveInfinity, double.NegativeInfinity, double.MinValue, double.MaxValue, double.Epsilon, -0.0, 0.0),
        1 => BitConverter.Int64BitsToDouble(Long()), // Any bit pattern, NaN payloads included.
        _ => (_random.NextDouble() - 0.5) * Math.Pow(10, _random.Next(-10, 10)),
    };

    public float Single() => _random.Next(8) switch
    {
        0 => Pick(float.NaN, float.PositiveInfinity, float.NegativeInfinity, float.MinValue, float.MaxValue, float.Epsilon, -0f),
        1 => BitConverter.Int32BitsToSingle(Int()),
        _ => (float)Double(),
    };

    public Half Half() => Chance(20) ? Pick(System.Half.NaN, System.Half.MinValue, System.Half.MaxValue, System.Half.NegativeZero) : BitConverter.Int16BitsToHalf(Short());

    public decimal Decimal() => Chance(20)
        ? Pick(decimal.MinValue, decimal.MaxValue, decimal.Zero, decimal.MinusOne, -0.0m, 1.000m)
        : new decimal(Int(), Int(), Int(), Bool(), (byte)_random.Next(29));

    public Guid Guid()
    {
        if (Chance(15))
        {
            return Pick(System.Guid.Empty, System.Guid.AllBitsSet);
        }

        Span<byte> bytes = stackalloc byte[16];
        _random.NextBytes(bytes);
        return new Guid(bytes);
    }

    public DateTime DateTime()
        => Chance(15) ? Pick(System.DateTime.MinValue, System.DateTime.MaxValue, System.DateTime.UnixEpoch)
            : new DateTime(_random.NextInt64(System.DateTime.MaxValue.Ticks + 1), Pick(DateTimeKind.Unspecified, DateTimeKind.Utc, DateTimeKind.Local));

    public DateTimeOffset DateTimeOffset()
        => Chance(15) ? Pick(System.DateTimeOffset.MinValue, System.DateTimeOffset.MaxValue)
            : new DateTimeOffset(_random.NextInt64(System.DateTime.MaxValue.Ticks - System.TimeSpan.TicksPerDay) + System.TimeSpan.TicksPerDay / 2, System.TimeSpan.FromMinutes(_random.Next(-14 * 60, 14 * 60 + 1)));

    public TimeSpan TimeSpan() => Chance(15) ? Pick(System.TimeSpan.MinValue, System.TimeSpan.MaxValue, System.TimeSpan.Zero) : new TimeSpan(Long());

    public DateOnly DateOnly() => Chance(15) ? Pick(System.DateOnly.MinValue, System.DateOnly.MaxValue) : System.DateOnly.FromDayNumber(_random.Next(System.DateOnly.MaxValue.DayNumber + 1));

    public TimeOnly TimeOnly() => Chance(15) ? Pick(System.TimeOnly.MinValue, System.TimeOnly.MaxValue) : new TimeOnly(_random.NextInt64(System.TimeOnly.MaxValue.Ticks + 1));

    public TEnum Enum<TEnum>()
        where TEnum : struct, Enum
    {
        // Declared values mostly, and now and then any value of the underlying type (enums are not validated).
        var values = System.Enum.GetValues<TEnum>();
        return Chance(85) ? values[_random.Next(values.Length)] : (TEnum)System.Enum.ToObject(typeof(TEnum), Long());
    }

    /// <summary>A well-formed string (never a lone surrogate, which UTF-8 cannot carry): an edge string or random text.</summary>
    public string String()
    {
        if (Chance(35))
        {
            return EdgeStrings[_random.Next(EdgeStrings.Length)];
        }

        int length = _random.Next(Chance(10) ? 200 : 12);
        var text = new StringBuilder(length * 2);
        for (int i = 0; i < length; i++)
        {
            switch (_random.Next(4))
            {
                case 0:
                    text.Append(char.ConvertFromUtf32(_random.Next(0x10000, 0x110000)));
                    break;
                case 1:
                    int bmp = _random.Next(0x80, 0x10000);
                    text.Append(char.IsSurrogate((char)bmp) ? 'z' : (char)bmp);
                    break;
                default:
                    text.Append((char)_random.Next(0, 0x80));
                    break;
            }
        }

        return text.ToString();
    }

    public string? NullableString() => Chance(20) ? null : String();

    public T? OrNull<T>(Func<T> value)
        where T : class
        => Chance(20) ? null : value();

    public T? OrNullValue<T>(Func<T> value)
        where T : struct
        => Chance(20) ? null : value();

    /// <summary>A collection length: empty often, small mostly, now and then a longer one.</summary>
    public int Count() => _random.Next(10) switch
    {
        0 or 1 => 0,
        9 => _random.Next(10, 40),
        _ => _random.Next(1, 5),
    };

    public T[] Array<T>(Func<T> element)
    {
        var array = new T[Count()];
        for (int i = 0; i < array.Length; i++)
        {
            array[i] = element();
        }

        return array;
    }

    public List<T> List<T>(Func<T> element) => [.. Array(element)];

    public T[]? NullableArray<T>(Func<T> element) => Chance(20) ? null : Array(element);

    public List<T>? NullableList<T>(Func<T> element) => Chance(20) ? null : List(element);

    public Dictionary<TKey, TValue> Dictionary<TKey, TValue>(Func<TKey> key, Func<TValue> value)
        where TKey : notnull
    {
        int count = Count();
        var dictionary = new Dictionary<TKey, TValue>(count);
        for (int i = 0; i < count; i++)
        {
            dictionary.TryAdd(key(), value());
        }

        return dictionary;
    }

    public HashSet<T> HashSet<T>(Func<T> element)
    {
        int count = Count();
        var set = new HashSet<T>(count);
        for (int i = 0; i < count; i++)
        {
            set.Add(element());
        }

        return set;
    }

    /// <summary>A value in [<paramref name="min"/>, <paramref name="max"/>]: an edge now and then, a small one often, else any.</summary>
    private long Bits(long min, long max) => _random.Next(4) switch
    {
        0 => Pick(min, max, 0L, 1L, min < 0 ? -1L : 2L, min + 1, max - 1),
        1 => _random.Next(-128, 128),
        _ => _random.NextInt64(min, max),
    };
}

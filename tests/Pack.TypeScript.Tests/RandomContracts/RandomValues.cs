using System.Globalization;
using System.Numerics;
using System.Text;
using System.Text.Json.Nodes;

namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>
/// Random values of random contracts, as their §14 JSON (docs/wire-format.md §14), which <c>VectorJson.FromJson</c>
/// turns into .NET values of either compiled assembly. Edge values are frequent: minimum and maximum integers, NaN
/// (several bit patterns), −0.0, infinities and subnormals, decimal scales, the ends of the date and time ranges,
/// empty and null collections and strings, non-ASCII and astral text, lone surrogates in <c>char</c>, long strings (the
/// long string header form). Reference positions the contract annotates as non-nullable are never null; dictionary keys
/// and set elements are distinct under wire-format §5.1.
/// </summary>
public sealed class RandomValues(Random random)
{
    private const long MaxTicks = 3_155_378_975_999_999_999;
    private const long TicksPerMinute = 600_000_000;

    private static readonly string[] Texts =
    [
        "", "a", "hello", "héllo", "こんにちは世界", "😀", "a😀b", "\u0000", "\uffff", "Ω≈ç√", "line\nbreak", "\"quoted\\\"", "e\u0301",
    ];

    private static readonly ulong[] DoubleBits =
    [
        0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001, 0x7ff4000000000000, 0x8000000000000000, 0x0000000000000000,
        0x7ff0000000000000, 0xfff0000000000000, 0x0000000000000001, 0x7fefffffffffffff, 0x3ff0000000000000,
    ];

    private static readonly uint[] SingleBits = [0x7fc00000, 0xffc00000, 0x7f800001, 0x80000000, 0, 0x7f800000, 0xff800000, 1, 0x7f7fffff, 0x3f800000];

    private static readonly ushort[] HalfBits = [0x7e00, 0xfe00, 0x7c01, 0x8000, 0, 0x7c00, 0xfc00, 1, 0x7bff, 0x3c00, 0x03ff];

    /// <summary>How many more collection elements and strings this value may get (keeps values small).</summary>
    private int _budget;

    /// <summary>A value of <paramref name="type"/>; <paramref name="root"/>: the payload's value (oblivious, so may be null).</summary>
    public JsonNode? Value(ContractTypeRef type, bool root)
    {
        _budget = 40;
        return Next(type, mayBeNull: root || !type.ForbidsNull);
    }

    private JsonNode? Next(ContractTypeRef type, bool mayBeNull)
    {
        switch (type)
        {
            case ContractTypeRef.NullableValue nullable:
                return random.Next(3) == 0 ? null : Next(nullable.Inner, mayBeNull: false);
            case ContractTypeRef.Primitive primitive:
                if (!primitive.IsValueType && mayBeNull && random.Next(5) == 0)
                {
                    return null;
                }

                return Primitive(primitive.Name);
            case ContractTypeRef.Named named:
                return Named(named.Declaration, mayBeNull && !named.IsValueType);
            case ContractTypeRef.Tuple tuple:
                if (tuple.Class && mayBeNull && random.Next(5) == 0)
                {
                    return null;
                }

                var items = new JsonObject();
                foreach (var (item, name) in tuple.Items.Zip(tuple.Names))
                {
                    items[name] = Next(item, mayBeNull: true);
                }

                return items;
            case ContractTypeRef.Sequence sequence:
                // A Memory is never null (a default one is written as count 0, wire-format §5).
                if (mayBeNull && sequence.Kind != SequenceKind.Memory && random.Next(6) == 0)
                {
                    return null;
                }

                return sequence.Kind == SequenceKind.HashSet ? Distinct(sequence.Element, null) : Elements(sequence.Element);
            case ContractTypeRef.Map map:
                if (mayBeNull && random.Next(6) == 0)
                {
                    return null;
                }

                return Distinct(map.Key, map.Value);
            default:
                throw new InvalidOperationException(type.ToString());
        }
    }

    private int Count()
    {
        int count = random.Next(6) switch { 0 => 0, 1 => 1, 5 => random.Next(3, 8), _ => random.Next(1, 4) };
        count = Math.Min(count, Math.Max(0, _budget));
        _budget -= count;
        return count;
    }

    private JsonArray Elements(ContractTypeRef element)
    {
        var array = new JsonArray();
        int count = Count();
        for (int i = 0; i < count; i++)
        {
            array.Add(Next(element, !element.ForbidsNull));
        }

        return array;
    }

    /// <summary>Set elements (<paramref name="value"/> null) or dictionary entries with keys distinct under wire-format §5.1.</summary>
    private JsonArray Distinct(ContractTypeRef key, ContractTypeRef? value)
    {
        var array = new JsonArray();
        var seen = new HashSet<object>();
        int count = Count();
        for (int attempt = 0; attempt < count * 3 && array.Count < count; attempt++)
        {
            // A set may hold one null element (an annotated string); a dictionary key is never null.
            var element = Next(key, mayBeNull: value is null && key.Annotated);
            if (!seen.Add(EqualityClass(key, element)))
            {
                continue;
            }

            array.Add(value is null ? element : new JsonArray(element, Next(value, !value.ForbidsNull)));
        }

        return array;
    }

    /// <summary>
    /// wire-format §5.1 equality through .NET's own: <c>Equals</c> of double, float and Half makes ±0 and every NaN one
    /// value, decimal compares numerically, DateTime by ticks only (the kind is ignored); enums by their JSON.
    /// </summary>
    private static object EqualityClass(ContractTypeRef type, JsonNode? json)
        => json is null ? "null"
            : type is ContractTypeRef.Primitive p && ClrPrimitive(p.Name) is { } clr ? Pack.Tests.GoldenVectors.VectorJson.FromJson(json, clr)!
            : type is ContractTypeRef.Tuple tuple ? ComponentsClass(tuple, json)
            : json.ToJsonString();

    /// <summary>A tuple or KeyValuePair key component-wise (a boxed <see cref="ValueTuple{T1, T2}"/> compares and hashes its items with their own Equals).</summary>
    private static object ComponentsClass(ContractTypeRef.Tuple tuple, JsonNode json)
    {
        object key = "()";
        foreach (var (item, name) in tuple.Items.Zip(tuple.Names))
        {
            key = (key, EqualityClass(item, json[name]));
        }

        return key;
    }

    /// <summary>The .NET type of a primitive named as the vector files name it.</summary>
    public static Type? ClrPrimitive(string name) => name switch
    {
        "bool" => typeof(bool), "byte" => typeof(byte), "sbyte" => typeof(sbyte), "short" => typeof(short), "ushort" => typeof(ushort),
        "char" => typeof(char), "int" => typeof(int), "uint" => typeof(uint), "long" => typeof(long), "ulong" => typeof(ulong),
        "Int128" => typeof(Int128), "UInt128" => typeof(UInt128), "Half" => typeof(Half), "float" => typeof(float), "double" => typeof(double),
        "decimal" => typeof(decimal), "Guid" => typeof(Guid), "DateTime" => typeof(DateTime), "DateTimeOffset" => typeof(DateTimeOffset),
        "TimeSpan" => typeof(TimeSpan), "DateOnly" => typeof(DateOnly), "TimeOnly" => typeof(TimeOnly), "string" => typeof(string),
        _ => null,
    };

    private JsonNode? Named(ContractDeclaration declaration, bool mayBeNull)
    {
        if (mayBeNull && random.Next(5) == 0)
        {
            return null;
        }

        switch (declaration.Kind)
        {
            case DeclarationKind.Enum:
                string value = declaration.EnumValues.Count > 0 && random.Next(3) != 0
                    ? declaration.EnumValues[random.Next(declaration.EnumValues.Count)].Value
                    : Integer(random, declaration.Underlying!.Name);
                return IntegerJson(declaration.Underlying!.Name, value);
            case DeclarationKind.Union or DeclarationKind.InterfaceUnion:
                var (tag, unionCase) = declaration.Cases[random.Next(declaration.Cases.Count)];
                return new JsonObject { ["tag"] = (int)tag, ["case"] = unionCase.Name, ["value"] = Named(unionCase, mayBeNull: false) };
        }

        var json = new JsonObject();
        foreach (var member in declaration.WireMembers)
        {
            json[member.Name] = Next(member.Type, !member.Type.ForbidsNull);
        }

        return json;
    }

    /// <summary>The §14 JSON of an integer of the named type given as decimal text.</summary>
    public static JsonNode IntegerJson(string type, string value) => type is "long" or "ulong" or "Int128" or "UInt128"
        ? JsonValue.Create(value)
        : JsonNode.Parse(value)!;

    /// <summary>A random integer of the named type as decimal text: often 0, ±1 or an end of the range.</summary>
    public static string Integer(Random random, string type)
    {
        var (min, max) = type switch
        {
            "byte" => ((BigInteger)byte.MinValue, (BigInteger)byte.MaxValue),
            "sbyte" => (sbyte.MinValue, sbyte.MaxValue),
            "short" => (short.MinValue, short.MaxValue),
            "ushort" => (ushort.MinValue, ushort.MaxValue),
            "int" => (int.MinValue, int.MaxValue),
            "uint" => (uint.MinValue, uint.MaxValue),
            "long" => (long.MinValue, long.MaxValue),
            "ulong" => (ulong.MinValue, ulong.MaxValue),
            "Int128" => ((BigInteger)Int128.MinValue, (BigInteger)Int128.MaxValue),
            "UInt128" => (BigInteger.Zero, (BigInteger)UInt128.MaxValue),
            _ => throw new ArgumentException(type),
        };
        BigInteger value = random.Next(8) switch
        {
            0 => min,
            1 => max,
            2 => BigInteger.Zero,
            3 => BigInteger.One,
            4 => min < 0 ? BigInteger.MinusOne : max - 1,
            5 => random.Next(-100, 100),
            _ => min + (new BigInteger(RandomBytes(random, 17), isUnsigned: true) % (max - min + 1)),
        };
        value = BigInteger.Clamp(value, min, max);
        return value.ToString(CultureInfo.InvariantCulture);
    }

    private static byte[] RandomBytes(Random random, int count)
    {
        var bytes = new byte[count];
        random.NextBytes(bytes);
        return bytes;
    }

    private JsonNode Primitive(string name)
    {
        switch (name)
        {
            case "bool":
                return JsonValue.Create(random.Next(2) == 0);
            case "byte" or "sbyte" or "short" or "ushort" or "int" or "uint" or "long" or "ulong" or "Int128" or "UInt128":
                return IntegerJson(name, Integer(random, name));
            case "char":
                return JsonValue.Create(random.Next(5) switch { 0 => 0xd83d, 1 => 0xdc00, 2 => 0xffff, 3 => 0, _ => random.Next(0x20, 0x3000) });
            case "Half":
                return Hex(random.Next(2) == 0 ? HalfBits[random.Next(HalfBits.Length)] : (ushort)random.Next(0x10000), 4);
            case "float":
                return Hex(random.Next(2) == 0 ? SingleBits[random.Next(SingleBits.Length)] : (uint)random.NextInt64(0, 1L << 32), 8);
            case "double":
                return Hex(random.Next(2) == 0 ? DoubleBits[random.Next(DoubleBits.Length)] : (ulong)random.NextInt64() ^ ((ulong)random.Next(2) << 63), 16);
            case "decimal":
                return JsonValue.Create(Decimal());
            case "Guid":
                return JsonValue.Create(random.Next(5) == 0 ? Guid.Empty.ToString("D") : new Guid(RandomBytes(random, 16)).ToString("D"));
            case "DateTime":
                long ticks = Ticks(0, MaxTicks);
                return new JsonObject { ["ticks"] = ticks.ToString(CultureInfo.InvariantCulture), ["kind"] = ((DateTimeKind)random.Next(3)).ToString() };
            case "DateTimeOffset":
                int offset = random.Next(4) switch { 0 => 0, 1 => 840, 2 => -840, _ => random.Next(-840, 841) };
                long clock = Ticks(Math.Max(0, offset * TicksPerMinute), Math.Min(MaxTicks, MaxTicks + (offset * TicksPerMinute)));
                return new JsonObject { ["ticks"] = clock.ToString(CultureInfo.InvariantCulture), ["offsetMinutes"] = offset };
            case "TimeSpan":
                return JsonValue.Create(Ticks(long.MinValue, long.MaxValue).ToString(CultureInfo.InvariantCulture));
            case "DateOnly":
                return JsonValue.Create((int)Ticks(0, 3_652_058));
            case "TimeOnly":
                return JsonValue.Create(Ticks(0, 863_999_999_999).ToString(CultureInfo.InvariantCulture));
            case "string":
                return StringJson(Text());
            default:
                throw new ArgumentException(name);
        }
    }

    private static JsonValue Hex(ulong bits, int digits) => JsonValue.Create(bits.ToString("x" + digits.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture));

    private long Ticks(long min, long max) => random.Next(5) switch
    {
        0 => min,
        1 => max,
        2 => Math.Clamp(min + 1, min, max),
        _ => random.NextInt64(min, max),
    };

    private string Decimal()
    {
        int scale = random.Next(4) == 0 ? random.Next(29) : random.Next(4);
        var mantissa = random.Next(5) switch
        {
            0 => BigInteger.Zero,
            1 => (BigInteger.One << 96) - 1,
            _ => new BigInteger(RandomBytes(random, random.Next(1, 13)), isUnsigned: true),
        };
        string digits = mantissa.ToString(CultureInfo.InvariantCulture).PadLeft(scale + 1, '0');
        string text = scale == 0 ? digits : digits[..^scale] + "." + digits[^scale..];
        return random.Next(3) == 0 ? "-" + text : text;
    }

    private string Text()
    {
        _budget -= 1;
        switch (random.Next(12))
        {
            case 0 when _budget > 0:
                // The long header form (wire-format §4): more than 21 845 UTF-16 units.
                _budget -= 20;
                return random.Next(2) == 0 ? new string('x', 21_846) : string.Concat(Enumerable.Repeat("é😀", 6000));
            case 1:
                var builder = new StringBuilder();
                int length = random.Next(1, 40);
                for (int i = 0; i < length; i++)
                {
                    int code = random.Next(4) switch { 0 => random.Next(0x20, 0x7f), 1 => random.Next(0x80, 0x800), 2 => random.Next(0x800, 0xd800), _ => random.Next(0x10000, 0x110000) };
                    builder.Append(char.ConvertFromUtf32(code));
                }

                return builder.ToString();
            default:
                return Texts[random.Next(Texts.Length)];
        }
    }

    /// <summary>docs/wire-format.md §14: a long run of one character is <c>{"repeat", "count"}</c>.</summary>
    private static JsonNode StringJson(string text)
        => text.Length > 64 && text.AsSpan().IndexOfAnyExcept(text[0]) < 0
            ? new JsonObject { ["repeat"] = text[..1], ["count"] = text.Length }
            : JsonValue.Create(text);
}

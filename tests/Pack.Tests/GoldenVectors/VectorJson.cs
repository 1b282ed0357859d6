using System.Collections;
using System.Collections.Immutable;
using System.Globalization;
using System.Numerics;
using System.Reflection;
using System.Text;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using Pack.Formatters.Objects;

namespace Pack.Tests.GoldenVectors;

/// <summary>
/// The machine-readable "json" value of a vector, as docs/wire-format.md §14 maps each type: chosen by the declared
/// type, exact (float bits, decimal scale, DateTime kind, offsets), and readable without a .NET renderer.
/// </summary>
public static class VectorJson
{
    /// <summary>Strings longer than this made of one repeated character are written as <c>{"repeat", "count"}</c>.</summary>
    private const int RepeatThreshold = 64;

    /// <summary>The JSON for <paramref name="value"/> declared as <paramref name="type"/>.</summary>
    public static JsonNode? ToJson(object? value, Type type)
    {
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return value is null ? null : ToJson(value, underlying);
        }

        if (type.IsGenericType)
        {
            var definition = type.GetGenericTypeDefinition();
            var element = type.GetGenericArguments()[0];
            if (definition == typeof(Memory<>) || definition == typeof(ReadOnlyMemory<>))
            {
                var array = (Array)typeof(VectorJson).GetMethod(nameof(MemoryToArray), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(element).Invoke(null, [value, definition == typeof(Memory<>)])!;
                return Sequence(array, element);
            }

            if (definition == typeof(ArraySegment<>) && type.GetProperty("Array")!.GetValue(value) is null)
            {
                return null;
            }

            if (definition == typeof(ImmutableArray<>) && (bool)type.GetProperty("IsDefault")!.GetValue(value)!)
            {
                return null;
            }
        }

        if (value is null)
        {
            return null;
        }

        if (type.IsEnum)
        {
            return ToJson(Convert.ChangeType(value, Enum.GetUnderlyingType(type), CultureInfo.InvariantCulture), Enum.GetUnderlyingType(type));
        }

        switch (value)
        {
            case bool b: return JsonValue.Create(b);
            case byte n: return JsonValue.Create(n);
            case sbyte n: return JsonValue.Create(n);
            case short n: return JsonValue.Create(n);
            case ushort n: return JsonValue.Create(n);
            case char c: return JsonValue.Create((int)c);
            case int n: return JsonValue.Create(n);
            case uint n: return JsonValue.Create(n);
            case long n: return Text(n.ToString(CultureInfo.InvariantCulture));
            case ulong n: return Text(n.ToString(CultureInfo.InvariantCulture));
            case Int128 n: return Text(n.ToString(CultureInfo.InvariantCulture));
            case UInt128 n: return Text(n.ToString(CultureInfo.InvariantCulture));
            case Half h: return Text(BitConverter.HalfToUInt16Bits(h).ToString("x4", CultureInfo.InvariantCulture));
            case float f: return Text(BitConverter.SingleToUInt32Bits(f).ToString("x8", CultureInfo.InvariantCulture));
            case double d: return Text(BitConverter.DoubleToUInt64Bits(d).ToString("x16", CultureInfo.InvariantCulture));
            case decimal m: return Text(DecimalToString(m));
            case Guid g: return Text(g.ToString("D"));
            case DateTime t: return new JsonObject { ["ticks"] = Text(t.Ticks.ToString(CultureInfo.InvariantCulture)), ["kind"] = t.Kind.ToString() };
            case DateTimeOffset o: return new JsonObject { ["ticks"] = Text(o.Ticks.ToString(CultureInfo.InvariantCulture)), ["offsetMinutes"] = (int)o.Offset.TotalMinutes };
            case TimeSpan s: return Text(s.Ticks.ToString(CultureInfo.InvariantCulture));
            case DateOnly d: return JsonValue.Create(d.DayNumber);
            case TimeOnly t: return Text(t.Ticks.ToString(CultureInfo.InvariantCulture));
            case string s: return StringToJson(s);
        }

        if (IsUnion(type))
        {
            var (tag, caseType) = UnionCases(type).Single(c => c.Type == value.GetType());
            return new JsonObject { ["tag"] = tag, ["case"] = caseType.Name, ["value"] = ToJson(value, caseType) };
        }

        if (DictionaryTypes(type) is { } kv)
        {
            var pairs = new JsonArray();
            foreach (DictionaryEntry entry in (IDictionary)value)
            {
                pairs.Add(new JsonArray(ToJson(entry.Key, kv.Key), ToJson(entry.Value, kv.Value)));
            }

            return pairs;
        }

        if (ElementType(type) is { } elementType)
        {
            return Sequence((IEnumerable)value, elementType);
        }

        var json = new JsonObject();
        foreach (var member in ObjectContract.For(type).Members)
        {
            json[member.Name] = ToJson(Get(member.Member, value), member.Type);
        }

        return json;
    }

    /// <summary>The value of <paramref name="type"/> that <paramref name="json"/> describes.</summary>
    public static object? FromJson(JsonNode? json, Type type)
    {
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return json is null ? null : FromJson(json, underlying);
        }

        if (type.IsEnum)
        {
            return Enum.ToObject(type, FromJson(json, Enum.GetUnderlyingType(type))!);
        }

        if (json is null)
        {
            return type.IsValueType ? Activator.CreateInstance(type) : null;
        }

        if (type == typeof(bool)) return json.GetValue<bool>();
        if (type == typeof(byte)) return json.GetValue<byte>();
        if (type == typeof(sbyte)) return json.GetValue<sbyte>();
        if (type == typeof(short)) return json.GetValue<short>();
        if (type == typeof(ushort)) return json.GetValue<ushort>();
        if (type == typeof(char)) return (char)json.GetValue<int>();
        if (type == typeof(int)) return json.GetValue<int>();
        if (type == typeof(uint)) return json.GetValue<uint>();
        if (type == typeof(long)) return long.Parse(Str(json), CultureInfo.InvariantCulture);
        if (type == typeof(ulong)) return ulong.Parse(Str(json), CultureInfo.InvariantCulture);
        if (type == typeof(Int128)) return Int128.Parse(Str(json), CultureInfo.InvariantCulture);
        if (type == typeof(UInt128)) return UInt128.Parse(Str(json), CultureInfo.InvariantCulture);
        if (type == typeof(Half)) return BitConverter.UInt16BitsToHalf(ushort.Parse(Str(json), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
        if (type == typeof(float)) return BitConverter.UInt32BitsToSingle(uint.Parse(Str(json), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
        if (type == typeof(double)) return BitConverter.UInt64BitsToDouble(ulong.Parse(Str(json), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
        if (type == typeof(decimal)) return DecimalFromString(Str(json));
        if (type == typeof(Guid)) return GuidFromString(Str(json));
        if (type == typeof(DateTime)) return new DateTime(long.Parse(Str(json["ticks"]!), CultureInfo.InvariantCulture), Enum.Parse<DateTimeKind>(Str(json["kind"]!)));
        if (type == typeof(DateTimeOffset)) return new DateTimeOffset(long.Parse(Str(json["ticks"]!), CultureInfo.InvariantCulture), TimeSpan.FromMinutes(json["offsetMinutes"]!.GetValue<int>()));
        if (type == typeof(TimeSpan)) return new TimeSpan(long.Parse(Str(json), CultureInfo.InvariantCulture));
        if (type == typeof(DateOnly)) return DateOnly.FromDayNumber(json.GetValue<int>());
        if (type == typeof(TimeOnly)) return new TimeOnly(long.Parse(Str(json), CultureInfo.InvariantCulture));
        if (type == typeof(string)) return StringFromJson(json);

        if (IsUnion(type))
        {
            int tag = json["tag"]!.GetValue<int>();
            var caseType = UnionCases(type).Single(c => c.Tag == tag).Type;
            if (caseType.Name != Str(json["case"]!))
            {
                throw new InvalidDataException($"Tag {tag} of {type.Name} is {caseType.Name}, not {json["case"]}.");
            }

            return FromJson(json["value"], caseType);
        }

        if (DictionaryTypes(type) is { } kv)
        {
            var dictionary = (IDictionary)Activator.CreateInstance(typeof(Dictionary<,>).MakeGenericType(kv.Key, kv.Value))!;
            foreach (var pair in json.AsArray())
            {
                dictionary.Add(FromJson(pair![0], kv.Key)!, FromJson(pair[1], kv.Value));
            }

            return dictionary;
        }

        if (ElementType(type) is { } elementType)
        {
            var list = (IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(elementType))!;
            foreach (var item in json.AsArray())
            {
                list.Add(FromJson(item, elementType));
            }

            return ToCollection(list, type, elementType);
        }

        return ObjectFromJson(json.AsObject(), type);
    }

    /// <summary>The union cases of <paramref name="type"/>, as the codec reads them.</summary>
    public static IReadOnlyList<(ushort Tag, Type Type)> UnionCases(Type type)
    {
        var pack = type.GetCustomAttributes<PackUnionAttribute>(inherit: false).Select(a => (a.Tag, a.Type)).ToList();
        return pack.Count > 0 ? pack : type.GetCustomAttributes<JsonDerivedTypeAttribute>(inherit: false).Select(a => ((ushort)(int)a.TypeDiscriminator!, a.DerivedType)).ToList();
    }

    private static bool IsUnion(Type type)
        => (type.IsAbstract || type.IsInterface) && (type.IsDefined(typeof(PackUnionAttribute), false) || type.IsDefined(typeof(JsonDerivedTypeAttribute), false));

    private static JsonValue Text(string text) => JsonValue.Create(text);

    private static string Str(JsonNode node) => node.GetValue<string>();

    private static JsonNode StringToJson(string s)
    {
        for (int i = 0; i < s.Length; i++)
        {
            if (char.IsSurrogate(s[i]) && !(char.IsHighSurrogate(s[i]) && i + 1 < s.Length && char.IsLowSurrogate(s[i + 1]) && ++i > 0))
            {
                return new JsonObject { ["utf16"] = new JsonArray(s.Select(c => (JsonNode?)JsonValue.Create((int)c)).ToArray()) };
            }
        }

        if (s.Length > RepeatThreshold && s.AsSpan().IndexOfAnyExcept(s[0]) < 0 && !char.IsSurrogate(s[0]))
        {
            return new JsonObject { ["repeat"] = s[..1], ["count"] = s.Length };
        }

        return JsonValue.Create(s);
    }

    private static string StringFromJson(JsonNode json)
    {
        if (json is JsonValue)
        {
            return json.GetValue<string>();
        }

        if (json["utf16"] is JsonArray units)
        {
            return new string(units.Select(u => (char)u!.GetValue<int>()).ToArray());
        }

        // wire-format.md §14: one UTF-16 unit that is not a surrogate, repeated at least RepeatThreshold + 1 times.
        string unit = Str(json["repeat"]!);
        int count = json["count"]!.GetValue<int>();
        if (unit.Length != 1 || char.IsSurrogate(unit[0]) || count <= RepeatThreshold)
        {
            throw new FormatException($"A repeat form needs one non-surrogate UTF-16 unit and a count above {RepeatThreshold}: {json.ToJsonString()}");
        }

        return new string(unit[0], count);
    }

    /// <summary>Sign, digits and scale exactly: 1.50 is "1.50", negative zero with scale 1 is "-0.0".</summary>
    private static string DecimalToString(decimal value)
    {
        var bits = decimal.GetBits(value);
        var mantissa = new BigInteger((uint)bits[0]) | (new BigInteger((uint)bits[1]) << 32) | (new BigInteger((uint)bits[2]) << 64);
        int scale = (bits[3] >> 16) & 0xFF;
        string digits = mantissa.ToString(CultureInfo.InvariantCulture).PadLeft(scale + 1, '0');
        string text = scale == 0 ? digits : digits[..^scale] + "." + digits[^scale..];
        return bits[3] < 0 ? "-" + text : text;
    }

    /// <summary>wire-format.md §14: 8-4-4-4-12 lowercase hex digits, nothing else.</summary>
    private static Guid GuidFromString(string text)
    {
        if (text.Length != 36 || text.AsSpan().IndexOfAnyInRange('A', 'F') >= 0)
        {
            throw new FormatException($"A Guid must be in lowercase 8-4-4-4-12 form: \"{text}\"");
        }

        return Guid.ParseExact(text, "D");
    }

    private static decimal DecimalFromString(string text)
    {
        // wire-format.md §14: optional '-', integer digits without leading zeros, '.' and the scale's digits when scale > 0.
        if (!System.Text.RegularExpressions.Regex.IsMatch(text, @"\A-?(0|[1-9][0-9]*)(\.[0-9]+)?\z"))
        {
            throw new FormatException($"A decimal must be '-'?, digits without leading zeros, then '.' and its scale's digits: \"{text}\"");
        }

        bool negative = text.StartsWith('-');
        string unsigned = negative ? text[1..] : text;
        int dot = unsigned.IndexOf('.', StringComparison.Ordinal);
        byte scale = (byte)(dot < 0 ? 0 : unsigned.Length - dot - 1);
        var mantissa = BigInteger.Parse(unsigned.Replace(".", string.Empty, StringComparison.Ordinal), CultureInfo.InvariantCulture);
        return new decimal((int)(uint)(mantissa & uint.MaxValue), (int)(uint)((mantissa >> 32) & uint.MaxValue), (int)(uint)(mantissa >> 64), negative, scale);
    }

    private static JsonArray Sequence(IEnumerable items, Type elementType)
    {
        var array = new JsonArray();
        foreach (var item in items)
        {
            array.Add(ToJson(item, elementType));
        }

        return array;
    }

    private static T[] MemoryToArray<T>(object? value, bool mutable)
        => value is null ? [] : mutable ? ((Memory<T>)value).ToArray() : ((ReadOnlyMemory<T>)value).ToArray();

    private static KeyValuePair<Type, Type>? DictionaryTypes(Type type)
    {
        var dictionary = type.IsInterface && type.IsGenericType && IsDictionaryDefinition(type.GetGenericTypeDefinition())
            ? type
            : type.GetInterfaces().FirstOrDefault(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IDictionary<,>));
        return dictionary is null ? null : new(dictionary.GetGenericArguments()[0], dictionary.GetGenericArguments()[1]);
    }

    private static bool IsDictionaryDefinition(Type definition) => definition == typeof(IDictionary<,>) || definition == typeof(IReadOnlyDictionary<,>);

    private static Type? ElementType(Type type)
    {
        if (type.IsArray)
        {
            return type.GetElementType();
        }

        if (type.IsGenericType && (type.GetGenericTypeDefinition() == typeof(Memory<>) || type.GetGenericTypeDefinition() == typeof(ReadOnlyMemory<>)))
        {
            return type.GetGenericArguments()[0];
        }

        if (type == typeof(string))
        {
            return null;
        }

        var enumerable = type.IsInterface && type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IEnumerable<>)
            ? type
            : type.GetInterfaces().FirstOrDefault(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IEnumerable<>));
        return enumerable?.GetGenericArguments()[0];
    }

    private static object ToCollection(IList list, Type type, Type elementType)
    {
        if (type.IsArray)
        {
            var array = Array.CreateInstance(elementType, list.Count);
            list.CopyTo(array, 0);
            return array;
        }

        if (type.IsInterface || type == list.GetType())
        {
            if (type.IsGenericType && type.GetGenericTypeDefinition() is var d && (d == typeof(ISet<>) || d == typeof(IReadOnlySet<>)))
            {
                return Activator.CreateInstance(typeof(HashSet<>).MakeGenericType(elementType), list)!;
            }

            return list;
        }

        var definition = type.GetGenericTypeDefinition();
        var array2 = Array.CreateInstance(elementType, list.Count);
        list.CopyTo(array2, 0);
        if (definition == typeof(ImmutableArray<>))
        {
            return typeof(ImmutableArray).GetMethods().Single(m => m.Name == nameof(ImmutableArray.Create) && m.GetParameters() is [{ ParameterType.IsArray: true }]).MakeGenericMethod(elementType).Invoke(null, [array2])!;
        }

        if (definition == typeof(ImmutableList<>))
        {
            return typeof(ImmutableList).GetMethods().Single(m => m.Name == nameof(ImmutableList.Create) && m.GetParameters() is [{ ParameterType.IsArray: true }]).MakeGenericMethod(elementType).Invoke(null, [array2])!;
        }

        if (definition == typeof(Memory<>) || definition == typeof(ReadOnlyMemory<>) || definition == typeof(ArraySegment<>))
        {
            return Activator.CreateInstance(type, array2)!;
        }

        return Activator.CreateInstance(type, list)!;
    }

    private static object ObjectFromJson(JsonObject json, Type type)
    {
        var contract = ObjectContract.For(type);
        var names = contract.Members.Select(m => m.Name).ToHashSet(StringComparer.Ordinal);
        foreach (var property in json)
        {
            if (!names.Contains(property.Key))
            {
                throw new InvalidDataException($"{type.Name} has no member '{property.Key}'.");
            }
        }

        object instance;
        if (contract.Constructor is { } constructor)
        {
            var parameters = constructor.GetParameters();
            var arguments = new object?[parameters.Length];
            for (int i = 0; i < parameters.Length; i++)
            {
                var bound = contract.Members.FirstOrDefault(m => m.ParameterIndex == i);
                arguments[i] = bound is not null && json.ContainsKey(bound.Name) ? FromJson(json[bound.Name], bound.Type)
                    : parameters[i].HasDefaultValue ? parameters[i].DefaultValue
                    : parameters[i].ParameterType.IsValueType ? Activator.CreateInstance(parameters[i].ParameterType) : null;
            }

            instance = constructor.Invoke(arguments);
        }
        else
        {
            instance = Activator.CreateInstance(type)!;
        }

        foreach (var member in contract.Members)
        {
            if (member.ParameterIndex >= 0 || !json.ContainsKey(member.Name))
            {
                continue;
            }

            object? value = FromJson(json[member.Name], member.Type);
            switch (member.Member)
            {
                case PropertyInfo property:
                    property.SetValue(instance, value);
                    break;
                case FieldInfo field:
                    field.SetValue(instance, value);
                    break;
            }
        }

        return instance;
    }

    private static object? Get(MemberInfo member, object instance) => member switch
    {
        PropertyInfo property => property.GetValue(instance),
        FieldInfo field => field.GetValue(instance),
        _ => throw new InvalidOperationException(member.ToString()),
    };
}

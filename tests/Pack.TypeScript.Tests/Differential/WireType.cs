using System.Buffers.Binary;
using System.Text.Json;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>
/// The wire layout of a declared type as docs/wire-format.md lays it out, built from the type's name as the vector files
/// spell it (<c>Dictionary&lt;string, int&gt;</c>, <c>VectorPoint3?</c>) and the <c>Vector*</c> types of types.json,
/// independently of both codecs: enough to find every primitive, count, header, member count and tag of a valid
/// payload, so the mutator can aim at them.
/// </summary>
public abstract class WireType
{
    private static readonly Dictionary<string, (WireSlotKind Kind, int Width)> Primitives = new(StringComparer.Ordinal)
    {
        ["bool"] = (WireSlotKind.Bool, 1), ["byte"] = (WireSlotKind.Integer, 1), ["sbyte"] = (WireSlotKind.Integer, 1),
        ["short"] = (WireSlotKind.Integer, 2), ["ushort"] = (WireSlotKind.Integer, 2), ["char"] = (WireSlotKind.Char, 2),
        ["int"] = (WireSlotKind.Integer, 4), ["uint"] = (WireSlotKind.Integer, 4), ["long"] = (WireSlotKind.Integer, 8),
        ["ulong"] = (WireSlotKind.Integer, 8), ["Int128"] = (WireSlotKind.Integer, 16), ["UInt128"] = (WireSlotKind.Integer, 16),
        ["Half"] = (WireSlotKind.Half, 2), ["float"] = (WireSlotKind.Single, 4), ["double"] = (WireSlotKind.Double, 8),
        ["decimal"] = (WireSlotKind.Decimal, 16), ["Guid"] = (WireSlotKind.Guid, 16), ["DateTime"] = (WireSlotKind.DateTime, 8),
        ["DateTimeOffset"] = (WireSlotKind.DateTimeOffset, 10), ["TimeSpan"] = (WireSlotKind.TimeSpan, 8),
        ["DateOnly"] = (WireSlotKind.DateOnly, 4), ["TimeOnly"] = (WireSlotKind.TimeOnly, 8),
    };

    private static readonly HashSet<string> Lists = new(StringComparer.Ordinal)
    {
        "List", "IEnumerable", "ICollection", "IList", "IReadOnlyCollection", "IReadOnlyList", "ImmutableArray", "ImmutableList",
        "IImmutableList", "ArraySegment", "Memory", "ReadOnlyMemory", "HashSet", "ISet", "IReadOnlySet",
    };

    private static readonly HashSet<string> Maps = new(StringComparer.Ordinal) { "Dictionary", "IDictionary", "IReadOnlyDictionary" };

    /// <summary>The encoded length when fixed (§7), otherwise −1.</summary>
    public abstract int FixedWidth { get; }

    /// <summary>Whether the type is a .NET value type (a <c>T?</c> of it is <c>Nullable&lt;T&gt;</c>).</summary>
    public abstract bool IsValueType { get; }

    /// <summary>Records the structure of <paramref name="payload"/>, a valid payload of this type.</summary>
    public WireMap Map(ReadOnlySpan<byte> payload)
    {
        var map = new WireMap();
        int offset = 0;
        Walk(payload, ref offset, topLevel: true, map);
        if (offset != payload.Length)
        {
            throw new InvalidDataException($"The layout of {this} ends at {offset}, the payload at {payload.Length}.");
        }

        return map;
    }

    internal abstract void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, WireMap map);

    /// <summary>Parses vector-file type names against the types of types.json.</summary>
    public sealed class Parser(JsonElement types)
    {
        private readonly Dictionary<string, JsonElement> _definitions = types.EnumerateArray().ToDictionary(t => t.GetProperty("name").GetString()!, StringComparer.Ordinal);
        private readonly Dictionary<string, WireType> _named = new(StringComparer.Ordinal);

        public WireType Parse(string text)
        {
            int i = 0;
            var type = Parse(text, ref i);
            if (i != text.Length)
            {
                throw new FormatException($"bad type {text}");
            }

            return type;
        }

        private WireType Parse(string text, ref int i)
        {
            SkipSpaces(text, ref i);
            WireType type;
            if (text[i] == '(')
            {
                i++;
                type = Struct(TupleNames(List(text, ref i, ')')), valueType: true);
            }
            else
            {
                int start = i;
                while (i < text.Length && (char.IsLetterOrDigit(text[i]) || text[i] is '_' or '.'))
                {
                    i++;
                }

                string name = text[start..i];
                var args = new List<WireType>();
                if (i < text.Length && text[i] == '<')
                {
                    i++;
                    args = List(text, ref i, '>');
                }

                type = Named(name, args);
            }

            while (true)
            {
                if (text.AsSpan(i).StartsWith("[]"))
                {
                    i += 2;
                    type = new CollectionType(type, null);
                }
                else if (i < text.Length && text[i] == '?')
                {
                    i++;
                    type = type.IsValueType ? new NullableType(type) : type;
                }
                else
                {
                    return type;
                }
            }
        }

        private List<WireType> List(string text, ref int i, char close)
        {
            var items = new List<WireType> { Parse(text, ref i) };
            SkipSpaces(text, ref i);
            while (text[i] == ',')
            {
                i++;
                items.Add(Parse(text, ref i));
                SkipSpaces(text, ref i);
            }

            if (text[i] != close)
            {
                throw new FormatException($"bad type {text} at {i}");
            }

            i++;
            return items;
        }

        private static void SkipSpaces(string text, ref int i)
        {
            while (i < text.Length && text[i] == ' ')
            {
                i++;
            }
        }

        private static List<(string, WireType)> TupleNames(List<WireType> items)
            => items.Select((t, i) => (i == 7 ? "Rest" : $"Item{i + 1}", t)).ToList();

        private WireType Named(string name, List<WireType> args)
        {
            if (args.Count == 0 && Primitives.TryGetValue(name, out var primitive))
            {
                return new PrimitiveType(primitive.Kind, primitive.Width);
            }

            if (args.Count == 0 && name == "string")
            {
                return new StringType();
            }

            if (Lists.Contains(name))
            {
                return new CollectionType(args[0], null);
            }

            if (Maps.Contains(name))
            {
                return new CollectionType(args[0], args[1]);
            }

            return name switch
            {
                "KeyValuePair" => Struct([("Key", args[0]), ("Value", args[1])], valueType: true),
                "ValueTuple" => Struct(TupleNames(args), valueType: true),
                "Tuple" => Struct(TupleNames(args), valueType: false),
                _ => Vector(name),
            };
        }

        private static WireType Struct(List<(string Name, WireType Type)> members, bool valueType)
            => valueType && members.Count > 0 && members.All(m => m.Type.FixedWidth >= 0)
                ? new FixedStructType(members.Select(m => m.Type).ToArray())
                : new ObjectType(() => members.Select(m => m.Type).ToArray(), valueType);

        private WireType Vector(string name)
        {
            if (_named.TryGetValue(name, out var known))
            {
                return known;
            }

            var definition = _definitions[name];
            string kind = definition.GetProperty("kind").GetString()!;
            WireType type;
            if (kind == "enum")
            {
                var (_, width) = Primitives[definition.GetProperty("underlying").GetString()!];
                type = new PrimitiveType(WireSlotKind.Enum, width);
            }
            else if (kind == "union")
            {
                type = new UnionType(() => definition.GetProperty("cases").EnumerateArray()
                    .Select(c => ((ushort)c.GetProperty("tag").GetInt32(), Vector(c.GetProperty("type").GetString()!))).ToArray());
            }
            else if (kind.StartsWith("fixed struct", StringComparison.Ordinal))
            {
                type = new FixedStructType(Members(definition).ToArray());
            }
            else
            {
                bool reference = kind.StartsWith("class", StringComparison.Ordinal);
                type = new ObjectType(() => Members(definition).ToArray(), valueType: !reference);
            }

            _named[name] = type;
            return type;
        }

        private IEnumerable<WireType> Members(JsonElement definition)
            => definition.GetProperty("members").EnumerateArray().Select(m => Parse(m.GetProperty("type").GetString()!));
    }

    private sealed class PrimitiveType(WireSlotKind kind, int width) : WireType
    {
        public override int FixedWidth => width;

        public override bool IsValueType => true;

        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, WireMap map)
        {
            map.Slots.Add(new WireSlot(kind, offset, width));
            offset += width;
        }
    }

    private sealed class FixedStructType(WireType[] members) : WireType
    {
        public override int FixedWidth => members.Sum(m => m.FixedWidth);

        public override bool IsValueType => true;

        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, WireMap map)
        {
            foreach (var member in members)
            {
                member.Walk(payload, ref offset, topLevel: false, map);
            }
        }
    }

    private sealed class StringType : WireType
    {
        public override int FixedWidth => -1;

        public override bool IsValueType => false;

        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, WireMap map)
        {
            int start = offset;
            uint header = BinaryPrimitives.ReadUInt32LittleEndian(payload[offset..]);
            offset += 4;
            if (header is 0xFFFF_FFFF or 0)
            {
                map.Slots.Add(new WireSlot(WireSlotKind.StringHeader, start, 4, 0, header == 0 ? 0 : -1));
                map.Values.Add(new WireValueSpan(start, offset, [0xff, 0xff, 0xff, 0xff]));
                return;
            }

            int utf8, utf16;
            if ((header & 0x8000_0000) == 0)
            {
                utf16 = (int)(header & 0x7FFF);
                utf8 = (int)(header >> 15);
            }
            else
            {
                utf8 = (int)(header & 0x7FFF_FFFF);
                utf16 = BinaryPrimitives.ReadInt32LittleEndian(payload[offset..]);
                offset += 4;
            }

            map.Slots.Add(new WireSlot(WireSlotKind.StringHeader, start, offset - start, utf8, utf16));
            map.Slots.Add(new WireSlot(WireSlotKind.Utf8, offset, utf8));
            offset += utf8;
            map.Values.Add(new WireValueSpan(start, offset, [0xff, 0xff, 0xff, 0xff]));
        }
    }

    private sealed class CollectionType(WireType element, WireType? value) : WireType
    {
        public override int FixedWidth => -1;

        public override bool IsValueType => false;

        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, WireMap map)
        {
            int start = offset;
            int count = BinaryPrimitives.ReadInt32LittleEndian(payload[offset..]);
            map.Slots.Add(new WireSlot(WireSlotKind.Count, offset, 4, count, MinLength(element) + (value is null ? 0 : MinLength(value))));
            offset += 4;
            var starts = new List<int>();
            for (int i = 0; i < count; i++)
            {
                starts.Add(offset);
                element.Walk(payload, ref offset, topLevel: false, map);
                value?.Walk(payload, ref offset, topLevel: false, map);
            }

            if (count >= 0)
            {
                map.Collections.Add(new WireCollectionSpan(start, starts, offset));
            }

            map.Values.Add(new WireValueSpan(start, offset, [0xff, 0xff, 0xff, 0xff]));
        }

        private static int MinLength(WireType type) => type switch
        {
            { FixedWidth: >= 0 } => type.FixedWidth,
            UnionType => 2,
            NullableType => 1,
            _ => 4,
        };
    }

    private sealed class NullableType(WireType inner) : WireType
    {
        public override int FixedWidth => -1;

        public override bool IsValueType => false;

        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, WireMap map)
        {
            int start = offset;
            map.Slots.Add(new WireSlot(WireSlotKind.Presence, offset, 1, payload[offset]));
            offset++;
            if (payload[start] == 1)
            {
                inner.Walk(payload, ref offset, topLevel, map);
            }

            map.Values.Add(new WireValueSpan(start, offset, [0]));
        }
    }

    private sealed class ObjectType(Func<WireType[]> members, bool valueType) : WireType
    {
        private readonly Lazy<WireType[]> _members = new(members);

        public override int FixedWidth => -1;

        public override bool IsValueType => valueType;

        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, WireMap map)
        {
            int start = offset;
            int header = BinaryPrimitives.ReadInt32LittleEndian(payload[offset..]);
            offset += 4;
            if (header == -1)
            {
                map.Values.Add(new WireValueSpan(start, offset, [0xff, 0xff, 0xff, 0xff]));
                return;
            }

            map.Slots.Add(new WireSlot(WireSlotKind.ObjectHeader, start, 4, header));
            var members = _members.Value;
            int count = members.Length;
            int end = payload.Length;
            if (topLevel)
            {
                count = BinaryPrimitives.ReadUInt16LittleEndian(payload[offset..]);
                map.Slots.Add(new WireSlot(WireSlotKind.MemberCount, offset, 2, count, members.Length));
                offset += 2;
            }
            else
            {
                end = offset + header;
            }

            int bodyStart = offset;
            var starts = new List<int>();
            for (int i = 0; i < members.Length && i < count && offset < end; i++)
            {
                starts.Add(offset);
                members[i].Walk(payload, ref offset, topLevel: false, map);
            }

            // Appended members a newer writer wrote (evolution vectors) are skipped, as a reader does.
            offset = end;
            map.Objects.Add(new WireObjectSpan(start, topLevel, bodyStart, end, starts));
            map.Values.Add(new WireValueSpan(start, offset, [0xff, 0xff, 0xff, 0xff]));
        }
    }

    private sealed class UnionType(Func<(ushort Tag, WireType Case)[]> cases) : WireType
    {
        private readonly Lazy<(ushort Tag, WireType Case)[]> _cases = new(cases);

        public override int FixedWidth => -1;

        public override bool IsValueType => false;

        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, WireMap map)
        {
            int start = offset;
            ushort tag = BinaryPrimitives.ReadUInt16LittleEndian(payload[offset..]);
            map.Slots.Add(new WireSlot(WireSlotKind.UnionTag, offset, 2, tag, _cases.Value.Max(c => c.Tag)));
            offset += 2;
            if (tag != 0xFFFF)
            {
                _cases.Value.Single(c => c.Tag == tag).Case.Walk(payload, ref offset, topLevel, map);
            }

            map.Values.Add(new WireValueSpan(start, offset, [0xff, 0xff]));
        }
    }
}

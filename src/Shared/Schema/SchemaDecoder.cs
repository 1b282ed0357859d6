using System.Buffers.Binary;
using System.Globalization;
using System.Text.Json.Nodes;

// Public API of Pack.Schema (PACK_SCHEMA_PACKAGE). Pack compiles the same source as an internal copy in its own
// namespace, because PackSchema.For writes member defaults as the decoder's JSON of the codec's own bytes (the core
// cannot reference Pack.Schema, which references it).
#if PACK_SCHEMA_PACKAGE
namespace Pack.Schema;
#else
namespace Pack.Schema.Describing;
#endif

/// <summary>
/// Reads a payload with nothing but a <see cref="PackSchema"/> (no CLR types), following docs/wire-format.md, and
/// records every value with its offset and path. Primitives and strings are validated by the codec's own readers.
/// Used by <c>pack inspect</c> and to write members' defaults in the §14 JSON mapping.
/// </summary>
#if PACK_SCHEMA_PACKAGE
public
#else
internal
#endif
sealed class SchemaDecoder
{
    private const int MaxDepth = 64;

    private readonly IReadOnlyList<PackSchemaType> types;
    private readonly ReadOnlyMemory<byte> payload;
    private readonly bool prefix;

    private SchemaDecoder(IReadOnlyList<PackSchemaType> types, ReadOnlyMemory<byte> payload, bool prefix)
    {
        this.types = types;
        this.payload = payload;
        this.prefix = prefix;
    }

    /// <summary>Decodes <paramref name="payload"/> as one value of <c>types[root]</c>.</summary>
    /// <param name="types">The schema's types.</param>
    /// <param name="root">The index of the payload's type.</param>
    /// <param name="payload">The payload.</param>
    /// <param name="error">Why decoding stopped, or <see langword="null"/> when the payload is valid.</param>
    /// <returns>The decoded value; when <paramref name="error"/> is set, the part read before it.</returns>
    public static DecodedValue Decode(IReadOnlyList<PackSchemaType> types, int root, ReadOnlyMemory<byte> payload, out PackException? error) =>
        Decode(types, root, payload, prefix: false, out error);

    /// <summary>Decodes <paramref name="payload"/> as one value of <c>types[root]</c>.</summary>
    /// <param name="types">The schema's types.</param>
    /// <param name="root">The index of the payload's type.</param>
    /// <param name="payload">The payload, or its first bytes.</param>
    /// <param name="prefix">
    /// Whether <paramref name="payload"/> is only the first bytes of a longer one (a log's size limit): a collection whose
    /// count needs more bytes than are left is then read element by element until the bytes run out, instead of being
    /// refused at its count, so what was read is shown. Bounded: it applies only where every element takes at least one byte.
    /// </param>
    /// <param name="error">Why decoding stopped, or <see langword="null"/> when the payload is valid.</param>
    /// <returns>The decoded value; when <paramref name="error"/> is set, the part read before it.</returns>
    public static DecodedValue Decode(IReadOnlyList<PackSchemaType> types, int root, ReadOnlyMemory<byte> payload, bool prefix, out PackException? error)
    {
        var decoder = new SchemaDecoder(types, payload, prefix);
        var holder = new DecodedValue { Path = string.Empty, TypeIndex = root, Offset = 0 };
        int position = 0;
        error = null;
        try
        {
            decoder.Read(holder, root, ref position, payload.Length, topLevel: true, depth: 0, "$", key: null);
            if (position != payload.Length)
            {
                int extra = payload.Length - position;
                throw new PackException($"{extra} byte{(extra == 1 ? " follows" : "s follow")} the value; a payload holds exactly one value", position);
            }
        }
        catch (PackException exception)
        {
            error = exception;
        }

        return holder.Children.Count > 0 ? holder.Children[0] : new DecodedValue { Path = "$", TypeIndex = root, Offset = 0 };
    }

    /// <summary>The §14 JSON of <c>types[index]</c>'s zero value (what an absent member without a default reads as).</summary>
    /// <param name="types">The schema's types.</param>
    /// <param name="index">The index of the type.</param>
    /// <returns>The JSON of the zero value; <see langword="null"/> when it is null.</returns>
    private static JsonNode? ZeroJson(IReadOnlyList<PackSchemaType> types, int index)
    {
        var type = types[index];
        switch (type.Kind)
        {
            case PackSchemaKind.Primitive when type.Primitive != "string":
            case PackSchemaKind.FrozenStruct:
            case PackSchemaKind.Enum:
                int width = type.Kind == PackSchemaKind.Enum ? types[type.Element].Width : type.Width;
                return Decode(types, index, new byte[width], out _).ToJson(types);
            case PackSchemaKind.List when !type.Nullable:
                return new JsonArray(); // a default Memory<T> is empty, not null
            case PackSchemaKind.Object when !type.Nullable:
                var obj = new JsonObject();
                for (int i = 0; i < type.Members.Count; i++)
                {
                    obj[MemberKey(type, i)] = ZeroJson(types, type.Members[i].Type);
                }

                return obj;
            default:
                return null;
        }
    }

    private static string MemberKey(PackSchemaType type, int i) => type.Members[i].Name ?? "#" + i.ToString(CultureInfo.InvariantCulture);

    private static string Hex(ulong bits, int digits) => bits.ToString("x" + digits.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);

    private static int MinimumLength(IReadOnlyList<PackSchemaType> types, int index)
    {
        var type = types[index];
        return type.Kind switch
        {
            PackSchemaKind.Primitive => type.Width > 0 ? type.Width : 4,
            PackSchemaKind.Enum => types[type.Element].Width,
            PackSchemaKind.FrozenStruct => type.Width,
            PackSchemaKind.Union => 2,
            PackSchemaKind.Nullable => 1,
            _ => 4,
        };
    }

    private DecodedValue Read(DecodedValue parent, int index, ref int position, int end, bool topLevel, int depth, string path, string? key)
    {
        var type = types[index];
        var value = new DecodedValue { Path = path, Key = key, TypeIndex = index, Offset = position };
        parent.Children.Add(value);
        switch (type.Kind)
        {
            case PackSchemaKind.Primitive:
                ReadPrimitive(value, type, ref position, end);
                break;
            case PackSchemaKind.Enum:
                ReadPrimitive(value, types[type.Element], ref position, end);
                string number = value.Scalar is JsonValue v && v.TryGetValue(out string? s) ? s : value.Scalar!.ToJsonString();
                var names = type.Values.Where(e => e.Value == number && e.Name is not null).Select(e => e.Name).ToArray();
                value.Note = names.Length > 0 ? string.Join(" | ", names) : "no named value";
                break;
            case PackSchemaKind.Nullable:
                Need(position, end, 1, "a Nullable's presence byte");
                byte presence = payload.Span[position];
                if (presence > 1)
                {
                    throw new PackException($"invalid presence byte 0x{presence:x2} of a Nullable at {path} (must be 00 or 01)", position);
                }

                position++;
                value.HeadLength = 1;
                if (presence == 0)
                {
                    value.IsNull = true;
                    break;
                }

                // A Nullable adds no level and is transparent: its element takes its place.
                parent.Children.Remove(value);
                var inner = Read(parent, type.Element, ref position, end, topLevel, depth, path, key);
                inner.Note = inner.Note is null ? "present (01)" : "present (01), " + inner.Note;
                return inner;
            case PackSchemaKind.List:
            case PackSchemaKind.Set:
            case PackSchemaKind.Map:
                ReadCollection(value, type, ref position, end, depth, path);
                break;
            case PackSchemaKind.Union:
                ReadUnion(value, type, ref position, end, topLevel, depth, path);
                break;
            case PackSchemaKind.FrozenStruct:
                value.Shape = DecodedShape.Object;
                value.Note = $"frozen struct, {type.Width} bytes, no header";
                for (int i = 0; i < type.Members.Count; i++)
                {
                    Read(value, type.Members[i].Type, ref position, end, topLevel: false, depth, path + "." + MemberKey(type, i), MemberKey(type, i));
                }

                break;
            default:
                ReadObject(value, type, ref position, end, topLevel, depth, path);
                break;
        }

        value.End = position;
        return value;
    }

    private void ReadObject(DecodedValue value, PackSchemaType type, ref int position, int end, bool topLevel, int depth, string path)
    {
        Need(position, end, 4, "an object header");
        int header = BinaryPrimitives.ReadInt32LittleEndian(payload.Span[position..]);
        value.HeadLength = 4;
        if (header == -1)
        {
            if (!type.Nullable)
            {
                throw new PackException($"null (header -1) for the struct at {path}, which is never null", position);
            }

            position += 4;
            value.HeadLength = 4;
            value.IsNull = true;
            return;
        }

        if (depth + 1 > MaxDepth)
        {
            throw new PackException($"the object at {path} nests deeper than {MaxDepth} levels", position);
        }

        value.Shape = DecodedShape.Object;
        int count = type.Members.Count;
        int bodyEnd;
        int present;
        if (topLevel)
        {
            if (header != -2)
            {
                throw new PackException($"invalid top-level object header {header} at {path}: a top-level object starts with -2 (fe ff ff ff), or -1 for null", position);
            }

            Need(position + 4, end, 2, "the top-level object's member count");
            int written = BinaryPrimitives.ReadUInt16LittleEndian(payload.Span[(position + 4)..]);
            position += 6;
            value.HeadLength = 6;
            value.Note = $"top level, {written} member{(written == 1 ? string.Empty : "s")}";
            bodyEnd = end;
            present = Math.Min(written, count);
            if (written > count)
            {
                value.Note += $" ({written - count} more than this schema knows)";
            }

            for (int i = 0; i < present; i++)
            {
                Read(value, type.Members[i].Type, ref position, bodyEnd, topLevel: false, depth + 1, path + "." + MemberKey(type, i), MemberKey(type, i));
            }

            if (written <= count && position != bodyEnd)
            {
                throw new PackException($"{bodyEnd - position} bytes follow the {written} member{(written == 1 ? string.Empty : "s")} the top-level object at {path} says it has", position);
            }
        }
        else
        {
            if (header < 0)
            {
                throw new PackException($"invalid object header {header} at {path}: a nested object has its body length (>= 0), or -1 for null", position);
            }

            if (header > end - position - 4)
            {
                throw new PackException($"the object at {path} says its body has {header} bytes, but only {end - position - 4} remain", position);
            }

            position += 4;
            value.HeadLength = 4;
            value.Note = $"body {header} byte{(header == 1 ? string.Empty : "s")}";
            bodyEnd = position + header;
            present = 0;
            for (int i = 0; i < count && position < bodyEnd; i++, present++)
            {
                Read(value, type.Members[i].Type, ref position, bodyEnd, topLevel: false, depth + 1, path + "." + MemberKey(type, i), MemberKey(type, i));
            }
        }

        for (int i = present; i < count; i++)
        {
            var member = type.Members[i];
            value.Children.Add(new DecodedValue
            {
                Path = path + "." + MemberKey(type, i),
                Key = MemberKey(type, i),
                TypeIndex = member.Type,
                Offset = position,
                End = position,
                IsAbsent = true,
                Scalar = member.Default?.DeepClone() ?? ZeroJson(types, member.Type),
                Note = member.Default is null ? "absent from the payload: zero value" : "absent from the payload: default",
            });
        }

        if (position < bodyEnd)
        {
            value.Note += $"; {bodyEnd - position} bytes of members this schema does not know skipped";
            position = bodyEnd;
        }
    }

    private void ReadCollection(DecodedValue value, PackSchemaType type, ref int position, int end, int depth, string path)
    {
        Need(position, end, 4, "a collection count");
        int count = BinaryPrimitives.ReadInt32LittleEndian(payload.Span[position..]);
        value.HeadLength = 4;
        if (count == -1)
        {
            position += 4;
            if (!type.Nullable)
            {
                // A list that is never null (Memory<T>, ReadOnlyMemory<T>) reads -1 as empty, entering no level (wire-format §5, §9).
                value.Shape = DecodedShape.Array;
                value.Note = "count -1 of a list that is never null: empty";
                return;
            }

            value.IsNull = true;
            return;
        }

        if (count < -1)
        {
            throw new PackException($"invalid collection count {count} at {path}", position);
        }

        bool map = type.Kind == PackSchemaKind.Map;
        long minimum = map ? MinimumLength(types, type.Key) + MinimumLength(types, type.Value) : MinimumLength(types, type.Element);
        if (count * minimum > end - position - 4 && !(prefix && minimum > 0 && end == payload.Length))
        {
            throw new PackException($"the collection at {path} says it has {count} elements, which need at least {count * minimum} bytes, but only {end - position - 4} remain", position);
        }

        if (depth + 1 > MaxDepth)
        {
            throw new PackException($"the collection at {path} nests deeper than {MaxDepth} levels", position);
        }

        position += 4;
        value.Shape = map ? DecodedShape.Map : DecodedShape.Array;
        value.Note = $"{count} {(map ? "entr" + (count == 1 ? "y" : "ies") : "element" + (count == 1 ? string.Empty : "s"))}";
        HashSet<string>? seen = null;
        for (int i = 0; i < count; i++)
        {
            string at = path + "[" + i.ToString(CultureInfo.InvariantCulture) + "]";
            if (!map)
            {
                var element = Read(value, type.Element, ref position, end, topLevel: false, depth + 1, at, key: null);
                if (type.Kind == PackSchemaKind.Set)
                {
                    PlusZeroKey(element);
                    CheckRepeat(ref seen, EqualityKey(element), element, map: false);
                }

                continue;
            }

            var pair = new DecodedValue { Path = at, TypeIndex = value.TypeIndex, Offset = position, Shape = DecodedShape.Pair };
            value.Children.Add(pair);
            var key = Read(pair, type.Key, ref position, end, topLevel: false, depth + 1, at + "{key}", key: null);
            if (key.IsNull)
            {
                throw new PackException($"the dictionary key at {key.Path} is null; a dictionary key cannot be null (wire-format §5.1)", key.Offset);
            }

            PlusZeroKey(key);
            CheckRepeat(ref seen, EqualityKey(key), key, map: true);
            Read(pair, type.Value, ref position, end, topLevel: false, depth + 1, at + "{value}", key: null);
            pair.End = position;
        }
    }

    /// <summary>
    /// Rejects a dictionary key or set element equal to an earlier one under wire-format §5.1, as the codec's readers
    /// do (a payload <c>pack inspect</c> shows as valid must be one the server accepts). Keys whose type has no equality
    /// the wire defines (objects other than tuples and <c>KeyValuePair</c>, unions, collections; every named kind of a
    /// wire-form schema) are not compared, as §5.1 requires of a reader that does not know the type.
    /// </summary>
    private static void CheckRepeat(ref HashSet<string>? seen, string? identity, DecodedValue key, bool map)
    {
        if (identity is null)
        {
            return;
        }

        seen ??= new HashSet<string>(StringComparer.Ordinal);
        if (!seen.Add(identity))
        {
            throw new PackException(map ? $"the dictionary key at {key.Path} repeats an earlier key (wire-format §5.1)" : $"the set element at {key.Path} repeats an earlier element (wire-format §5.1)", key.Offset);
        }
    }

    /// <summary>A value's identity under §5.1 key equality, as text, or <see langword="null"/> when its type has none the wire defines.</summary>
    private string? EqualityKey(DecodedValue value)
    {
        var type = types[value.TypeIndex];
        if (value.IsNull || (type.Kind == PackSchemaKind.Primitive && value.Scalar is null))
        {
            // Null (or a member an older writer lacked, read as its default, null) equals only null.
            return "\0";
        }

        switch (type.Kind)
        {
            case PackSchemaKind.Primitive:
                return PrimitiveKey(type.Primitive!, value.Scalar!);
            case PackSchemaKind.Enum:
                return value.Scalar!.ToJsonString();
            case PackSchemaKind.FrozenStruct:
            case PackSchemaKind.Object:
                if (type.Name is not { } name || !(name.StartsWith("System.ValueTuple<", StringComparison.Ordinal) || name.StartsWith("System.Tuple<", StringComparison.Ordinal)
                    || name.StartsWith("System.Collections.Generic.KeyValuePair<", StringComparison.Ordinal)))
                {
                    return null;
                }

                // Component-wise, each by its own rule; lengths keep the components apart.
                var text = new System.Text.StringBuilder("(");
                foreach (var component in value.Children)
                {
                    if (EqualityKey(component) is not { } part)
                    {
                        return null;
                    }

                    text.Append(part.Length.ToString(CultureInfo.InvariantCulture)).Append(':').Append(part);
                }

                return text.Append(')').ToString();
            default:
                return null;
        }
    }

    private static string PrimitiveKey(string primitive, JsonNode scalar)
    {
        switch (primitive)
        {
            case "string":
                return "s" + scalar.GetValue<string>();
            case "f16" or "f32" or "f64":
                // All NaNs are one key, +0.0 and -0.0 are one key; other values are equal exactly when their bits are.
                ulong bits = ulong.Parse(scalar.GetValue<string>(), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
                double number = primitive switch
                {
                    "f16" => (double)BitConverter.UInt16BitsToHalf((ushort)bits),
                    "f32" => BitConverter.UInt32BitsToSingle((uint)bits),
                    _ => BitConverter.UInt64BitsToDouble(bits),
                };
                return double.IsNaN(number) ? "NaN" : number == 0 ? "0" : scalar.GetValue<string>();
            case "decimal":
                // By value: 1.5 == 1.50, 0 == -0 (dividing by 1.000… drops the trailing zeros of the scale).
                decimal value = decimal.Parse(scalar.GetValue<string>(), NumberStyles.Number, CultureInfo.InvariantCulture);
                return value == 0 ? "0" : (value / 1.000000000000000000000000000000000m).ToString(CultureInfo.InvariantCulture);
            case "datetime":
                return scalar["ticks"]!.GetValue<string>(); // the kind is ignored
            case "datetimeoffset":
                // The instant: clock ticks minus the offset.
                long ticks = long.Parse(scalar["ticks"]!.GetValue<string>(), CultureInfo.InvariantCulture);
                return (ticks - (scalar["offsetMinutes"]!.GetValue<int>() * 600_000_000L)).ToString(CultureInfo.InvariantCulture);
            default:
                return scalar.ToJsonString();
        }
    }

    /// <summary>A zero floating-point dictionary key or set element is +0.0 (wire-format §5.1, zero keys), as the codec reads it.</summary>
    private void PlusZeroKey(DecodedValue key)
    {
        if (types[key.TypeIndex].Primitive is "f16" or "f32" or "f64"
            && key.Scalar is JsonValue scalar && scalar.TryGetValue(out string? bits) && bits is "8000" or "80000000" or "8000000000000000")
        {
            key.Scalar = new string('0', bits.Length);
        }
    }

    private void ReadUnion(DecodedValue value, PackSchemaType type, ref int position, int end, bool topLevel, int depth, string path)
    {
        Need(position, end, 2, "a union tag");
        int tag = BinaryPrimitives.ReadUInt16LittleEndian(payload.Span[position..]);
        value.HeadLength = 2;
        if (tag == ushort.MaxValue)
        {
            position += 2;
            value.IsNull = true;
            return;
        }

        int caseType = -1;
        foreach (var unionCase in type.Cases)
        {
            if (unionCase.Tag == tag)
            {
                caseType = unionCase.Type;
            }
        }

        if (caseType < 0)
        {
            throw new PackException($"unknown union tag {tag} at {path} (known: {string.Join(", ", type.Cases.Select(c => c.Tag))})", position);
        }

        position += 2;
        value.Shape = DecodedShape.Union;
        value.Tag = tag;
        value.Note = $"tag {tag}: {types[caseType].ShortName ?? "#" + caseType.ToString(CultureInfo.InvariantCulture)}";
        int caseStart = position;
        var caseValue = Read(value, caseType, ref position, end, topLevel, depth, path + "(" + tag.ToString(CultureInfo.InvariantCulture) + ")", key: null);
        if (caseValue.IsNull)
        {
            throw new PackException($"a null case value after tag {tag} at {path}", caseStart);
        }
    }

    private void ReadPrimitive(DecodedValue value, PackSchemaType type, ref int position, int end)
    {
        var span = payload.Span;
        if (type.Primitive == "string")
        {
            ReadString(value, ref position, end);
            return;
        }

        int width = type.Width;
        Need(position, end, width, "a " + type.Primitive);
        var bytes = span.Slice(position, width);
        value.HeadLength = width;
        try
        {
            value.Scalar = type.Primitive switch
            {
                "bool" => PackSerializer.Deserialize<bool>(bytes),
                "u8" => bytes[0],
                "i8" => (sbyte)bytes[0],
                "i16" => BinaryPrimitives.ReadInt16LittleEndian(bytes),
                "u16" or "char" => BinaryPrimitives.ReadUInt16LittleEndian(bytes),
                "i32" => BinaryPrimitives.ReadInt32LittleEndian(bytes),
                "u32" => BinaryPrimitives.ReadUInt32LittleEndian(bytes),
                "i64" => BinaryPrimitives.ReadInt64LittleEndian(bytes).ToString(CultureInfo.InvariantCulture),
                "u64" => BinaryPrimitives.ReadUInt64LittleEndian(bytes).ToString(CultureInfo.InvariantCulture),
                "i128" => BinaryPrimitives.ReadInt128LittleEndian(bytes).ToString(CultureInfo.InvariantCulture),
                "u128" => BinaryPrimitives.ReadUInt128LittleEndian(bytes).ToString(CultureInfo.InvariantCulture),
                "f16" => Hex(BinaryPrimitives.ReadUInt16LittleEndian(bytes), 4),
                "f32" => Hex(BinaryPrimitives.ReadUInt32LittleEndian(bytes), 8),
                "f64" => Hex(BinaryPrimitives.ReadUInt64LittleEndian(bytes), 16),
                "decimal" => DecimalText(bytes),
                "guid" => PackSerializer.Deserialize<Guid>(bytes).ToString("D"),
                "datetime" => new JsonObject
                {
                    ["ticks"] = PackSerializer.Deserialize<DateTime>(bytes).Ticks.ToString(CultureInfo.InvariantCulture),
                    ["kind"] = PackSerializer.Deserialize<DateTime>(bytes).Kind.ToString(),
                },
                "datetimeoffset" => new JsonObject
                {
                    ["ticks"] = PackSerializer.Deserialize<DateTimeOffset>(bytes).Ticks.ToString(CultureInfo.InvariantCulture),
                    ["offsetMinutes"] = (int)PackSerializer.Deserialize<DateTimeOffset>(bytes).Offset.TotalMinutes,
                },
                "timespan" => BinaryPrimitives.ReadInt64LittleEndian(bytes).ToString(CultureInfo.InvariantCulture),
                "timeonly" => PackSerializer.Deserialize<TimeOnly>(bytes).Ticks.ToString(CultureInfo.InvariantCulture),
                "dateonly" => PackSerializer.Deserialize<DateOnly>(bytes).DayNumber,
                _ => throw new PackException($"unknown primitive '{type.Primitive}' in the schema", position),
            };
        }
        catch (PackException exception)
        {
            throw Rebase(exception, position, "invalid " + type.Primitive);
        }

        value.Note = type.Primitive switch
        {
            "f16" => ((double)BinaryPrimitives.ReadHalfLittleEndian(bytes)).ToString("R", CultureInfo.InvariantCulture),
            "f32" => BinaryPrimitives.ReadSingleLittleEndian(bytes).ToString("R", CultureInfo.InvariantCulture),
            "f64" => BinaryPrimitives.ReadDoubleLittleEndian(bytes).ToString("R", CultureInfo.InvariantCulture),
            _ => null,
        };
        position += width;
    }

    private static string DecimalText(ReadOnlySpan<byte> bytes)
    {
        decimal value = PackSerializer.Deserialize<decimal>(bytes);
        string text = value.ToString(CultureInfo.InvariantCulture);
        bool negative = BinaryPrimitives.ReadInt32LittleEndian(bytes[12..]) < 0;
        return negative && !text.StartsWith('-') ? "-" + text : text;
    }

    private void ReadString(DecodedValue value, ref int position, int end)
    {
        Need(position, end, 4, "a string header");
        uint header = BinaryPrimitives.ReadUInt32LittleEndian(payload.Span[position..]);
        long length;
        if (header == uint.MaxValue || header == 0)
        {
            length = 4;
        }
        else if ((header & 0x8000_0000) == 0)
        {
            length = 4 + ((header >> 15) & 0xFFFF);
        }
        else
        {
            Need(position, end, 8, "a long string header");
            length = 8L + (header & 0x7FFF_FFFF); // up to 2^31 + 7: checked against the bytes left before it is an int
        }

        value.HeadLength = (int)Math.Min(length, header >= 0x8000_0000 && header != uint.MaxValue ? 8 : 4);
        Need(position, end, length, "a string");
        try
        {
            string? text = PackSerializer.Deserialize<string>(payload.Span.Slice(position, (int)length));
            value.Scalar = text;
            value.IsNull = text is null;
            if (text is not null)
            {
                value.Note = $"{text.Length} UTF-16 unit{(text.Length == 1 ? string.Empty : "s")}, {length - value.HeadLength} UTF-8 byte{(length - value.HeadLength == 1 ? string.Empty : "s")}";
            }
        }
        catch (PackException exception)
        {
            throw Rebase(exception, position, "invalid string");
        }

        position += (int)length;
    }

    private static PackException Rebase(PackException exception, int position, string what)
    {
        string message = exception.Message;
        if (exception.Offset >= 0)
        {
            string suffix = $" (at byte offset {exception.Offset})";
            if (message.EndsWith(suffix, StringComparison.Ordinal))
            {
                message = message[..^suffix.Length];
            }
        }

        return new PackException($"{what}: {message}", position + Math.Max(exception.Offset, 0), exception);
    }

    private void Need(int position, int end, long count, string what)
    {
        if (end - position < count)
        {
            string where = end < payload.Length ? "the enclosing object's body" : "the payload";
            throw new PackException($"truncated: {what} needs {count} byte{(count == 1 ? string.Empty : "s")}, {where} has {Math.Max(end - position, 0)} left", position);
        }
    }
}

using System.Buffers.Binary;
using System.Globalization;
using System.Text.Json;
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

    // One walker, two sinks: with a writer (WriteJson) values are written as they are read and no DecodedValue is made
    // (but for dictionary keys and set elements, whose §5.1 identity is computed from a small tree); without one
    // (Decode) every value is a DecodedValue with its path and note. Paths are a stack of parts, made a string only
    // where one is shown (a DecodedValue's Path, an error message).
    [ThreadStatic]
    private static PathPart[]? t_parts;

    [ThreadStatic]
    private static Frame[]? t_frames;

    // The JSON writer's decoder, reused by the next WriteJson on this thread (a log line each): no decoder per line.
    [ThreadStatic]
    private static SchemaDecoder? t_jsonDecoder;

    private IReadOnlyList<PackSchemaType> types;
    private ReadOnlyMemory<byte> payload;
    private bool prefix;
    private Utf8JsonWriter? json;
    private Func<PackSchemaType, PackSchemaMember, bool>? leaveOut;
    private string leftOutText = string.Empty;
    private string incompleteText = string.Empty;

    private PathPart[] parts;
    private int partCount;
    private Frame[] frames;
    private int frameCount;
    private bool pending;
    private int quiet;
    private DecodedValue? pendingTree;

    private SchemaDecoder(IReadOnlyList<PackSchemaType> types, ReadOnlyMemory<byte> payload, bool prefix)
    {
        this.types = types;
        this.payload = payload;
        this.prefix = prefix;
        parts = t_parts ?? new PathPart[8];
        t_parts = null;
        frames = [];
    }

    // A JSON writer's decoder, given its payload, writer and the thread's stacks by Start.
    private SchemaDecoder()
    {
        types = [];
        parts = [];
        frames = [];
    }

    private enum PartKind : byte
    {
        Member,
        Index,
        Key,
        Value,
        Tag,
    }

    private enum FrameKind : byte
    {
        Object,
        Array,
        Union,
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
        error = decoder.Run(holder, root);
        return holder.Children.Count > 0 ? holder.Children[0] : new DecodedValue { Path = "$", TypeIndex = root, Offset = 0 };
    }

    /// <summary>
    /// Writes <paramref name="payload"/>, one value of <c>types[root]</c>, in the §14 JSON mapping straight to
    /// <paramref name="writer"/> as it is read, by the rules of <see cref="Decode(IReadOnlyList{PackSchemaType}, int, ReadOnlyMemory{byte}, bool, out PackException?)"/>
    /// but without making a <see cref="DecodedValue"/> for each value (no paths, notes or lists): the JSON is that of
    /// the decoded value's <see cref="DecodedValue.ToJson"/>. Made for logs. When decoding stops, what was read is
    /// written, with <paramref name="incompleteText"/> in place of a value that has nothing to show (a scalar not read,
    /// a collection or object none of whose parts was reached), and every open array and object is closed.
    /// </summary>
    /// <param name="types">The schema's types.</param>
    /// <param name="root">The index of the payload's type.</param>
    /// <param name="payload">The payload, or its first bytes.</param>
    /// <param name="prefix">Whether <paramref name="payload"/> is only the first bytes of a longer one, as for <c>Decode</c>.</param>
    /// <param name="writer">The writer the JSON goes to: one value is written.</param>
    /// <param name="leaveOut">Picks the object members whose value is written as <paramref name="leftOutText"/> (read, never written); <see langword="null"/> for none.</param>
    /// <param name="leftOutText">The string written in place of a left-out member's value.</param>
    /// <param name="incompleteText">The string written in place of a value decoding stopped before.</param>
    /// <param name="error">Why decoding stopped, or <see langword="null"/> when the payload is valid.</param>
    public static void WriteJson(IReadOnlyList<PackSchemaType> types, int root, ReadOnlyMemory<byte> payload, bool prefix, Utf8JsonWriter writer,
        Func<PackSchemaType, PackSchemaMember, bool>? leaveOut, string leftOutText, string incompleteText, out PackException? error)
    {
        ArgumentNullException.ThrowIfNull(types);
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(leftOutText);
        ArgumentNullException.ThrowIfNull(incompleteText);
        var decoder = t_jsonDecoder ?? new SchemaDecoder();
        t_jsonDecoder = null;
        decoder.Start(types, payload, prefix, writer, leaveOut, leftOutText, incompleteText);
        error = decoder.Run(holder: null, root);

        // Nothing of this payload, writer or schema is kept by the thread's decoder.
        decoder.payload = default;
        decoder.json = null;
        decoder.leaveOut = null;
        decoder.pendingTree = null;
        decoder.types = [];
        t_jsonDecoder = decoder;
    }

    /// <summary>Makes a new or used decoder one that writes JSON to <paramref name="json"/>, with the thread's part and frame stacks.</summary>
    private void Start(IReadOnlyList<PackSchemaType> types, ReadOnlyMemory<byte> payload, bool prefix, Utf8JsonWriter json,
        Func<PackSchemaType, PackSchemaMember, bool>? leaveOut, string leftOutText, string incompleteText)
    {
        this.types = types;
        this.payload = payload;
        this.prefix = prefix;
        this.json = json;
        this.leaveOut = leaveOut;
        this.leftOutText = leftOutText;
        this.incompleteText = incompleteText;
        // Release gave this decoder's stacks back to the thread: taken again here, never kept across runs.
        parts = t_parts ?? new PathPart[8];
        t_parts = null;
        frames = t_frames ?? new Frame[8];
        t_frames = null;
        partCount = 0;
        frameCount = 0;
        pending = false;
        quiet = 0;
        pendingTree = null;
    }

    /// <summary>
    /// Writes an already decoded <paramref name="value"/> as <see cref="WriteJson"/> would have written it (the same
    /// left-out members and incomplete values): how WriteJson writes a dictionary key or set element, and what tests
    /// hold WriteJson to.
    /// </summary>
    internal static void WriteTree(IReadOnlyList<PackSchemaType> types, DecodedValue value, bool failed, Utf8JsonWriter writer,
        Func<PackSchemaType, PackSchemaMember, bool>? leaveOut, string leftOutText, string incompleteText)
    {
        var decoder = new SchemaDecoder();
        decoder.Start(types, ReadOnlyMemory<byte>.Empty, prefix: false, writer, leaveOut, leftOutText, incompleteText);
        decoder.WriteTreeChild(value, failed);
        decoder.Release();
    }

    private PackException? Run(DecodedValue? holder, int root)
    {
        int position = 0;
        PackException? error = null;
        try
        {
            Read(holder, root, ref position, payload.Length, topLevel: true, depth: 0, key: null, leftOut: false, out _);
            if (position != payload.Length)
            {
                int extra = payload.Length - position;
                throw new PackException($"{extra} byte{(extra == 1 ? " follows" : "s follow")} the value; a payload holds exactly one value", position);
            }
        }
        catch (PackException exception)
        {
            error = exception;
            if (json is not null)
            {
                CloseAfterError();
            }
        }

        Release();
        return error;
    }

    private void Release()
    {
        t_parts = parts;
        if (json is not null)
        {
            t_frames = frames;
        }
    }

    /// <summary>The current value's JSONPath-like location (<c>$</c>, <c>$.name</c>, <c>$.items[2]</c>), made from the parts.</summary>
    private string Path()
    {
        if (partCount == 0)
        {
            return "$";
        }

        var text = new System.Text.StringBuilder("$");
        for (int i = 0; i < partCount; i++)
        {
            var part = parts[i];
            switch (part.Kind)
            {
                case PartKind.Member:
                    text.Append('.').Append(part.Name);
                    break;
                case PartKind.Index:
                    text.Append('[').Append(part.Number.ToString(CultureInfo.InvariantCulture)).Append(']');
                    break;
                case PartKind.Key:
                    text.Append("{key}");
                    break;
                case PartKind.Value:
                    text.Append("{value}");
                    break;
                default:
                    text.Append('(').Append(part.Number.ToString(CultureInfo.InvariantCulture)).Append(')');
                    break;
            }
        }

        return text.ToString();
    }

    private void PushPart(PartKind kind, string? name, int number = 0)
    {
        if (partCount == parts.Length)
        {
            Array.Resize(ref parts, parts.Length * 2);
        }

        parts[partCount++] = new PathPart(kind, name, number);
    }

    private void PopPart() => partCount--;

    private bool LeavesOut(DecodedValue? value, PackSchemaType type, int member) =>
        value is null && leaveOut is not null && leaveOut(type, type.Members[member]);

    private static void SetHead(DecodedValue? value, int length)
    {
        if (value is not null)
        {
            value.HeadLength = length;
        }
    }

    private void SetNull(DecodedValue? value)
    {
        if (value is null)
        {
            Null();
        }
        else
        {
            value.IsNull = true;
        }
    }

    /// <summary>
    /// While writing JSON, a value starts: its container is started if it was not (a container is written once its first
    /// part is reached, so one that fails before has nothing to show), its member name is written, and a left-out
    /// member is written as such, the writing then quiet until the member is read (the return value: whether it is).
    /// </summary>
    private bool Begin(int typeIndex, string? key, bool leftOut)
    {
        if (quiet > 0)
        {
            return false;
        }

        var writer = json!;
        if (frameCount > 0)
        {
            ref var frame = ref frames[frameCount - 1];
            if (!frame.Started)
            {
                Start(ref frame, typeIndex);
            }

            if (frame.Kind == FrameKind.Object)
            {
                writer.WritePropertyName(key ?? "?");
            }
        }

        if (leftOut)
        {
            writer.WriteStringValue(leftOutText);
            pending = false;
            quiet++;
            return true;
        }

        pending = true;
        return false;
    }

    private void Start(ref Frame frame, int childType)
    {
        var writer = json!;
        frame.Started = true;
        switch (frame.Kind)
        {
            case FrameKind.Object:
                writer.WriteStartObject();
                break;
            case FrameKind.Array:
                writer.WriteStartArray();
                break;
            default:
                writer.WriteStartObject();
                writer.WriteNumber("tag", frame.Tag);
                writer.WriteString("case", types[childType].ShortName);
                writer.WritePropertyName("value");
                break;
        }
    }

    /// <summary>A container value opens: its shape in the tree, or a frame written once its first part is reached.</summary>
    private void Open(DecodedValue? value, DecodedShape shape, FrameKind kind, int tag)
    {
        if (value is not null)
        {
            value.Shape = shape;
            return;
        }

        if (quiet > 0)
        {
            return;
        }

        if (frameCount == frames.Length)
        {
            Array.Resize(ref frames, Math.Max(8, frames.Length * 2));
        }

        frames[frameCount++] = new Frame { Kind = kind, Tag = tag };
        pending = false;
    }

    private void Close(DecodedValue? value)
    {
        if (value is not null || quiet > 0)
        {
            return;
        }

        ref var frame = ref frames[frameCount - 1];
        if (!frame.Started)
        {
            Start(ref frame, -1);
        }

        End(frame.Kind);
        frameCount--;
    }

    private void End(FrameKind kind)
    {
        if (kind == FrameKind.Array)
        {
            json!.WriteEndArray();
        }
        else
        {
            json!.WriteEndObject();
        }
    }

    private void Null()
    {
        if (quiet == 0)
        {
            json!.WriteNullValue();
            pending = false;
        }
    }

    private void Scalar(JsonNode? scalar)
    {
        if (quiet > 0)
        {
            return;
        }

        if (scalar is null)
        {
            json!.WriteNullValue();
        }
        else
        {
            scalar.WriteTo(json!);
        }

        pending = false;
    }

    /// <summary>After an error while writing JSON: the value being read is written as incomplete, or as far as its tree was read, and every open container is closed.</summary>
    private void CloseAfterError()
    {
        var writer = json!;
        if (pendingTree is not null)
        {
            if (pendingTree.Children.Count > 0)
            {
                WriteTreeChild(pendingTree.Children[0], failed: true);
            }
            else
            {
                writer.WriteStringValue(incompleteText);
            }
        }
        else if (pending)
        {
            writer.WriteStringValue(incompleteText);
        }

        for (; frameCount > 0; frameCount--)
        {
            var frame = frames[frameCount - 1];
            if (frame.Started)
            {
                End(frame.Kind);
            }
            else
            {
                writer.WriteStringValue(incompleteText);
            }
        }
    }

    /// <summary>
    /// Writes a decoded value in the §14 mapping, with the left-out text in place of left-out members and, after an
    /// error (<paramref name="failed"/>), the incomplete text in place of values not read to their end that have nothing
    /// to show (a scalar, a collection whose count failed).
    /// </summary>
    private void WriteTreeChild(DecodedValue value, bool failed)
    {
        var writer = json!;
        if (failed && value.End < 0 && value.Children.Count == 0)
        {
            writer.WriteStringValue(incompleteText);
            return;
        }

        if (value.IsNull || value.Shape == DecodedShape.Scalar)
        {
            Scalar(value.Scalar);
            return;
        }

        var children = value.Children;
        switch (value.Shape)
        {
            case DecodedShape.Object:
                // Children of an object are its members in schema order (read ones, then absent ones).
                var type = types[value.TypeIndex];
                writer.WriteStartObject();
                for (int i = 0; i < children.Count; i++)
                {
                    var child = children[i];
                    writer.WritePropertyName(child.Key ?? "?");
                    if (i < type.Members.Count && leaveOut is not null && leaveOut(type, type.Members[i]))
                    {
                        writer.WriteStringValue(leftOutText);
                    }
                    else
                    {
                        WriteTreeChild(child, failed);
                    }
                }

                writer.WriteEndObject();
                return;
            case DecodedShape.Array:
            case DecodedShape.Map:
            case DecodedShape.Pair:
                writer.WriteStartArray();
                for (int i = 0; i < children.Count; i++)
                {
                    WriteTreeChild(children[i], failed);
                }

                writer.WriteEndArray();
                return;
            default:
                writer.WriteStartObject();
                writer.WriteNumber("tag", value.Tag);
                if (children.Count > 0)
                {
                    writer.WriteString("case", types[children[0].TypeIndex].ShortName);
                    writer.WritePropertyName("value");
                    WriteTreeChild(children[0], failed);
                }
                else
                {
                    writer.WriteNull("case");
                    writer.WriteNull("value");
                }

                writer.WriteEndObject();
                return;
        }
    }

    private readonly record struct PathPart(PartKind Kind, string? Name, int Number);

    private struct Frame
    {
        public FrameKind Kind;
        public bool Started;
        public int Tag;
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

    private DecodedValue? Read(DecodedValue? parent, int index, ref int position, int end, bool topLevel, int depth, string? key, bool leftOut, out bool isNull)
    {
        var type = types[index];
        isNull = false;
        if (type.Kind == PackSchemaKind.Nullable && end - position >= 1 && payload.Span[position] == 1)
        {
            // A Nullable adds no level and is transparent: its element takes its place.
            position++;
            var inner = Read(parent, type.Element, ref position, end, topLevel, depth, key, leftOut, out isNull);
            if (inner is not null)
            {
                inner.Note = inner.Note is null ? "present (01)" : "present (01), " + inner.Note;
            }

            return inner;
        }

        DecodedValue? value = null;
        bool quieted = false;
        if (parent is not null)
        {
            value = new DecodedValue { Path = Path(), Key = key, TypeIndex = index, Offset = position };
            parent.Children.Add(value);
        }
        else
        {
            quieted = Begin(index, key, leftOut);
        }

        switch (type.Kind)
        {
            case PackSchemaKind.Primitive:
                isNull = ReadPrimitive(value, type, ref position, end);
                break;
            case PackSchemaKind.Enum:
                ReadPrimitive(value, types[type.Element], ref position, end);
                if (value is not null)
                {
                    string number = value.Scalar is JsonValue v && v.TryGetValue(out string? s) ? s : value.Scalar!.ToJsonString();
                    var names = type.Values.Where(e => e.Value == number && e.Name is not null).Select(e => e.Name).ToArray();
                    value.Note = names.Length > 0 ? string.Join(" | ", names) : "no named value";
                }

                break;
            case PackSchemaKind.Nullable:
                // Present (01) was read above.
                Need(position, end, 1, "a Nullable's presence byte");
                byte presence = payload.Span[position];
                if (presence > 1)
                {
                    throw new PackException($"invalid presence byte 0x{presence:x2} of a Nullable at {Path()} (must be 00 or 01)", position);
                }

                position++;
                isNull = true;
                if (value is null)
                {
                    Null();
                    break;
                }

                value.HeadLength = 1;
                value.IsNull = true;
                break;
            case PackSchemaKind.List:
            case PackSchemaKind.Set:
            case PackSchemaKind.Map:
                isNull = ReadCollection(value, index, type, ref position, end, depth);
                break;
            case PackSchemaKind.Union:
                isNull = ReadUnion(value, type, ref position, end, topLevel, depth);
                break;
            case PackSchemaKind.FrozenStruct:
                Open(value, DecodedShape.Object, FrameKind.Object, tag: -1);
                if (value is not null)
                {
                    value.Note = $"frozen struct, {type.Width} bytes, no header";
                }

                for (int i = 0; i < type.Members.Count; i++)
                {
                    PushPart(PartKind.Member, MemberKey(type, i));
                    Read(value, type.Members[i].Type, ref position, end, topLevel: false, depth, MemberKey(type, i), LeavesOut(value, type, i), out _);
                    PopPart();
                }

                Close(value);
                break;
            default:
                isNull = ReadObject(value, type, ref position, end, topLevel, depth);
                break;
        }

        if (value is not null)
        {
            value.End = position;
        }

        if (quieted)
        {
            quiet--;
        }

        return value;
    }

    private bool ReadObject(DecodedValue? value, PackSchemaType type, ref int position, int end, bool topLevel, int depth)
    {
        Need(position, end, 4, "an object header");
        int header = BinaryPrimitives.ReadInt32LittleEndian(payload.Span[position..]);
        SetHead(value, 4);
        if (header == -1)
        {
            if (!type.Nullable)
            {
                throw new PackException($"null (header -1) for the struct at {Path()}, which is never null", position);
            }

            position += 4;
            SetNull(value);
            return true;
        }

        if (depth + 1 > MaxDepth)
        {
            throw new PackException($"the object at {Path()} nests deeper than {MaxDepth} levels", position);
        }

        Open(value, DecodedShape.Object, FrameKind.Object, tag: -1);
        int count = type.Members.Count;
        int bodyEnd;
        int present;
        if (topLevel)
        {
            if (header != -2)
            {
                throw new PackException($"invalid top-level object header {header} at {Path()}: a top-level object starts with -2 (fe ff ff ff), or -1 for null", position);
            }

            Need(position + 4, end, 2, "the top-level object's member count");
            int written = BinaryPrimitives.ReadUInt16LittleEndian(payload.Span[(position + 4)..]);
            position += 6;
            bodyEnd = end;
            present = Math.Min(written, count);
            if (value is not null)
            {
                value.HeadLength = 6;
                value.Note = $"top level, {written} member{(written == 1 ? string.Empty : "s")}";
                if (written > count)
                {
                    value.Note += $" ({written - count} more than this schema knows)";
                }
            }

            for (int i = 0; i < present; i++)
            {
                ReadMember(value, type, i, ref position, bodyEnd, depth);
            }

            if (written <= count && position != bodyEnd)
            {
                throw new PackException($"{bodyEnd - position} bytes follow the {written} member{(written == 1 ? string.Empty : "s")} the top-level object at {Path()} says it has", position);
            }
        }
        else
        {
            if (header < 0)
            {
                throw new PackException($"invalid object header {header} at {Path()}: a nested object has its body length (>= 0), or -1 for null", position);
            }

            if (header > end - position - 4)
            {
                throw new PackException($"the object at {Path()} says its body has {header} bytes, but only {end - position - 4} remain", position);
            }

            position += 4;
            if (value is not null)
            {
                value.Note = $"body {header} byte{(header == 1 ? string.Empty : "s")}";
            }

            bodyEnd = position + header;
            present = 0;
            for (int i = 0; i < count && position < bodyEnd; i++, present++)
            {
                ReadMember(value, type, i, ref position, bodyEnd, depth);
            }
        }

        for (int i = present; i < count; i++)
        {
            var member = type.Members[i];
            if (value is null)
            {
                // An absent member is written as what a reader reads: its default, or its type's zero value.
                bool quieted = Begin(member.Type, MemberKey(type, i), LeavesOut(value, type, i));
                if (quiet == 0)
                {
                    Scalar(member.Default ?? ZeroJson(types, member.Type));
                }

                if (quieted)
                {
                    quiet--;
                }

                continue;
            }

            PushPart(PartKind.Member, MemberKey(type, i));
            value.Children.Add(new DecodedValue
            {
                Path = Path(),
                Key = MemberKey(type, i),
                TypeIndex = member.Type,
                Offset = position,
                End = position,
                IsAbsent = true,
                Scalar = member.Default?.DeepClone() ?? ZeroJson(types, member.Type),
                Note = member.Default is null ? "absent from the payload: zero value" : "absent from the payload: default",
            });
            PopPart();
        }

        if (position < bodyEnd)
        {
            if (value is not null)
            {
                value.Note += $"; {bodyEnd - position} bytes of members this schema does not know skipped";
            }

            position = bodyEnd;
        }

        Close(value);
        return false;
    }

    private void ReadMember(DecodedValue? value, PackSchemaType type, int i, ref int position, int end, int depth)
    {
        PushPart(PartKind.Member, MemberKey(type, i));
        Read(value, type.Members[i].Type, ref position, end, topLevel: false, depth + 1, MemberKey(type, i), LeavesOut(value, type, i), out _);
        PopPart();
    }

    private bool ReadCollection(DecodedValue? value, int index, PackSchemaType type, ref int position, int end, int depth)
    {
        Need(position, end, 4, "a collection count");
        int count = BinaryPrimitives.ReadInt32LittleEndian(payload.Span[position..]);
        SetHead(value, 4);
        if (count == -1)
        {
            position += 4;
            if (!type.Nullable)
            {
                // A list that is never null (Memory<T>, ReadOnlyMemory<T>) reads -1 as empty, entering no level (wire-format §5, §9).
                Open(value, DecodedShape.Array, FrameKind.Array, tag: -1);
                if (value is not null)
                {
                    value.Note = "count -1 of a list that is never null: empty";
                }

                Close(value);
                return false;
            }

            SetNull(value);
            return true;
        }

        if (count < -1)
        {
            throw new PackException($"invalid collection count {count} at {Path()}", position);
        }

        bool map = type.Kind == PackSchemaKind.Map;
        long minimum = map ? MinimumLength(types, type.Key) + MinimumLength(types, type.Value) : MinimumLength(types, type.Element);
        if (count * minimum > end - position - 4 && !(prefix && minimum > 0 && end == payload.Length))
        {
            throw new PackException($"the collection at {Path()} says it has {count} elements, which need at least {count * minimum} bytes, but only {end - position - 4} remain", position);
        }

        if (depth + 1 > MaxDepth)
        {
            throw new PackException($"the collection at {Path()} nests deeper than {MaxDepth} levels", position);
        }

        position += 4;
        Open(value, map ? DecodedShape.Map : DecodedShape.Array, FrameKind.Array, tag: -1);
        if (value is not null)
        {
            value.Note = $"{count} {(map ? "entr" + (count == 1 ? "y" : "ies") : "element" + (count == 1 ? string.Empty : "s"))}";
        }

        HashSet<string>? seen = null;
        for (int i = 0; i < count; i++)
        {
            PushPart(PartKind.Index, null, i);
            if (!map)
            {
                if (type.Kind == PackSchemaKind.Set)
                {
                    var element = ReadKey(value, type.Element, ref position, end, depth + 1);
                    PlusZeroKey(element);
                    CheckRepeat(ref seen, EqualityKey(element), element, map: false);
                    WriteKey(element);
                }
                else
                {
                    Read(value, type.Element, ref position, end, topLevel: false, depth + 1, key: null, leftOut: false, out _);
                }

                PopPart();
                continue;
            }

            DecodedValue? pair = null;
            if (value is not null)
            {
                pair = new DecodedValue { Path = Path(), TypeIndex = index, Offset = position, Shape = DecodedShape.Pair };
                value.Children.Add(pair);
            }
            else
            {
                Begin(index, key: null, leftOut: false);
                Open(null, DecodedShape.Pair, FrameKind.Array, tag: -1);
            }

            PushPart(PartKind.Key, null);
            var key = ReadKey(pair, type.Key, ref position, end, depth + 1);
            if (key.IsNull)
            {
                throw new PackException($"the dictionary key at {key.Path} is null; a dictionary key cannot be null (wire-format §5.1)", key.Offset);
            }

            PlusZeroKey(key);
            CheckRepeat(ref seen, EqualityKey(key), key, map: true);
            WriteKey(key);
            PopPart();
            PushPart(PartKind.Value, null);
            Read(pair, type.Value, ref position, end, topLevel: false, depth + 1, key: null, leftOut: false, out _);
            PopPart();
            if (pair is not null)
            {
                pair.End = position;
            }

            Close(pair);
            PopPart();
        }

        Close(value);
        return false;
    }

    /// <summary>
    /// Reads a dictionary key or set element as a <see cref="DecodedValue"/> (its §5.1 identity is computed from it), into
    /// <paramref name="parent"/>, or, while writing JSON, into a holder of its own that <see cref="WriteKey"/> then writes.
    /// </summary>
    private DecodedValue ReadKey(DecodedValue? parent, int index, ref int position, int end, int depth)
    {
        if (parent is null)
        {
            Begin(index, key: null, leftOut: false);
            parent = new DecodedValue { Path = string.Empty, TypeIndex = index, Offset = position };
            if (quiet == 0)
            {
                pendingTree = parent;
            }
        }

        return Read(parent, index, ref position, end, topLevel: false, depth, key: null, leftOut: false, out _)!;
    }

    /// <summary>While writing JSON, writes the key or element <see cref="ReadKey"/> read (checked, +0.0 for -0.0).</summary>
    private void WriteKey(DecodedValue key)
    {
        if (json is null || quiet > 0)
        {
            return;
        }

        pendingTree = null;
        pending = false;
        WriteTreeChild(key, failed: false);
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

    private bool ReadUnion(DecodedValue? value, PackSchemaType type, ref int position, int end, bool topLevel, int depth)
    {
        Need(position, end, 2, "a union tag");
        int tag = BinaryPrimitives.ReadUInt16LittleEndian(payload.Span[position..]);
        SetHead(value, 2);
        if (tag == ushort.MaxValue)
        {
            position += 2;
            SetNull(value);
            return true;
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
            throw new PackException($"unknown union tag {tag} at {Path()} (known: {string.Join(", ", type.Cases.Select(c => c.Tag))})", position);
        }

        position += 2;
        Open(value, DecodedShape.Union, FrameKind.Union, tag);
        if (value is not null)
        {
            value.Tag = tag;
            value.Note = $"tag {tag}: {types[caseType].ShortName ?? "#" + caseType.ToString(CultureInfo.InvariantCulture)}";
        }

        int caseStart = position;
        PushPart(PartKind.Tag, null, tag);
        Read(value, caseType, ref position, end, topLevel, depth, key: null, leftOut: false, out bool caseNull);
        PopPart();
        if (caseNull)
        {
            throw new PackException($"a null case value after tag {tag} at {Path()}", caseStart);
        }

        Close(value);
        return false;
    }

    private bool ReadPrimitive(DecodedValue? value, PackSchemaType type, ref int position, int end)
    {
        var span = payload.Span;
        if (type.Primitive == "string")
        {
            return ReadString(value, ref position, end);
        }

        int width = type.Width;
        if (end - position < width)
        {
            Need(position, end, width, "a " + type.Primitive);
        }

        var bytes = span.Slice(position, width);
        if (value is null && quiet == 0 && type.Primitive is { } primitive && TryWritePrimitive(primitive, bytes, position))
        {
            pending = false;
            position += width;
            return false;
        }

        JsonNode? scalar;
        try
        {
            scalar = type.Primitive switch
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

        if (value is null)
        {
            Scalar(scalar);
        }
        else
        {
            value.HeadLength = width;
            value.Scalar = scalar;
            value.Note = type.Primitive switch
            {
                "f16" => ((double)BinaryPrimitives.ReadHalfLittleEndian(bytes)).ToString("R", CultureInfo.InvariantCulture),
                "f32" => BinaryPrimitives.ReadSingleLittleEndian(bytes).ToString("R", CultureInfo.InvariantCulture),
                "f64" => BinaryPrimitives.ReadDoubleLittleEndian(bytes).ToString("R", CultureInfo.InvariantCulture),
                _ => null,
            };
        }

        position += width;
        return false;
    }

    /// <summary>
    /// Writes the integer and boolean primitives straight to the JSON, as their scalar node below would write them
    /// (numbers, or the digits as a string for the 64-bit ones): no node and no string per value. Returns
    /// <see langword="false"/> for the rest, which go through the nodes.
    /// </summary>
    private bool TryWritePrimitive(string primitive, ReadOnlySpan<byte> bytes, int position)
    {
        var writer = json!;
        switch (primitive)
        {
            case "bool":
                bool flag;
                try
                {
                    flag = PackSerializer.Deserialize<bool>(bytes);
                }
                catch (PackException exception)
                {
                    throw Rebase(exception, position, "invalid bool");
                }

                writer.WriteBooleanValue(flag);
                return true;
            case "u8":
                writer.WriteNumberValue(bytes[0]);
                return true;
            case "i8":
                writer.WriteNumberValue((sbyte)bytes[0]);
                return true;
            case "i16":
                writer.WriteNumberValue(BinaryPrimitives.ReadInt16LittleEndian(bytes));
                return true;
            case "u16" or "char":
                writer.WriteNumberValue(BinaryPrimitives.ReadUInt16LittleEndian(bytes));
                return true;
            case "i32":
                writer.WriteNumberValue(BinaryPrimitives.ReadInt32LittleEndian(bytes));
                return true;
            case "u32":
                writer.WriteNumberValue(BinaryPrimitives.ReadUInt32LittleEndian(bytes));
                return true;
            case "i64" or "timespan":
                return WriteDigits(writer, BinaryPrimitives.ReadInt64LittleEndian(bytes));
            case "u64":
                return WriteDigits(writer, BinaryPrimitives.ReadUInt64LittleEndian(bytes));
            default:
                return false;
        }
    }

    private static bool WriteDigits<T>(Utf8JsonWriter writer, T number)
        where T : IUtf8SpanFormattable
    {
        Span<byte> digits = stackalloc byte[24];
        if (!number.TryFormat(digits, out int written, default, CultureInfo.InvariantCulture))
        {
            return false;
        }

        writer.WriteStringValue(digits[..written]);
        return true;
    }

    private static string DecimalText(ReadOnlySpan<byte> bytes)
    {
        decimal value = PackSerializer.Deserialize<decimal>(bytes);
        string text = value.ToString(CultureInfo.InvariantCulture);
        bool negative = BinaryPrimitives.ReadInt32LittleEndian(bytes[12..]) < 0;
        return negative && !text.StartsWith('-') ? "-" + text : text;
    }

    private bool ReadString(DecodedValue? value, ref int position, int end)
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

        int headLength = (int)Math.Min(length, header >= 0x8000_0000 && header != uint.MaxValue ? 8 : 4);
        SetHead(value, headLength);
        Need(position, end, length, "a string");
        if (value is null && TryWriteShortString(header, position, (int)length))
        {
            position += (int)length;
            return false;
        }

        string? text;
        try
        {
            text = PackSerializer.Deserialize<string>(payload.Span.Slice(position, (int)length));
        }
        catch (PackException exception)
        {
            throw Rebase(exception, position, "invalid string");
        }

        if (value is null)
        {
            if (quiet == 0)
            {
                json!.WriteStringValue(text);
                pending = false;
            }
        }
        else
        {
            value.Scalar = text;
            value.IsNull = text is null;
            if (text is not null)
            {
                value.Note = $"{text.Length} UTF-16 unit{(text.Length == 1 ? string.Empty : "s")}, {length - headLength} UTF-8 byte{(length - headLength == 1 ? string.Empty : "s")}";
            }
        }

        position += (int)length;
        return text is null;
    }

    /// <summary>
    /// Writes (or, while quiet, only checks) a short, non-empty string without making a <see cref="string"/> of it: its
    /// UTF-8 is transcoded into a stack buffer by the rule of the codec's own reader (every byte read, exactly the
    /// declared UTF-16 length written). Returns <see langword="false"/> for anything else, which the codec then reads, so
    /// the verdict and the error are the codec's.
    /// </summary>
    private bool TryWriteShortString(uint header, int position, int length)
    {
        const int MaxStackChars = 256;
        int utf16 = (int)(header & 0x7FFF);
        int utf8 = length - 4;
        if ((header & 0x8000_0000) != 0 || utf16 == 0 || utf16 > MaxStackChars || utf8 < utf16 || utf8 > 3 * utf16)
        {
            return false;
        }

        Span<char> chars = stackalloc char[MaxStackChars];
        var status = System.Text.Unicode.Utf8.ToUtf16(payload.Span.Slice(position + 4, utf8), chars[..utf16], out int read, out int written, replaceInvalidSequences: false);
        if (status != System.Buffers.OperationStatus.Done || read != utf8 || written != utf16)
        {
            return false;
        }

        if (quiet == 0)
        {
            json!.WriteStringValue(chars[..utf16]);
            pending = false;
        }

        return true;
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

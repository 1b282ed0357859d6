using System.Text.Json.Nodes;

// Public API of Pack.Schema (PACK_SCHEMA_PACKAGE). Pack compiles the same source as an internal copy in its own
// namespace, because PackSchema.For writes member defaults as the decoder's JSON of the codec's own bytes (the core
// cannot reference Pack.Schema, which references it).
#if PACK_SCHEMA_PACKAGE
namespace Pack.Schema;
#else
namespace Pack.Schema.Describing;
#endif

/// <summary>How a <see cref="DecodedValue"/> holds its parts.</summary>
#if PACK_SCHEMA_PACKAGE
public
#else
internal
#endif
enum DecodedShape
{
    /// <summary>A scalar (or null).</summary>
    Scalar,

    /// <summary>An object or frozen struct: children are members.</summary>
    Object,

    /// <summary>A list or set: children are elements.</summary>
    Array,

    /// <summary>A map: children are pairs.</summary>
    Map,

    /// <summary>A map entry: two children, key and value.</summary>
    Pair,

    /// <summary>A union: one child, the case value.</summary>
    Union,
}

/// <summary>One value decoded by <see cref="SchemaDecoder"/>, with where it lies in the payload. Built as decoding goes, so a failure leaves the part read so far.</summary>
#if PACK_SCHEMA_PACKAGE
public
#else
internal
#endif
sealed class DecodedValue
{
    /// <summary>The value's JSONPath-like location in the payload (<c>$</c>, <c>$.name</c>, <c>$.items[2]</c>).</summary>
    public required string Path { get; init; }

    /// <summary>The member name or map part this value is, for rendering; <see langword="null"/> for elements and the root.</summary>
    public string? Key { get; init; }

    /// <summary>The index of the value's type in the schema's types.</summary>
    public required int TypeIndex { get; init; }

    /// <summary>Absolute offset of the value's first byte.</summary>
    public required int Offset { get; init; }

    /// <summary>Absolute offset after the value's last byte, or -1 while (or when) it is incomplete.</summary>
    public int End { get; internal set; } = -1;

    /// <summary>How many of the first bytes are the value's own header or scalar (shown as hex).</summary>
    public int HeadLength { get; internal set; }

    /// <summary>How the value holds its parts.</summary>
    public DecodedShape Shape { get; internal set; }

    /// <summary>The §14 JSON of a scalar, or of a null value.</summary>
    public JsonNode? Scalar { get; internal set; }

    /// <summary>Whether the value is null.</summary>
    public bool IsNull { get; internal set; }

    /// <summary>A member a payload lacked: its value is the reader's default, and it has no bytes.</summary>
    public bool IsAbsent { get; internal set; }

    /// <summary>A union's tag.</summary>
    public int Tag { get; internal set; } = -1;

    /// <summary>What a reader should know: the header's meaning, an enum's name, skipped bytes.</summary>
    public string? Note { get; internal set; }

    /// <summary>The value's parts, in payload order: members, elements, pairs or a union's case value.</summary>
    public List<DecodedValue> Children { get; } = [];

    /// <summary>The value in the wire-format §14 JSON mapping.</summary>
    /// <param name="types">The schema's types the value was decoded with.</param>
    /// <returns>The JSON; <see langword="null"/> for a null value.</returns>
    public JsonNode? ToJson(IReadOnlyList<PackSchemaType> types)
    {
        if (IsNull || Shape == DecodedShape.Scalar)
        {
            return Scalar?.DeepClone();
        }

        switch (Shape)
        {
            case DecodedShape.Object:
                var obj = new JsonObject();
                foreach (var child in Children)
                {
                    obj[child.Key ?? "?"] = child.ToJson(types);
                }

                return obj;
            case DecodedShape.Array:
            case DecodedShape.Map:
            case DecodedShape.Pair:
                var array = new JsonArray();
                foreach (var child in Children)
                {
                    array.Add(child.ToJson(types));
                }

                return array;
            default:
                var union = new JsonObject { ["tag"] = Tag };
                var caseType = Children.Count > 0 ? types[Children[0].TypeIndex] : null;
                union["case"] = caseType?.ShortName;
                union["value"] = Children.Count > 0 ? Children[0].ToJson(types) : null;
                return union;
        }
    }
}

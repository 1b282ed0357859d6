using System.Text.Json.Nodes;

namespace Pack.Schema;

/// <summary>How a <see cref="DecodedValue"/> holds its parts.</summary>
internal enum DecodedShape
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
internal sealed class DecodedValue
{
    public required string Path { get; init; }

    /// <summary>The member name or map part this value is, for rendering; <see langword="null"/> for elements and the root.</summary>
    public string? Key { get; init; }

    public required int TypeIndex { get; init; }

    /// <summary>Absolute offset of the value's first byte.</summary>
    public required int Offset { get; init; }

    /// <summary>Absolute offset after the value's last byte, or -1 while (or when) it is incomplete.</summary>
    public int End { get; set; } = -1;

    /// <summary>How many of the first bytes are the value's own header or scalar (shown as hex).</summary>
    public int HeadLength { get; set; }

    public DecodedShape Shape { get; set; }

    /// <summary>The §14 JSON of a scalar, or of a null value.</summary>
    public JsonNode? Scalar { get; set; }

    public bool IsNull { get; set; }

    /// <summary>A member a payload lacked: its value is the reader's default, and it has no bytes.</summary>
    public bool IsAbsent { get; set; }

    /// <summary>A union's tag.</summary>
    public int Tag { get; set; } = -1;

    /// <summary>What a reader should know: the header's meaning, an enum's name, skipped bytes.</summary>
    public string? Note { get; set; }

    public List<DecodedValue> Children { get; } = [];

    /// <summary>The value in the wire-format §14 JSON mapping.</summary>
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

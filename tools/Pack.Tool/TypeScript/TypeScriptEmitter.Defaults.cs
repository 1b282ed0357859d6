using System.Globalization;
using System.Text.Json.Nodes;
using Pack.Schema;
using static Pack.Tool.TypeScript.TypeScriptSyntax;

namespace Pack.Tool.TypeScript;

/// <summary>
/// Member defaults (docs/schema.md §4.1) as TypeScript literals. Every literal is rebuilt from a value of the expected
/// type, never copied from the schema's text: a default is data, and must not become code in the generated module.
/// </summary>
internal sealed partial class TypeScriptEmitter
{
    private string Literal(string label, JsonNode? json)
    {
        var t = _model.Types[label];
        if (json is null)
        {
            return "null";
        }

        if (t.Kind == PackSchemaKind.Enum)
        {
            return Literal(t.Underlying!, json);
        }

        if (t.Kind == PackSchemaKind.Nullable)
        {
            return Literal(t.Element!, json);
        }

        if (EmptyCollectionLiteral(t, json) is { } empty)
        {
            return empty;
        }

        if (t.Kind != PackSchemaKind.Primitive)
        {
            throw new FormatException($"A default for {label} is not supported by the TypeScript generator.");
        }

        string what = $"The default of type {label}";
        return t.Primitive switch
        {
            "i64" or "u64" or "i128" or "u128" or "timespan" or "timeonly" => Integer(Text(json, what), what) + "n",
            "f16" => Number((double)BitConverter.UInt16BitsToHalf((ushort)Bits(json, 4, what))),
            "f32" => Number(BitConverter.UInt32BitsToSingle((uint)Bits(json, 8, what))),
            "f64" => Number(BitConverter.UInt64BitsToDouble(Bits(json, 16, what))),
            "char" => Quote(((char)Int(json, char.MinValue, char.MaxValue, what)).ToString()),
            "datetime" => $"{{ ticks: {Integer(Text(Part(json, "ticks", what), what), what)}n, kind: {Quote(Text(Part(json, "kind", what), what))} }}",
            "datetimeoffset" => $"{{ ticks: {Integer(Text(Part(json, "ticks", what), what), what)}n, offsetMinutes: {Int(Part(json, "offsetMinutes", what), short.MinValue, short.MaxValue, what)} }}",
            "bool" => json is JsonValue b && b.TryGetValue(out bool flag) ? Bool(flag) : throw new FormatException($"{what} is not true or false."),
            "u8" or "i8" or "u16" or "i16" or "u32" or "i32" or "dateonly" => Int(json, long.MinValue, long.MaxValue, what).ToString(CultureInfo.InvariantCulture),
            _ => Quote(Text(json, what)),
        };
    }

    /// <summary>The TypeScript of an empty collection default (<c>= []</c>, <c>= new()</c>), or <see langword="null"/> when <paramref name="json"/> is not one.</summary>
    private string? EmptyCollectionLiteral(TypeScriptType type, JsonNode json)
    {
        if (json is not (JsonArray { Count: 0 } or JsonObject { Count: 0 }))
        {
            return null;
        }

        return type.Kind switch
        {
            PackSchemaKind.List => TypedArray(type.Element!) is { } typed ? $"new {typed}(0)" : "[]",
            PackSchemaKind.Set => "new Set()",
            PackSchemaKind.Map => "new Map()",
            _ => null,
        };
    }

    private static string Text(JsonNode? json, string what)
        => json is JsonValue value && value.TryGetValue(out string? text) ? text : throw new FormatException($"{what} is not a string.");

    private static JsonNode? Part(JsonNode json, string name, string what)
        => json is JsonObject value ? value[name] : throw new FormatException($"{what} is not an object.");

    private static long Int(JsonNode? json, long min, long max, string what)
        => json is JsonValue value && value.TryGetValue(out long number) && number >= min && number <= max ? number : throw new FormatException($"{what} is not an integer from {min} to {max}.");

    private static ulong Bits(JsonNode json, int digits, string what)
    {
        var text = Text(json, what);
        return text.Length == digits && ulong.TryParse(text, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var bits)
            ? bits
            : throw new FormatException($"{what} is not {digits} hex digits.");
    }
}

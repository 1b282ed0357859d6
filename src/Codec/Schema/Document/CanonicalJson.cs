using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema.Building;

namespace Pack.Schema;

/// <summary>The canonical text (docs/schema.md §2.1, written by the shared <see cref="SchemaText"/>) of any JSON value: a member default, a schema set (RFC 8785 restricted to integers): no whitespace, properties sorted by UTF-16 code units, minimal string escapes.</summary>
internal static class CanonicalJson
{
    public static string Write(JsonNode? node)
    {
        var builder = new StringBuilder();
        Write(builder, node);
        return builder.ToString();
    }

    private static void Write(StringBuilder builder, JsonNode? node)
    {
        switch (node)
        {
            case null:
                builder.Append("null");
                break;
            case JsonObject obj:
                builder.Append('{');
                bool first = true;
                foreach (var property in obj.OrderBy(p => p.Key, StringComparer.Ordinal))
                {
                    if (!first)
                    {
                        builder.Append(',');
                    }

                    first = false;
                    WriteString(builder, property.Key);
                    builder.Append(':');
                    Write(builder, property.Value);
                }

                builder.Append('}');
                break;
            case JsonArray array:
                builder.Append('[');
                for (int i = 0; i < array.Count; i++)
                {
                    if (i > 0)
                    {
                        builder.Append(',');
                    }

                    Write(builder, array[i]);
                }

                builder.Append(']');
                break;
            default:
                var value = node.AsValue();
                switch (value.GetValueKind())
                {
                    case JsonValueKind.String:
                        WriteString(builder, value.GetValue<string>());
                        break;
                    case JsonValueKind.True:
                        builder.Append("true");
                        break;
                    case JsonValueKind.False:
                        builder.Append("false");
                        break;
                    case JsonValueKind.Number:
                        builder.Append(Integer(value).ToString(CultureInfo.InvariantCulture));
                        break;
                    default:
                        builder.Append("null");
                        break;
                }

                break;
        }
    }

    private static long Integer(JsonValue value)
    {
        if (value.TryGetValue(out long l))
        {
            // Below 2^53 in magnitude, as JavaScript reads the same text (a larger integer has no exact double).
            return l > -9007199254740992L && l < 9007199254740992L ? l : throw new FormatException($"A schema holds only integers below 2^53; {value.ToJsonString()} is not one.");
        }

        if (value.TryGetValue(out int i))
        {
            return i;
        }

        if (value.TryGetValue(out uint u))
        {
            return u;
        }

        if (value.TryGetValue(out ushort us))
        {
            return us;
        }

        if (value.TryGetValue(out short s))
        {
            return s;
        }

        if (value.TryGetValue(out byte b))
        {
            return b;
        }

        if (value.TryGetValue(out sbyte sb))
        {
            return sb;
        }

        if (value.TryGetValue(out double d) && d == Math.Floor(d) && Math.Abs(d) < 9007199254740992d)
        {
            return (long)d;
        }

        throw new FormatException($"A schema holds only integers below 2^53; {value.ToJsonString()} is not one.");
    }

    private static void WriteString(StringBuilder builder, string text) => SchemaText.WriteString(builder, text);
}

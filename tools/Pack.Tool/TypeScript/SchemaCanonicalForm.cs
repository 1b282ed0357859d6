using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Pack.Tool.TypeScript;

/// <summary>
/// The canonical text and fingerprints of a schema document (docs/schema.md §2), computed from the JSON alone, so the
/// TypeScript generator can embed the wire fingerprint as a constant (the browser never hashes) and check the ones a
/// schema set records.
/// </summary>
public static class SchemaCanonicalForm
{
    /// <summary>The canonical text (§2.1) of a JSON value: no whitespace, properties sorted ordinally, integers only.</summary>
    /// <param name="node">The value.</param>
    /// <returns>The canonical text.</returns>
    public static string CanonicalText(JsonNode? node)
    {
        var builder = new StringBuilder();
        Write(builder, node);
        return builder.ToString();
    }

    /// <summary>The wire form (§2.2): the document without any <c>name</c> or <c>default</c> property.</summary>
    /// <param name="schema">A <c>pack-schema/1</c> document.</param>
    /// <returns>A new node holding the wire form.</returns>
    public static JsonNode WireForm(JsonNode schema)
    {
        ArgumentNullException.ThrowIfNull(schema);
        var copy = schema.DeepClone();
        Strip(copy);
        return copy;
    }

    /// <summary>The wire fingerprint (§2.3): the first 8 bytes of SHA-256 of the wire form's canonical text, as hex.</summary>
    /// <param name="schema">A <c>pack-schema/1</c> document.</param>
    /// <returns>16 lowercase hex digits.</returns>
    public static string WireFingerprint(JsonNode schema) => Fingerprint(CanonicalText(WireForm(schema)));

    /// <summary>The contract fingerprint (§2.3): as <see cref="WireFingerprint"/> over the document itself.</summary>
    /// <param name="schema">A <c>pack-schema/1</c> document.</param>
    /// <returns>16 lowercase hex digits.</returns>
    public static string ContractFingerprint(JsonNode schema) => Fingerprint(CanonicalText(schema));

    private static string Fingerprint(string canonicalText) =>
        Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(canonicalText)).AsSpan(0, 8));

    private static void Strip(JsonNode? node)
    {
        switch (node)
        {
            case JsonObject o:
                o.Remove("name");
                o.Remove("default");
                foreach (var (_, value) in o)
                {
                    Strip(value);
                }

                break;
            case JsonArray a:
                foreach (var item in a)
                {
                    Strip(item);
                }

                break;
        }
    }

    private static void Write(StringBuilder builder, JsonNode? node)
    {
        switch (node)
        {
            case null:
                builder.Append("null");
                break;
            case JsonObject o:
                builder.Append('{');
                var first = true;
                foreach (var (key, value) in o.OrderBy(p => p.Key, StringComparer.Ordinal))
                {
                    if (!first)
                    {
                        builder.Append(',');
                    }

                    first = false;
                    WriteString(builder, key);
                    builder.Append(':');
                    Write(builder, value);
                }

                builder.Append('}');
                break;
            case JsonArray a:
                builder.Append('[');
                for (var i = 0; i < a.Count; i++)
                {
                    if (i > 0)
                    {
                        builder.Append(',');
                    }

                    Write(builder, a[i]);
                }

                builder.Append(']');
                break;
            case JsonValue v:
                WriteValue(builder, v);
                break;
        }
    }

    private static void WriteValue(StringBuilder builder, JsonValue value)
    {
        var element = value.GetValue<JsonElement>();
        switch (element.ValueKind)
        {
            case JsonValueKind.String:
                WriteString(builder, element.GetString()!);
                break;
            case JsonValueKind.Number:
                if (!element.TryGetInt64(out var n) || Math.Abs(n) >= 1L << 53)
                {
                    throw new FormatException($"A schema holds only integers below 2^53; found {element.GetRawText()}.");
                }

                builder.Append(n.ToString(CultureInfo.InvariantCulture));
                break;
            case JsonValueKind.True:
                builder.Append("true");
                break;
            case JsonValueKind.False:
                builder.Append("false");
                break;
            default:
                builder.Append("null");
                break;
        }
    }

    private static void WriteString(StringBuilder builder, string s)
    {
        builder.Append('"');
        foreach (var c in s)
        {
            switch (c)
            {
                case '"': builder.Append("\\\""); break;
                case '\\': builder.Append("\\\\"); break;
                case '\b': builder.Append("\\b"); break;
                case '\t': builder.Append("\\t"); break;
                case '\n': builder.Append("\\n"); break;
                case '\f': builder.Append("\\f"); break;
                case '\r': builder.Append("\\r"); break;
                default:
                    if (c < 0x20)
                    {
                        builder.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                    }
                    else
                    {
                        builder.Append(c);
                    }

                    break;
            }
        }

        builder.Append('"');
    }
}

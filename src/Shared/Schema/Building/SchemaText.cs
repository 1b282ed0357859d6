// Shared, as source, by the run-time path and the source generator: see SchemaBuilder.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace Pack.Schema.Building;

/// <summary>
/// The canonical text (docs/schema.md §2.1: RFC 8785 restricted to integers; no whitespace, properties sorted by UTF-16
/// code units, minimal string escapes) of a schema's contract and wire forms (§2.2), and fingerprints (§2.3).
/// </summary>
internal static class SchemaText
{
    /// <summary>The value of a schema document's <c>format</c> property.</summary>
    public const string Format = "pack-schema/1";

    /// <summary>The canonical text of a schema's contract form, or with <paramref name="wire"/> its wire form (no names, defaults or nullability annotations).</summary>
    public static string Write(IReadOnlyList<SchemaEntry> entries, bool wire)
    {
        var types = new StringBuilder("[");
        for (int i = 0; i < entries.Count; i++)
        {
            if (i > 0)
            {
                types.Append(',');
            }

            types.Append(Entry(entries[i], wire));
        }

        types.Append(']');
        return Object([("format", Quote(Format)), ("types", types.ToString())]);
    }

    /// <summary>The value of a schema set's <c>format</c> property.</summary>
    public const string SetFormat = "pack-schema-set/1";

    /// <summary>
    /// A schema set (§2.4), indented for people: one entry per label (the first), sorted by label (ordinal). An entry
    /// without a contract fingerprint has its wire form as <c>schema</c>.
    /// </summary>
    /// <param name="schemas">Each root's label, wire fingerprint, contract fingerprint (or <see langword="null"/>) and the canonical text of its schema.</param>
    /// <param name="endpoints">The canonical text of the served set's <c>endpoints</c> array (§5.3), or <see langword="null"/> for none.</param>
    public static string WriteSet(IEnumerable<(string Label, string Wire, string? Contract, string Schema)> schemas, string? endpoints = null)
    {
        var unique = new List<(string Label, string Wire, string? Contract, string Schema)>();
        var labels = new HashSet<string>(StringComparer.Ordinal);
        foreach (var schema in schemas)
        {
            if (labels.Add(schema.Label))
            {
                unique.Add(schema);
            }
        }

        unique.Sort(static (a, b) => string.CompareOrdinal(a.Label, b.Label));
        var entries = new List<string>(unique.Count);
        foreach (var schema in unique)
        {
            // Written in this order, for people: the set is not hashed, only each schema's canonical text is.
            string contract = schema.Contract is null ? string.Empty : ",\"contract\":" + Quote(schema.Contract);
            entries.Add("{\"type\":" + Quote(schema.Label) + ",\"wire\":" + Quote(schema.Wire) + contract + ",\"schema\":" + schema.Schema + "}");
        }

        string routes = endpoints is null ? string.Empty : ",\"endpoints\":" + endpoints;
        return Indent("{\"format\":" + Quote(SetFormat) + ",\"schemas\":" + Array(entries) + routes + "}") + "\n";
    }

    /// <summary>Indents compact JSON (canonical text) by two spaces a level, with <c>": "</c> after names; empty objects and arrays stay <c>{}</c> and <c>[]</c>.</summary>
    public static string Indent(string json)
    {
        var builder = new StringBuilder(json.Length * 2);
        int depth = 0;
        bool inString = false;
        for (int i = 0; i < json.Length; i++)
        {
            char c = json[i];
            if (inString)
            {
                builder.Append(c);
                if (c == '\\')
                {
                    builder.Append(json[++i]);
                }
                else if (c == '"')
                {
                    inString = false;
                }

                continue;
            }

            switch (c)
            {
                case '"':
                    inString = true;
                    builder.Append(c);
                    break;
                case '{':
                case '[':
                    if (i + 1 < json.Length && json[i + 1] == (c == '{' ? '}' : ']'))
                    {
                        builder.Append(c).Append(json[++i]);
                        break;
                    }

                    builder.Append(c).Append('\n').Append(' ', 2 * ++depth);
                    break;
                case '}':
                case ']':
                    builder.Append('\n').Append(' ', 2 * --depth).Append(c);
                    break;
                case ',':
                    builder.Append(",\n").Append(' ', 2 * depth);
                    break;
                case ':':
                    builder.Append(": ");
                    break;
                default:
                    builder.Append(c);
                    break;
            }
        }

        return builder.ToString();
    }

    /// <summary>The fingerprint of a canonical text: the first 8 bytes of its UTF-8 SHA-256, as 16 lowercase hex digits.</summary>
    public static string Fingerprint(string canonicalText)
    {
        byte[] hash;
        using (var sha = SHA256.Create())
        {
            hash = sha.ComputeHash(Encoding.UTF8.GetBytes(canonicalText));
        }

        var builder = new StringBuilder(16);
        for (int i = 0; i < 8; i++)
        {
            builder.Append(hash[i].ToString("x2", CultureInfo.InvariantCulture));
        }

        return builder.ToString();
    }

    /// <summary>A JSON object of already-canonical values, its properties sorted by name (ordinal: UTF-16 code units).</summary>
    public static string Object(List<(string Name, string Json)> properties)
    {
        properties.Sort(static (a, b) => string.CompareOrdinal(a.Name, b.Name));
        var builder = new StringBuilder("{");
        for (int i = 0; i < properties.Count; i++)
        {
            if (i > 0)
            {
                builder.Append(',');
            }

            WriteString(builder, properties[i].Name);
            builder.Append(':').Append(properties[i].Json);
        }

        return builder.Append('}').ToString();
    }

    /// <summary>A JSON string with the escapes of §2.1.</summary>
    public static string Quote(string text)
    {
        var builder = new StringBuilder(text.Length + 2);
        WriteString(builder, text);
        return builder.ToString();
    }

    /// <summary>Appends a JSON string with the escapes of §2.1.</summary>
    public static void WriteString(StringBuilder builder, string text)
    {
        builder.Append('"');
        foreach (char c in text)
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
                        builder.Append("\\u00").Append(((int)c).ToString("x2", CultureInfo.InvariantCulture));
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

    private static string Entry(SchemaEntry entry, bool wire)
    {
        var properties = new List<(string Name, string Json)> { ("kind", Quote(entry.Kind)), ("nullable", Bool(entry.Nullable)) };
        if (!wire && entry.Name is not null)
        {
            properties.Add(("name", Quote(entry.Name)));
        }

        switch (entry.Kind)
        {
            case SchemaKinds.Primitive:
                properties.Add(("primitive", Quote(entry.Primitive!)));
                if (entry.Width > 0)
                {
                    properties.Add(("width", Integer(entry.Width)));
                }

                if (entry.Signed is { } signed)
                {
                    properties.Add(("signed", Bool(signed)));
                }

                break;
            case SchemaKinds.Enum:
                properties.Add(("underlying", Integer(entry.Element)));
                var values = new List<string>(entry.Values.Count);
                foreach (var value in entry.Values)
                {
                    var parts = new List<(string Name, string Json)> { ("value", Quote(value.Value)) };
                    if (!wire && value.Name is not null)
                    {
                        parts.Add(("name", Quote(value.Name)));
                    }

                    values.Add(Object(parts));
                }

                properties.Add(("values", Array(values)));
                break;
            case SchemaKinds.Nullable:
            case SchemaKinds.List:
            case SchemaKinds.Set:
                properties.Add(("element", Integer(entry.Element)));
                break;
            case SchemaKinds.Map:
                properties.Add(("key", Integer(entry.Key)));
                properties.Add(("value", Integer(entry.Value)));
                break;
            case SchemaKinds.Union:
                var cases = new List<string>(entry.Cases.Count);
                foreach (var unionCase in entry.Cases)
                {
                    cases.Add(Object([("tag", Integer(unionCase.Tag)), ("type", Integer(unionCase.Type))]));
                }

                properties.Add(("cases", Array(cases)));
                break;
            default:
                if (entry.Kind == SchemaKinds.FrozenStruct)
                {
                    properties.Add(("width", Integer(entry.Width)));
                }

                var members = new List<string>(entry.Members.Count);
                foreach (var member in entry.Members)
                {
                    var parts = new List<(string Name, string Json)> { ("type", Integer(member.Type)) };
                    if (!wire && member.Name is not null)
                    {
                        parts.Add(("name", Quote(member.Name)));
                    }

                    if (!wire && member.Default is not null)
                    {
                        parts.Add(("default", member.Default));
                    }

                    if (!wire && member.Nullability is not null)
                    {
                        parts.Add(("nullability", Quote(member.Nullability)));
                    }

                    members.Add(Object(parts));
                }

                properties.Add(("members", Array(members)));
                break;
        }

        return Object(properties);
    }

    private static string Array(List<string> items) => "[" + string.Join(",", items) + "]";

    private static string Integer(int value) => value.ToString(CultureInfo.InvariantCulture);

    private static string Bool(bool value) => value ? "true" : "false";
}

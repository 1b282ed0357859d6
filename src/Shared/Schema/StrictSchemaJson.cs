using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema.Building;

namespace Pack.Schema;

/// <summary>
/// Reads the JSON text of a schema document or schema set under the text's own rules of docs/schema.md §1.5: JSON,
/// nesting at most 64 levels, no object with two members of one name, and Unicode text (no unpaired surrogate, raw or
/// escaped), so that it accepts exactly the texts the TypeScript client's reader accepts. <see cref="PackSchema.Parse"/> and
/// <c>PackSchemaSet.Parse</c> (Pack.Schema) read text only through it, and so do the registration endpoint, the client's
/// schema source and <c>pack</c>, which call them.
/// </summary>
internal static class StrictSchemaJson
{
    /// <summary>Names in messages are cut to this many UTF-16 code units (docs/schema.md §1.5).</summary>
    private const int MaxNameInMessage = 256;

    /// <summary>Parses <paramref name="json"/>, after checking that no object in it gives a member name twice.</summary>
    /// <param name="json">The JSON text.</param>
    /// <exception cref="FormatException">The text is not JSON, holds an unpaired surrogate, nests deeper than 64 levels, or an object in it has two members of one name; the message says which and where.</exception>
    public static JsonNode? Parse(string json)
    {
        // UTF-8 cannot hold an unpaired surrogate: encoding would turn it into U+FFFD silently, where a JavaScript
        // reader keeps it; the text is rejected instead (docs/schema.md §1.5).
        int unpaired = UnpairedSurrogate(json);
        if (unpaired >= 0)
        {
            throw new FormatException($"not JSON text this reader accepts: an unpaired surrogate U+{(int)json[unpaired]:X4} at character {unpaired} (docs/schema.md §1.5)");
        }

        byte[] utf8 = Encoding.UTF8.GetBytes(json);
        string? duplicate;
        try
        {
            // The whole text is read first, so text that is not JSON is reported as that even after a duplicate.
            duplicate = FindDuplicateName(utf8);
        }
        catch (JsonException exception)
        {
            throw new FormatException($"not JSON: {exception.Message}", exception);
        }
        catch (InvalidOperationException exception)
        {
            // An escaped unpaired surrogate (\ud800 without its pair): not text System.Text.Json can read as a string.
            throw new FormatException("not JSON text this reader accepts: a string holds an escaped unpaired surrogate (docs/schema.md §1.5)", exception);
        }

        if (duplicate is not null)
        {
            throw new FormatException(duplicate);
        }

        try
        {
            return JsonNode.Parse(utf8);
        }
        catch (JsonException exception)
        {
            throw new FormatException($"not JSON: {exception.Message}", exception);
        }
    }

    /// <summary>
    /// One pass over the text: the message naming the first member name given twice in one object (the one whose second
    /// occurrence comes first), or <see langword="null"/>. Linear in the text: a set of names per open object, and the
    /// reader's default depth limit (64, as <see cref="JsonNode.Parse(ReadOnlySpan{byte}, JsonNodeOptions?, JsonDocumentOptions)"/>) bounds the open containers.
    /// </summary>
    private static string? FindDuplicateName(ReadOnlySpan<byte> utf8)
    {
        var reader = new Utf8JsonReader(utf8);
        var open = new List<Container>();
        string? duplicate = null;
        while (reader.Read())
        {
            if (reader.ValueIsEscaped && reader.TokenType is JsonTokenType.String or JsonTokenType.PropertyName)
            {
                // Every string is read later as .NET text, which cannot hold an escaped unpaired surrogate: throws
                // InvalidOperationException here, before the document is used, rather than from deep inside it. Also
                // after a duplicate: text that is not Unicode is reported as that first, as the depth is (§1.5).
                _ = reader.GetString();
            }

            if (duplicate is not null)
            {
                // Found: the rest is only read to the end, for the reader's own checks.
                continue;
            }

            switch (reader.TokenType)
            {
                case JsonTokenType.PropertyName:
                    var container = open[^1];
                    string name = NameOf(ref reader);
                    container.Names ??= new HashSet<string>(StringComparer.Ordinal);
                    if (!container.Names.Add(name))
                    {
                        duplicate = $"{PathOf(open)}: the member {SchemaText.Quote(Cut(name))} is given twice";
                    }

                    container.Name = name;
                    break;
                case JsonTokenType.StartObject:
                case JsonTokenType.StartArray:
                    NextValue(open);
                    open.Add(new Container(reader.TokenType == JsonTokenType.StartArray));
                    break;
                case JsonTokenType.EndObject:
                case JsonTokenType.EndArray:
                    open.RemoveAt(open.Count - 1);
                    break;
                default:
                    NextValue(open);
                    break;
            }
        }

        return duplicate;
    }

    /// <summary>The index of the first surrogate in <paramref name="text"/> that is not half of a pair, or -1.</summary>
    private static int UnpairedSurrogate(string text)
    {
        for (int i = 0; i < text.Length; i++)
        {
            if (!char.IsSurrogate(text[i]))
            {
                continue;
            }

            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                i++;
                continue;
            }

            return i;
        }

        return -1;
    }

    private static void NextValue(List<Container> open)
    {
        if (open.Count > 0 && open[^1].IsArray)
        {
            open[^1].Index++;
        }
    }

    /// <summary>
    /// The member name, unescaped to UTF-16 code units as JavaScript reads it (an escaped unpaired surrogate, which
    /// <see cref="Utf8JsonReader.GetString"/> refuses, has been rejected before).
    /// </summary>
    private static string NameOf(ref Utf8JsonReader reader)
    {
        var raw = reader.ValueSpan;
        if (!reader.ValueIsEscaped)
        {
            return Encoding.UTF8.GetString(raw);
        }

        var name = new StringBuilder(raw.Length);
        while (!raw.IsEmpty)
        {
            int backslash = raw.IndexOf((byte)'\\');
            if (backslash < 0)
            {
                name.Append(Encoding.UTF8.GetString(raw));
                break;
            }

            name.Append(Encoding.UTF8.GetString(raw[..backslash]));
            byte escaped = raw[backslash + 1];
            if (escaped == (byte)'u')
            {
                // The reader has checked the four hex digits.
                name.Append((char)int.Parse(raw.Slice(backslash + 2, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture));
                raw = raw[(backslash + 6)..];
                continue;
            }

            name.Append(escaped switch
            {
                (byte)'b' => '\b',
                (byte)'f' => '\f',
                (byte)'n' => '\n',
                (byte)'r' => '\r',
                (byte)'t' => '\t',
                _ => (char)escaped, // '"', '\\' and '/': the reader allows no other escape
            });
            raw = raw[(backslash + 2)..];
        }

        return name.ToString();
    }

    /// <summary>The path of the innermost open object (docs/schema.md §1.5): <c>$</c>, <c>types[0]</c>, <c>types[0].members[1]</c>, <c>x["a b"]</c>.</summary>
    private static string PathOf(List<Container> open)
    {
        var path = new StringBuilder("$");
        for (int i = 0; i < open.Count - 1; i++)
        {
            var container = open[i];
            if (container.IsArray)
            {
                path.Append('[').Append(container.Index.ToString(CultureInfo.InvariantCulture)).Append(']');
            }
            else if (IsIdentifier(container.Name!))
            {
                path.Append('.').Append(container.Name);
            }
            else
            {
                path.Append('[').Append(SchemaText.Quote(Cut(container.Name!))).Append(']');
            }
        }

        // As the other messages name entries: "types[0]", not "$.types[0]".
        return path.Length > 2 && path[1] == '.' ? path.ToString(2, path.Length - 2) : path.ToString();
    }

    private static bool IsIdentifier(string name)
    {
        if (name.Length == 0 || char.IsAsciiDigit(name[0]))
        {
            return false;
        }

        foreach (char c in name)
        {
            if (!char.IsAsciiLetterOrDigit(c) && c != '_')
            {
                return false;
            }
        }

        return true;
    }

    private static string Cut(string name) => name.Length <= MaxNameInMessage ? name : string.Concat(name.AsSpan(0, MaxNameInMessage - 1), "…");

    /// <summary>An open object or array: an object's names so far and its current member, or an array's current index.</summary>
    private sealed class Container(bool isArray)
    {
        public bool IsArray { get; } = isArray;

        public int Index { get; set; } = -1;

        public string? Name { get; set; }

        public HashSet<string>? Names { get; set; }
    }
}

using System.Globalization;
using System.Text;
using static Pack.TypeScript.Tests.SchemaParserDiff.JsonTextTree;

namespace Pack.TypeScript.Tests.SchemaParserDiff;

/// <summary>
/// Schema texts for the differential check, from a seed: the corpus's texts as they are, then mutations of them at the
/// JSON level (members removed, given twice, renamed or added; values of another JSON type; numbers written otherwise
/// or out of range; strings with escapes, surrogates and control characters; deep nesting), at the text level (a byte
/// order mark, whitespace, trailing content) and at the byte level (bits flipped, bytes cut or inserted).
/// </summary>
internal sealed class SchemaTextMutator
{
    private static readonly string[] Names =
    [
        "format", "types", "kind", "nullable", "name", "primitive", "width", "signed", "underlying", "values", "value",
        "element", "key", "members", "type", "default", "nullability", "cases", "tag", "schemas", "wire", "contract",
        "endpoints", "group", "method", "route", "parameters", "in", "optional", "catchAll", "request", "response", "stream",
    ];

    private static readonly string[] Strings =
    [
        "pack-schema/1", "pack-schema-set/1", "primitive", "enum", "nullable", "list", "set", "map", "object", "frozen-struct",
        "union", "i32", "I32", "string", "u8", "i128", "u128", "f64", "decimal", "char", "bool", "guid", "route", "query", "GET",
        "?", "!", "~", "!?", "??", "0", "-0", "1", "-1", "01", "+1", "255", "256", "-129", "170141183460469231731687303715884105727",
        "0000000000000000", "A", "B", "Shop.Order", "a", "x", "",
    ];

    private static readonly string[] Numbers =
    [
        "0", "-0", "1", "-1", "2", "3", "1.0", "1e0", "1E0", "1e+0", "10e-1", "0.1e1", "1.5", "0.5", "1e2", "100", "1e-400", "-1e-400", "1e400", "-1e400",
        "255", "65534", "65535", "65536", "2147483646", "2147483647", "2147483648", "4294967295", "4294967296",
        "9007199254740991", "9007199254740992", "9007199254740993", "-9007199254740991", "-9007199254740992", "-9007199254740993",
        "9007199254740991.0", "9007199254740991.4", "9007199254740992.5", "1.0000000000000000001", "0.99999999999999999999",
        "123456789012345678901234567890", "1048576", "1048577", "01", "+1", "1.", ".5", "1e", "-", "NaN", "Infinity", "0x1", "1_0",
    ];

    /// <summary>Text that goes inside a string's quotes: escapes, surrogates (paired and lone, raw and escaped), controls.</summary>
    private static readonly string[] StringPieces =
    [
        "\\ud800", "\\udc00", "\\uDBFF", "\\uDFFF", "\\ud83d\\ude00", "\\uD83D\\uDE00", "\\ude00\\ud83d", "\\ud83d\\ud83d", "\\ud83dx", "\\ud83d\\u0041",
        "\ud800", "\udc00", "\ud83d\ude00", "\ude00\ud83d", "\\ud83d\ude00", "\ud83d\\ude00",
        "\\u0000", "\\u001f", "\\u007f", "\\b\\f\\n\\r\\t\\/\\\\\\\"", "\\/", "\\u00e9", "\\u00E9", "é", "\u2028", "\u2029", "\ufeff", "\\ufeff", "\ufffe", "\uffff",
        "\u0000", "\u0001", "\n", "\t", "\u001f", "\u007f", "\\x", "\\u12", "\\U0041", "\\'", "\\", "\\u", "𝄞", "\\ud834\\udd1e",
    ];

    private static readonly string[] Trailers = ["", " ", "\n", "\r\n", "\t", "x", ",", "{}", "[]", "0", "\"\"", "\u0000", "\u00a0", "\ufeff", "//", "/* */", "}", "]", "null"];

    private static readonly string[] Whitespace = [" ", "\t", "\n", "\r", "\u00a0", "\u000b", "\u000c", "\ufeff", "\u2028", "\u3000", "\u0085"];

    private readonly Random random;
    private readonly IReadOnlyList<string> seeds;
    private readonly List<JsonTextTree> trees;
    private int next;

    public SchemaTextMutator(int seed, IReadOnlyList<string> seeds)
    {
        random = new Random(seed);
        this.seeds = seeds;
        trees = [.. seeds.Select(JsonTextTree.TryRead).OfType<JsonTextTree>()];
    }

    /// <summary>The next text: each seed once, then mutations.</summary>
    public string Next()
    {
        if (next < seeds.Count)
        {
            return seeds[next++];
        }

        int choice = random.Next(100);
        if (choice < 8)
        {
            return MutateBytes(seeds[random.Next(seeds.Count)]);
        }

        var tree = trees[random.Next(trees.Count)].Clone();
        int mutations = 1 + (random.Next(4) == 0 ? random.Next(3) : 0);
        for (int i = 0; i < mutations; i++)
        {
            tree = Mutate(tree);
        }

        string text = tree.Write();
        return choice < 20 ? MutateText(text) : text;
    }

    private JsonTextTree Mutate(JsonTextTree root)
    {
        var slots = new List<(JsonTextTree? Parent, int Index, JsonTextTree Node)>();
        Collect(null, 0, root, slots);
        var (parent, index, node) = slots[random.Next(slots.Count)];
        JsonTextTree replacement = node switch
        {
            ObjectNode obj => MutateObject(obj),
            ArrayNode array => MutateArray(array),
            ScalarNode { IsString: true } s => MutateString(s),
            ScalarNode s => MutateScalar(s),
            _ => node,
        };
        if (random.Next(12) == 0)
        {
            replacement = RandomValue();
        }
        else if (random.Next(40) == 0)
        {
            replacement = Nest(replacement, Pick([1, 2, 30, 60, 61, 62, 63, 64, 65, 100, 1000]));
        }

        switch (parent)
        {
            case null:
                return replacement;
            case ObjectNode o:
                o.Members[index] = (o.Members[index].Name, replacement);
                break;
            case ArrayNode a:
                a.Items[index] = replacement;
                break;
        }

        return root;
    }

    private static void Collect(JsonTextTree? parent, int index, JsonTextTree node, List<(JsonTextTree?, int, JsonTextTree)> slots)
    {
        slots.Add((parent, index, node));
        switch (node)
        {
            case ObjectNode obj:
                for (int i = 0; i < obj.Members.Count; i++)
                {
                    Collect(obj, i, obj.Members[i].Value, slots);
                }

                break;
            case ArrayNode array:
                for (int i = 0; i < array.Items.Count; i++)
                {
                    Collect(array, i, array.Items[i], slots);
                }

                break;
        }
    }

    private JsonTextTree MutateObject(ObjectNode obj)
    {
        var members = obj.Members;
        int at = members.Count == 0 ? -1 : random.Next(members.Count);
        switch (at < 0 ? 4 : random.Next(7))
        {
            case 0:
                members.RemoveAt(at);
                break;
            case 1:
                // The same name again, as written or escaped otherwise, with the same or another value.
                var (name, value) = members[at];
                string again = random.Next(2) == 0 ? name : Escaped(name);
                members.Insert(random.Next(members.Count + 1), (again, random.Next(2) == 0 ? value.Clone() : RandomValue()));
                break;
            case 2:
                members[at] = (RenamedName(members[at].Name), members[at].Value);
                break;
            case 3:
                // The same name, written with escapes: the same member.
                members[at] = (Escaped(members[at].Name), members[at].Value);
                break;
            case 4:
                members.Insert(random.Next(members.Count + 1), (Quote(random.Next(3) == 0 ? "x-" + random.Next(100) : Pick(Names)), RandomValue()));
                break;
            case 5:
                int other = random.Next(members.Count);
                (members[at], members[other]) = (members[other], members[at]);
                break;
            default:
                members.Clear();
                break;
        }

        return obj;
    }

    private string RenamedName(string name) => random.Next(6) switch
    {
        0 => Quote(Unescape(Unquote(name))?.ToUpperInvariant() ?? "N"),
        1 => Quote(string.Empty),
        2 => "\"" + Unquote(name) + Pick(StringPieces) + "\"",
        3 => Quote("__proto__"),
        _ => Quote(Pick(Names)),
    };

    private JsonTextTree MutateArray(ArrayNode array)
    {
        var items = array.Items;
        int at = items.Count == 0 ? -1 : random.Next(items.Count);
        switch (at < 0 ? 3 : random.Next(6))
        {
            case 0:
                items.RemoveAt(at);
                break;
            case 1:
                items.Insert(random.Next(items.Count + 1), items[at].Clone());
                break;
            case 2:
                int other = random.Next(items.Count);
                (items[at], items[other]) = (items[other], items[at]);
                break;
            case 3:
                items.Insert(random.Next(items.Count + 1), RandomValue());
                break;
            case 4:
                items.RemoveRange(at, items.Count - at);
                break;
            default:
                items.Clear();
                break;
        }

        return array;
    }

    private ScalarNode MutateString(ScalarNode s)
    {
        string value = Unquote(s.Text);
        return random.Next(9) switch
        {
            0 => new ScalarNode(Escaped(s.Text), isString: true),
            1 => new ScalarNode("\"" + value + Pick(StringPieces) + "\"", isString: true),
            2 => new ScalarNode("\"" + Pick(StringPieces) + value + "\"", isString: true),
            3 => new ScalarNode("\"" + Pick(StringPieces) + "\"", isString: true),
            4 => new ScalarNode(Quote(Pick(Strings)), isString: true),
            5 => new ScalarNode(Quote(new string('a', Pick([255, 256, 257, 4096, 4097, 5000]))), isString: true),
            6 => new ScalarNode(Quote(Unescape(value)?.ToUpperInvariant() ?? "S"), isString: true),
            7 => new ScalarNode(Pick(Numbers), isString: false),
            _ => new ScalarNode(Quote(string.Empty), isString: true),
        };
    }

    private ScalarNode MutateScalar(ScalarNode s)
    {
        if (s.Text is "true" or "false" or "null")
        {
            return new ScalarNode(Pick(["true", "false", "null", "0", "1", "\"true\"", "\"\"", "True", "nul"]), isString: false);
        }

        if (random.Next(3) == 0 && long.TryParse(s.Text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long n))
        {
            // The same value written otherwise, or a neighbour.
            return new ScalarNode(random.Next(8) switch
            {
                0 => n + ".0",
                1 => n + "e0",
                2 => n + "0e-1",
                3 => n + ".00000000000000000001",
                4 => (n + 1).ToString(CultureInfo.InvariantCulture),
                5 => (n - 1).ToString(CultureInfo.InvariantCulture),
                6 => (-n).ToString(CultureInfo.InvariantCulture),
                _ => "\"" + n + "\"",
            }, isString: false);
        }

        return new ScalarNode(Pick(Numbers), isString: false);
    }

    private JsonTextTree RandomValue() => random.Next(10) switch
    {
        0 => new ScalarNode("null", isString: false),
        1 => new ScalarNode(Pick(["true", "false"]), isString: false),
        2 or 3 => new ScalarNode(Pick(Numbers), isString: false),
        4 or 5 => new ScalarNode(Quote(Pick(Strings)), isString: true),
        6 => new ArrayNode(),
        7 => new ObjectNode(),
        8 => Nest(new ScalarNode("1", isString: false), Pick([1, 3, 62, 63, 64, 65])),
        _ => new ScalarNode("\"" + Pick(StringPieces) + "\"", isString: true),
    };

    private JsonTextTree Nest(JsonTextTree value, int levels)
    {
        for (int i = 0; i < levels; i++)
        {
            if (random.Next(2) == 0)
            {
                var array = new ArrayNode();
                array.Items.Add(value);
                value = array;
            }
            else
            {
                var obj = new ObjectNode();
                obj.Members.Add((Quote("x"), value));
                value = obj;
            }
        }

        return value;
    }

    private string MutateText(string text)
    {
        switch (random.Next(6))
        {
            case 0:
                return "\ufeff" + text;
            case 1:
                return text + Pick(Trailers);
            case 2:
                // Whitespace, JSON's or not, between two tokens.
                int at = FindTokenBoundary(text);
                return text[..at] + Pick(Whitespace) + text[at..];
            case 3:
                return Pick(Whitespace) + text + Pick(Whitespace);
            case 4:
                // A trailing comma.
                int close = text.LastIndexOfAny(['}', ']'], Math.Max(0, text.Length - 1 - random.Next(Math.Max(1, text.Length / 2))));
                return close <= 0 ? text + "," : text[..close] + "," + text[close..];
            default:
                return Pick(["/**/", "//\n", " \n\t\r"]) + text;
        }
    }

    private int FindTokenBoundary(string text)
    {
        for (int tries = 0; tries < 20; tries++)
        {
            int at = random.Next(text.Length + 1);
            if (at == 0 || at == text.Length || text[at - 1] is ',' or ':' or '{' or '[' || text[at] is ',' or ':' or '}' or ']')
            {
                return at;
            }
        }

        return 0;
    }

    private string MutateBytes(string text)
    {
        if (random.Next(4) == 0)
        {
            // UTF-16 code units flipped: raw lone surrogates and other characters a byte-level change cannot give.
            var chars = text.ToCharArray();
            for (int i = random.Next(1, 4); i > 0 && chars.Length > 0; i--)
            {
                int at = random.Next(chars.Length);
                chars[at] = (char)(chars[at] ^ (1 << random.Next(16)));
            }

            return new string(chars);
        }

        var bytes = new List<byte>(Encoding.UTF8.GetBytes(text));
        switch (random.Next(4))
        {
            case 0:
                int cut = random.Next(bytes.Count + 1);
                bytes.RemoveRange(cut, bytes.Count - cut);
                break;
            case 1:
                bytes.Insert(random.Next(bytes.Count + 1), (byte)random.Next(256));
                break;
            case 2:
                if (bytes.Count > 0)
                {
                    bytes.RemoveAt(random.Next(bytes.Count));
                }

                break;
            default:
                for (int i = random.Next(1, 4); i > 0 && bytes.Count > 0; i--)
                {
                    int at = random.Next(bytes.Count);
                    bytes[at] ^= (byte)(1 << random.Next(8));
                }

                break;
        }

        // As a server or a fetch reads a body: invalid UTF-8 becomes U+FFFD, before a parser sees the text.
        return Encoding.UTF8.GetString([.. bytes]);
    }

    private T Pick<T>(T[] values) => values[random.Next(values.Length)];

    /// <summary>A string literal's content without its quotes, escapes kept.</summary>
    private static string Unquote(string literal) => literal.Length >= 2 ? literal[1..^1] : literal;

    /// <summary>The literal with every character of its value escaped as <c>\uXXXX</c> (the same string), or as it is when it is not a valid literal.</summary>
    private static string Escaped(string literal) => Unescape(Unquote(literal)) is { } value ? Quote(value, escapeAll: true) : literal;

    /// <summary>A literal's content unescaped, or <see langword="null"/> when it is not valid JSON string content.</summary>
    private static string? Unescape(string content)
    {
        var value = new StringBuilder(content.Length);
        for (int i = 0; i < content.Length; i++)
        {
            char c = content[i];
            if (c < 0x20 || c == '"')
            {
                return null;
            }

            if (c != '\\')
            {
                value.Append(c);
                continue;
            }

            if (++i == content.Length)
            {
                return null;
            }

            switch (content[i])
            {
                case '"' or '\\' or '/':
                    value.Append(content[i]);
                    break;
                case 'b':
                    value.Append('\b');
                    break;
                case 'f':
                    value.Append('\f');
                    break;
                case 'n':
                    value.Append('\n');
                    break;
                case 'r':
                    value.Append('\r');
                    break;
                case 't':
                    value.Append('\t');
                    break;
                case 'u' when i + 4 < content.Length && ushort.TryParse(content.AsSpan(i + 1, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out ushort unit):
                    value.Append((char)unit);
                    i += 4;
                    break;
                default:
                    return null;
            }
        }

        return value.ToString();
    }

    /// <summary>A JSON string literal of <paramref name="value"/>; with <paramref name="escapeAll"/> every character as <c>\uXXXX</c>.</summary>
    private static string Quote(string value, bool escapeAll = false)
    {
        var builder = new StringBuilder("\"");
        foreach (char c in value)
        {
            if (escapeAll || c < 0x20 || c == '"' || c == '\\')
            {
                builder.Append(CultureInfo.InvariantCulture, $"\\u{(int)c:x4}");
            }
            else
            {
                builder.Append(c);
            }
        }

        return builder.Append('"').ToString();
    }
}

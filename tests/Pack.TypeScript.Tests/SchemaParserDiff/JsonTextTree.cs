using System.Text;
using System.Text.Json;

namespace Pack.TypeScript.Tests.SchemaParserDiff;

/// <summary>
/// A JSON text as a tree that keeps what a parsed document loses: member names and strings as written (their escapes),
/// numbers as written (<c>1.0</c>, <c>1e0</c>), and two members of one name. Mutations edit it and <see cref="Write"/>
/// gives the text back.
/// </summary>
internal abstract class JsonTextTree
{
    /// <summary>Reads <paramref name="text"/>, or <see langword="null"/> when System.Text.Json does not read it (up to 256 levels).</summary>
    public static JsonTextTree? TryRead(string text)
    {
        try
        {
            var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(text), new JsonReaderOptions { MaxDepth = 256 });
            reader.Read();
            return ReadValue(ref reader);
        }
        catch (JsonException)
        {
            return null;
        }
    }

    /// <summary>The text of the tree, with no whitespace.</summary>
    public string Write()
    {
        var builder = new StringBuilder();
        WriteTo(builder);
        return builder.ToString();
    }

    public abstract JsonTextTree Clone();

    protected abstract void WriteTo(StringBuilder builder);

    private static JsonTextTree ReadValue(ref Utf8JsonReader reader)
    {
        switch (reader.TokenType)
        {
            case JsonTokenType.StartObject:
                var obj = new ObjectNode();
                while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
                {
                    string name = Literal(ref reader);
                    reader.Read();
                    obj.Members.Add((name, ReadValue(ref reader)));
                }

                return obj;
            case JsonTokenType.StartArray:
                var array = new ArrayNode();
                while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
                {
                    array.Items.Add(ReadValue(ref reader));
                }

                return array;
            case JsonTokenType.String:
                return new ScalarNode(Literal(ref reader), isString: true);
            default:
                return new ScalarNode(Encoding.UTF8.GetString(reader.ValueSpan), isString: false);
        }
    }

    /// <summary>A string or member name as written, quotes included (its escapes kept; no unescaping, which could throw).</summary>
    private static string Literal(ref Utf8JsonReader reader) => "\"" + Encoding.UTF8.GetString(reader.ValueSpan) + "\"";

    /// <summary>An object: its members in order, names as written (quoted), possibly two of one name.</summary>
    public sealed class ObjectNode : JsonTextTree
    {
        public List<(string Name, JsonTextTree Value)> Members { get; } = [];

        public override JsonTextTree Clone()
        {
            var clone = new ObjectNode();
            foreach (var (name, value) in Members)
            {
                clone.Members.Add((name, value.Clone()));
            }

            return clone;
        }

        protected override void WriteTo(StringBuilder builder)
        {
            builder.Append('{');
            for (int i = 0; i < Members.Count; i++)
            {
                if (i > 0)
                {
                    builder.Append(',');
                }

                builder.Append(Members[i].Name).Append(':');
                Members[i].Value.WriteTo(builder);
            }

            builder.Append('}');
        }
    }

    /// <summary>An array.</summary>
    public sealed class ArrayNode : JsonTextTree
    {
        public List<JsonTextTree> Items { get; } = [];

        public override JsonTextTree Clone()
        {
            var clone = new ArrayNode();
            foreach (var item in Items)
            {
                clone.Items.Add(item.Clone());
            }

            return clone;
        }

        protected override void WriteTo(StringBuilder builder)
        {
            builder.Append('[');
            for (int i = 0; i < Items.Count; i++)
            {
                if (i > 0)
                {
                    builder.Append(',');
                }

                Items[i].WriteTo(builder);
            }

            builder.Append(']');
        }
    }

    /// <summary>A string (quoted, as written), number, <c>true</c>, <c>false</c> or <c>null</c>, or any text a mutation puts in a value's place.</summary>
    public sealed class ScalarNode(string text, bool isString) : JsonTextTree
    {
        public string Text { get; } = text;

        public bool IsString { get; } = isString;

        public override JsonTextTree Clone() => this;

        protected override void WriteTo(StringBuilder builder) => builder.Append(Text);
    }
}

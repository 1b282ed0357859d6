using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;

namespace Pack.Tool.Rendering;

/// <summary>
/// Writes a <c>DecodedValue</c> as JSON (wire-format §14 mapping) with a comment on every value: where its
/// bytes are, how many, the first of them in hex, its member path and its type. Comments are aligned in one column.
/// </summary>
internal sealed class AnnotatedJsonWriter
{
    private const int MaxHeadBytes = 8;
    private const int MaxJsonColumn = 44;

    private static readonly JsonSerializerOptions Relaxed = new() { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    private readonly PackSchema schema;
    private readonly ReadOnlyMemory<byte> bytes;
    private readonly int baseOffset;
    private readonly List<(string Json, string? Comment)> lines = [];

    public AnnotatedJsonWriter(PackSchema schema, ReadOnlyMemory<byte> bytes, int baseOffset)
    {
        this.schema = schema;
        this.bytes = bytes;
        this.baseOffset = baseOffset;
    }

    /// <summary>How many values were written.</summary>
    public int ValueCount { get; private set; }

    public static string ShortLabel(PackSchema schema, int index, int depth = 0)
    {
        var type = schema.Types[index];
        if (depth > 8)
        {
            return "…";
        }

        return type.Kind switch
        {
            PackSchemaKind.Primitive => type.Primitive!,
            PackSchemaKind.Nullable => ShortLabel(schema, type.Element, depth + 1) + "?",
            PackSchemaKind.List => $"list<{ShortLabel(schema, type.Element, depth + 1)}>",
            PackSchemaKind.Set => $"set<{ShortLabel(schema, type.Element, depth + 1)}>",
            PackSchemaKind.Map => $"map<{ShortLabel(schema, type.Key, depth + 1)},{ShortLabel(schema, type.Value, depth + 1)}>",
            _ => type.ShortName ?? "#" + index.ToString(CultureInfo.InvariantCulture),
        };
    }

    public void Write(DecodedValue value, bool failed)
    {
        Render(value, indent: 0, key: null, last: true, failed);
    }

    public void Comment(string text) => lines.Add((string.Empty, text));

    /// <summary>Adds the column titles, aligned with the comments of the values that follow.</summary>
    public void AddLegend() => lines.Add((" ", Legend));

    /// <summary>The column titles of the comments.</summary>
    public static string Legend => "@" + "off".PadRight(5) + "+len".PadRight(6) + "first bytes".PadRight((MaxHeadBytes * 3) + 1) + " path  type · note";

    public void WriteTo(TextWriter output)
    {
        int column = Math.Min(MaxJsonColumn, lines.Count == 0 ? 0 : lines.Max(l => l.Json.Length));
        foreach (var (json, comment) in lines)
        {
            if (comment is null)
            {
                output.WriteLine(json);
            }
            else if (json.Length == 0)
            {
                output.WriteLine("// " + comment);
            }
            else
            {
                output.WriteLine(json.PadRight(column) + "  // " + comment);
            }
        }

        lines.Clear();
    }

    private void Render(DecodedValue value, int indent, string? key, bool last, bool failed)
    {
        string pad = new(' ', indent * 2);
        string prefix = pad + (key is null ? string.Empty : JsonSerializer.Serialize(key, Relaxed) + ": ");
        string comma = last ? string.Empty : ",";
        bool incomplete = failed && value.End < 0 && !value.IsAbsent;
        ValueCount++;
        if (value.IsAbsent || value.IsNull || value.Shape == DecodedShape.Scalar)
        {
            string text = value.IsAbsent || value.IsNull || value.Scalar is not null || !incomplete
                ? value.Scalar?.ToJsonString(Relaxed) ?? "null"
                : "…";
            lines.Add((prefix + text + comma, Describe(value, incomplete ? "✗ decoding stopped here" : null)));
            return;
        }

        bool isObject = value.Shape is DecodedShape.Object or DecodedShape.Union;
        string open = isObject ? "{" : "[";
        string close = isObject ? "}" : "]";
        if (value.Children.Count == 0 && !incomplete && value.Shape != DecodedShape.Union)
        {
            lines.Add((prefix + open + close + comma, Describe(value, null)));
            return;
        }

        lines.Add((prefix + open, Describe(value, null)));
        if (value.Shape == DecodedShape.Union)
        {
            lines.Add((pad + $"  \"tag\": {value.Tag},", null));
            var caseType = value.Children.Count > 0 ? schema.Types[value.Children[0].TypeIndex].ShortName : null;
            lines.Add((pad + $"  \"case\": {(caseType is null ? "null" : JsonSerializer.Serialize(caseType, Relaxed))},", null));
            if (value.Children.Count > 0)
            {
                Render(value.Children[0], indent + 1, "value", last: true, failed);
            }
        }
        else
        {
            for (int i = 0; i < value.Children.Count; i++)
            {
                var child = value.Children[i];
                Render(child, indent + 1, value.Shape == DecodedShape.Object ? child.Key : null, i == value.Children.Count - 1, failed);
            }
        }

        lines.Add((pad + close + comma, incomplete ? "✗ incomplete" : null));
    }

    private string Describe(DecodedValue value, string? problem)
    {
        var builder = new StringBuilder();
        int offset = baseOffset + value.Offset;
        builder.Append('@').Append(offset.ToString(CultureInfo.InvariantCulture).PadRight(5));
        if (value.IsAbsent)
        {
            builder.Append("      ").Append(string.Empty.PadRight(MaxHeadBytes * 3 + 1));
        }
        else
        {
            int length = value.End >= 0 ? value.End - value.Offset : -1;
            builder.Append((length >= 0 ? "+" + length.ToString(CultureInfo.InvariantCulture) : "+?").PadRight(6));
            int head = value.Shape == DecodedShape.Pair ? 0 : Math.Min(value.HeadLength, Math.Max(0, bytes.Length - value.Offset));
            string hex = Convert.ToHexStringLower(bytes.Span.Slice(value.Offset, Math.Min(head, MaxHeadBytes)));
            var spaced = new StringBuilder();
            for (int i = 0; i < hex.Length; i += 2)
            {
                spaced.Append(hex, i, 2).Append(' ');
            }

            if (head > MaxHeadBytes)
            {
                spaced.Append('…');
            }

            builder.Append(spaced.ToString().PadRight(MaxHeadBytes * 3 + 1));
        }

        builder.Append(' ').Append(value.Path).Append("  ").Append(ShortLabel(schema, value.TypeIndex));
        var type = schema.Types[value.TypeIndex];
        if (value.IsNull)
        {
            builder.Append(" · null");
        }

        if (value.Note is not null && !(value.IsNull && type.Kind == PackSchemaKind.Primitive))
        {
            builder.Append(" · ").Append(value.Note);
        }

        if (problem is not null)
        {
            builder.Append("  ").Append(problem);
        }

        return builder.ToString().TrimEnd();
    }
}

using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;

namespace Pack.Logging;

/// <summary>
/// One Pack payload as log text: decoded with its schema by <see cref="SchemaDecoder"/> (the decoder of
/// <c>pack inspect</c>) into the §14 JSON mapping of docs/wire-format.md, redacted, written compactly. Bad bytes are
/// never thrown: what was read before them is written, and the problem is returned with its offset.
/// </summary>
internal static class PackBodyLogText
{
    /// <summary>What a redacted member's value is written as.</summary>
    public const string Redacted = "[Redacted]";

    /// <summary>What a value is written as when the bytes stop (or go wrong) before it is read: the line's status says why.</summary>
    public const string Incomplete = "[Incomplete]";

    private static readonly JsonSerializerOptions Compact = new()
    {
        MaxDepth = 256,
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
    };

    /// <summary>Decodes <paramref name="payload"/> as one value of <paramref name="schema"/>'s root type.</summary>
    /// <param name="schema">The payload's schema.</param>
    /// <param name="payload">The payload (all of it, or the part a log limit kept).</param>
    /// <param name="redaction">The members to leave out.</param>
    /// <param name="cut">Whether <paramref name="payload"/> is the part a log limit kept of a longer one: collections are then shown up to where the bytes stop.</param>
    /// <param name="error">Why decoding stopped, with its offset in <paramref name="payload"/>; <see langword="null"/> when it is valid.</param>
    /// <returns>The JSON text; when <paramref name="error"/> is set, of the part read before it.</returns>
    public static string Decode(PackSchema schema, ReadOnlyMemory<byte> payload, PackBodyLogRedaction redaction, bool cut, out PackException? error)
    {
        var value = SchemaDecoder.Decode(schema.Types, 0, payload, cut, out error);
        if (error is not null && value.End < 0 && value.Children.Count == 0)
        {
            return "\"" + Incomplete + "\"";
        }

        if (error is not null || !redaction.IsEmpty)
        {
            Rewrite(value, schema.Types, redaction, error is not null);
        }

        return value.ToJson(schema.Types)?.ToJsonString(Compact) ?? "null";
    }

    /// <summary>A <see cref="PackException"/>'s message without the offset suffix the constructor appends.</summary>
    public static string Reason(PackException error)
    {
        string message = error.Message;
        string suffix = " (at byte offset " + error.Offset.ToString(System.Globalization.CultureInfo.InvariantCulture) + ")";
        return message.EndsWith(suffix, StringComparison.Ordinal) ? message[..^suffix.Length] : message;
    }

    /// <summary>Puts <see cref="Redacted"/> in place of left-out members and, after an error, <see cref="Incomplete"/> in place of values not read to their end that have nothing to show (a scalar, a collection whose count failed).</summary>
    private static void Rewrite(DecodedValue value, IReadOnlyList<PackSchemaType> types, PackBodyLogRedaction redaction, bool failed)
    {
        var children = value.Children;
        var type = value.Shape == DecodedShape.Object ? types[value.TypeIndex] : null;
        for (int i = 0; i < children.Count; i++)
        {
            var child = children[i];
            if (type is not null && i < type.Members.Count && redaction.Redacts(type, type.Members[i]))
            {
                // Children of an object are its members in schema order (read ones, then absent ones).
                children[i] = Replaced(child, Redacted);
                continue;
            }

            if (failed && child.End < 0 && child.Children.Count == 0)
            {
                children[i] = Replaced(child, Incomplete);
                continue;
            }

            Rewrite(child, types, redaction, failed);
        }
    }

    private static DecodedValue Replaced(DecodedValue value, string text) => new()
    {
        Path = value.Path,
        Key = value.Key,
        TypeIndex = value.TypeIndex,
        Offset = value.Offset,
        End = value.End,
        Scalar = JsonValue.Create(text),
    };
}

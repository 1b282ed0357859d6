using System.Buffers;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
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

    private static readonly JsonWriterOptions Compact = new()
    {
        MaxDepth = 256,
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        SkipValidation = true,
    };

    // The text is written into one buffer and writer per thread, reused by every line; a buffer grown past this is
    // left to the collector after its line, so one huge body does not keep its memory.
    private const int KeptBufferBytes = 64 * 1024;

    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_buffer;

    [ThreadStatic]
    private static Utf8JsonWriter? t_writer;

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

        // Written straight from the decoded values, with the left-out and unread ones replaced as they are reached: no
        // JSON tree is built, and nothing is copied but the text.
        var buffer = t_buffer ??= new ArrayBufferWriter<byte>(1024);
        var writer = t_writer ??= new Utf8JsonWriter(buffer, Compact);
        buffer.ResetWrittenCount();
        writer.Reset(buffer);
        try
        {
            Write(writer, value, schema.Types, redaction, error is not null);
            writer.Flush();
            return Encoding.UTF8.GetString(buffer.WrittenSpan);
        }
        finally
        {
            writer.Reset();
            if (buffer.Capacity > KeptBufferBytes)
            {
                t_buffer = null;
                t_writer = null;
            }
        }
    }

    /// <summary>A <see cref="PackException"/>'s message without the offset suffix the constructor appends.</summary>
    public static string Reason(PackException error)
    {
        string message = error.Message;
        string suffix = " (at byte offset " + error.Offset.ToString(System.Globalization.CultureInfo.InvariantCulture) + ")";
        return message.EndsWith(suffix, StringComparison.Ordinal) ? message[..^suffix.Length] : message;
    }

    /// <summary>
    /// Writes <paramref name="value"/> in the §14 mapping, with <see cref="Redacted"/> in place of left-out members and,
    /// after an error (<paramref name="failed"/>), <see cref="Incomplete"/> in place of values not read to their end
    /// that have nothing to show (a scalar, a collection whose count failed).
    /// </summary>
    private static void Write(Utf8JsonWriter writer, DecodedValue value, IReadOnlyList<PackSchemaType> types, PackBodyLogRedaction redaction, bool failed)
    {
        if (value.IsNull || value.Shape == DecodedShape.Scalar)
        {
            if (value.Scalar is null)
            {
                writer.WriteNullValue();
            }
            else
            {
                value.Scalar.WriteTo(writer);
            }

            return;
        }

        var children = value.Children;
        switch (value.Shape)
        {
            case DecodedShape.Object:
                // Children of an object are its members in schema order (read ones, then absent ones).
                var type = types[value.TypeIndex];
                writer.WriteStartObject();
                for (int i = 0; i < children.Count; i++)
                {
                    var child = children[i];
                    writer.WritePropertyName(child.Key ?? "?");
                    if (i < type.Members.Count && redaction.Redacts(type, type.Members[i]))
                    {
                        writer.WriteStringValue(Redacted);
                    }
                    else
                    {
                        WriteChild(writer, child, types, redaction, failed);
                    }
                }

                writer.WriteEndObject();
                return;
            case DecodedShape.Array:
            case DecodedShape.Map:
            case DecodedShape.Pair:
                writer.WriteStartArray();
                for (int i = 0; i < children.Count; i++)
                {
                    WriteChild(writer, children[i], types, redaction, failed);
                }

                writer.WriteEndArray();
                return;
            default:
                writer.WriteStartObject();
                writer.WriteNumber("tag", value.Tag);
                if (children.Count > 0)
                {
                    writer.WriteString("case", types[children[0].TypeIndex].ShortName);
                    writer.WritePropertyName("value");
                    WriteChild(writer, children[0], types, redaction, failed);
                }
                else
                {
                    writer.WriteNull("case");
                    writer.WriteNull("value");
                }

                writer.WriteEndObject();
                return;
        }
    }

    private static void WriteChild(Utf8JsonWriter writer, DecodedValue child, IReadOnlyList<PackSchemaType> types, PackBodyLogRedaction redaction, bool failed)
    {
        if (failed && child.End < 0 && child.Children.Count == 0)
        {
            writer.WriteStringValue(Incomplete);
        }
        else
        {
            Write(writer, child, types, redaction, failed);
        }
    }
}

using System.Buffers;
using System.Text.Encodings.Web;
using System.Text.Json;
using Pack.Schema;

namespace Pack.Logging;

/// <summary>
/// One Pack payload as log text: written with its schema by <see cref="SchemaDecoder.WriteJson"/> (the walker of
/// <c>pack inspect</c>'s decoder, without its tree) in the §14 JSON mapping of docs/wire-format.md, redacted, compactly. Bad bytes are
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
    /// <returns>
    /// The JSON text as UTF-8, in this thread's buffer: valid until the next call on this thread; when
    /// <paramref name="error"/> is set, of the part read before it.
    /// </returns>
    public static ReadOnlySpan<byte> Decode(PackSchema schema, ReadOnlyMemory<byte> payload, PackBodyLogRedaction redaction, bool cut, out PackException? error)
    {
        // Written straight from the payload as it is read (SchemaDecoder.WriteJson): no DecodedValue per value, no JSON
        // tree; left-out members and values the bytes stop before are written as such when they are reached.
        var buffer = t_buffer ??= new ArrayBufferWriter<byte>(1024);
        var writer = t_writer ??= new Utf8JsonWriter(buffer, Compact);
        buffer.ResetWrittenCount();
        writer.Reset(buffer);
        try
        {
            SchemaDecoder.WriteJson(schema.Types, 0, payload, cut, writer, redaction.Predicate, Redacted, Incomplete, out error);
            writer.Flush();
            return buffer.WrittenSpan;
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
}

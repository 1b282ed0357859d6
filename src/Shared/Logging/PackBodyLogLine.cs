using System.Collections;
using System.Globalization;
using System.Text;
using Microsoft.Extensions.Logging;

namespace Pack.Logging;

/// <summary>
/// One Pack body log line (<c>Request body: {Body}{Status}</c>, <c>Response body item {Index}: {Body}{Status}</c>, and the
/// server's names for them) as its state: the message is made once, straight from the decoded UTF-8 JSON, so the body
/// is not first made a string of its own; the <c>Body</c>, <c>Status</c> and <c>Index</c> properties a structured
/// provider asks for are taken from it then. The same message and properties as the <c>LoggerMessage</c> methods
/// these lines replaced.
/// </summary>
internal readonly struct PackBodyLogLine : IReadOnlyList<KeyValuePair<string, object?>>
{
    private static readonly Func<PackBodyLogLine, Exception?, string> Format = static (line, _) => line._message;

    private readonly string _message;
    private readonly string _template;
    private readonly int _bodyStart;
    private readonly int _bodyLength;
    private readonly string _status;
    private readonly int _index;

    private PackBodyLogLine(string message, string template, int bodyStart, int bodyLength, string status, int index)
    {
        _message = message;
        _template = template;
        _bodyStart = bodyStart;
        _bodyLength = bodyLength;
        _status = status;
        _index = index;
    }

    /// <inheritdoc/>
    public int Count => _index >= 0 ? 4 : 3;

    /// <inheritdoc/>
    public KeyValuePair<string, object?> this[int index]
    {
        get
        {
            if ((uint)index >= (uint)Count)
            {
                throw new ArgumentOutOfRangeException(nameof(index));
            }

            int property = _index >= 0 ? index : index + 1;
            return property switch
            {
                0 => new("Index", _index),
                1 => new("Body", _message.Substring(_bodyStart, _bodyLength)),
                2 => new("Status", _status),
                _ => new("{OriginalFormat}", _template),
            };
        }
    }

    /// <summary>
    /// Logs a line at Information: <paramref name="lead"/>, then for a stream's item (<paramref name="index"/> at
    /// least 0) the index and <c>: </c>, then the body's JSON and the status.
    /// </summary>
    /// <param name="logger">Where the line goes; nothing is made while it is off for Information.</param>
    /// <param name="eventId">The line's event.</param>
    /// <param name="template">The message template, the <c>{OriginalFormat}</c> property.</param>
    /// <param name="lead">The text before the index, or before the body when there is no index.</param>
    /// <param name="index">The item's index in its stream, or -1 for a whole body.</param>
    /// <param name="body">The body as UTF-8 JSON text (may be empty).</param>
    /// <param name="status">Empty, or a bracketed note after the body.</param>
    public static void Write(ILogger logger, EventId eventId, string template, string lead, int index, ReadOnlySpan<byte> body, string status)
    {
        if (!logger.IsEnabled(LogLevel.Information))
        {
            return;
        }

        Span<char> digits = stackalloc char[11];
        int digitCount = 0;
        if (index >= 0)
        {
            index.TryFormat(digits, out digitCount, default, CultureInfo.InvariantCulture);
        }

        var parts = new Parts(lead, digits[..digitCount], index >= 0 ? ": " : string.Empty, body, status);
        int bodyStart = parts.Lead.Length + parts.Digits.Length + parts.AfterIndex.Length;
        int bodyLength = Encoding.UTF8.GetCharCount(body);
        string message = string.Create(bodyStart + bodyLength + status.Length, parts, static (chars, parts) =>
        {
            parts.Lead.CopyTo(chars);
            chars = chars[parts.Lead.Length..];
            parts.Digits.CopyTo(chars);
            chars = chars[parts.Digits.Length..];
            parts.AfterIndex.CopyTo(chars);
            chars = chars[parts.AfterIndex.Length..];
            int written = Encoding.UTF8.GetChars(parts.Body, chars);
            parts.Status.CopyTo(chars[written..]);
        });

        logger.Log(LogLevel.Information, eventId, new PackBodyLogLine(message, template, bodyStart, bodyLength, status, index), null, Format);
    }

    /// <inheritdoc/>
    public IEnumerator<KeyValuePair<string, object?>> GetEnumerator()
    {
        for (int i = 0; i < Count; i++)
        {
            yield return this[i];
        }
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    /// <inheritdoc/>
    public override string ToString() => _message;

    private readonly ref struct Parts(ReadOnlySpan<char> lead, ReadOnlySpan<char> digits, ReadOnlySpan<char> afterIndex, ReadOnlySpan<byte> body, ReadOnlySpan<char> status)
    {
        public ReadOnlySpan<char> Lead { get; } = lead;

        public ReadOnlySpan<char> Digits { get; } = digits;

        public ReadOnlySpan<char> AfterIndex { get; } = afterIndex;

        public ReadOnlySpan<byte> Body { get; } = body;

        public ReadOnlySpan<char> Status { get; } = status;
    }
}

/// <summary>
/// One side's lines (a request's or a response's, on the server or the client): the events and the text before the
/// body of a whole-body line (<c>Request body: </c>) and of a stream item's line (<c>Request body item </c>, then the
/// index and <c>: </c>). The templates follow from them: <c>{lead}{Body}{Status}</c>, <c>{itemLead}{Index}: {Body}{Status}</c>.
/// </summary>
internal sealed class PackBodyLogEvents(EventId body, string bodyLead, EventId item, string itemLead)
{
    private readonly string _bodyTemplate = bodyLead + "{Body}{Status}";
    private readonly string _itemTemplate = itemLead + "{Index}: {Body}{Status}";

    /// <summary>Logs a whole body, or a stream's end.</summary>
    public void WriteBody(ILogger logger, ReadOnlySpan<byte> json, string status) =>
        PackBodyLogLine.Write(logger, body, _bodyTemplate, bodyLead, -1, json, status);

    /// <summary>Logs one item of a stream.</summary>
    public void WriteItem(ILogger logger, int index, ReadOnlySpan<byte> json, string status) =>
        PackBodyLogLine.Write(logger, item, _itemTemplate, itemLead, index, json, status);
}

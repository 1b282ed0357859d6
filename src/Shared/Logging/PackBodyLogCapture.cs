using System.Buffers;
using System.Globalization;
using Microsoft.Extensions.Logging;
using Pack.Schema;
using Pack.Streaming;

namespace Pack.Logging;

/// <summary>
/// Keeps the first <c>limit</c> bytes of a Pack body passing through a logging stream and turns them into log lines:
/// a body when it ends, a stream (docs/wire-format.md §10) item by item as each frame completes. Memory is bounded by
/// the limit whatever the body declares: a body keeps at most <c>limit</c> bytes, a stream only its unfinished frame,
/// and a frame that would end past the limit stops the log there. Bad bytes, a limit reached and an unknown schema
/// become a status on the line with the offset and the reason; nothing here throws into the request. The server's and
/// the client's logging each derive from it: where the schema comes from; their lines differ only by their events.
/// </summary>
internal abstract class PackBodyLogCapture
{
    private static PackSchema? s_errorSchema;
    private static bool s_errorSchemaKnown;

    private readonly ILogger _logger;
    private readonly PackBodyLogEvents _events;
    private readonly PackBodyLogRedaction _redaction;
    private readonly bool _stream;
    private readonly int _limit;
    private readonly string _limitName;
    private byte[]? _buffer;
    private int _length;
    private long _bufferStart;
    private long _seen;
    private int _items;
    private bool _resolved;
    private bool _done;
    private PackSchema? _schema;

    /// <param name="logger">Where the lines go.</param>
    /// <param name="events">The lines' events and texts.</param>
    /// <param name="redaction">The members to leave out.</param>
    /// <param name="stream">Whether the body is <c>application/x-pack-stream</c>.</param>
    /// <param name="limit">The most bytes decoded (the logging options' body log limit).</param>
    /// <param name="limitName">The limit's option name, for the truncation note.</param>
    protected PackBodyLogCapture(ILogger logger, PackBodyLogEvents events, PackBodyLogRedaction redaction, bool stream, int limit, string limitName)
    {
        _logger = logger;
        _events = events;
        _redaction = redaction;
        _stream = stream;
        _limit = Math.Max(limit, 0);
        _limitName = limitName;
    }

    /// <summary>The body's schema (a stream's item schema), asked once, when the first byte arrives (or the body ends empty).</summary>
    /// <param name="unknown">Why there is none (an unknown fingerprint, no header and no declared type).</param>
    /// <returns>The schema, or <see langword="null"/> with <paramref name="unknown"/> set.</returns>
    protected abstract PackSchema? ResolveSchema(out string unknown);

    // A whole body, or a stream's end: the UTF-8 JSON text (may be empty) and an empty status or a bracketed note.
    private void WriteBody(ReadOnlySpan<byte> body, string status) => _events.WriteBody(_logger, body, status);

    // One item of a stream, as soon as its frame is complete.
    private void WriteItem(int index, ReadOnlySpan<byte> body, string status) => _events.WriteItem(_logger, index, body, status);

    /// <summary>Whether the lines are written (the body or the stream's end, a problem, or a limit reached).</summary>
    public bool IsDone => _done;

    // TryGet, not For: under Native AOT the run-time schema builder is off, and the Error frame is then shown undecoded.
    private static PackSchema? ErrorSchema
    {
        get
        {
            if (!s_errorSchemaKnown)
            {
                s_errorSchema = PackSchema.TryGet(typeof(PackStreamError), options: null, out var schema) ? schema : null;
                s_errorSchemaKnown = true;
            }

            return s_errorSchema;
        }
    }

    /// <summary>Takes the next bytes of the body.</summary>
    public void Append(ReadOnlySpan<byte> data)
    {
        if (_done || data.IsEmpty)
        {
            _seen += data.Length;
            return;
        }

        try
        {
            if (!_resolved)
            {
                _resolved = true;
                _schema = ResolveSchema(out string unknown);
                if (_schema is null)
                {
                    Finish(default, "[Not decoded: " + unknown + "]");
                    _seen += data.Length;
                    return;
                }
            }

            long room = _limit - _seen;
            _seen += data.Length;
            if (room > 0)
            {
                Keep(data[..(int)Math.Min(room, data.Length)]);
            }

            if (_stream)
            {
                ReadFrames();
            }
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            // A log must never fail the exchange it describes.
            Fail(exception);
        }
    }

    /// <summary>Writes the body (or the stream's end) when the body is over; later calls do nothing.</summary>
    /// <param name="stoppedLead">
    /// When the reader may have stopped before the body's end, what it did (<c>the app read </c>): the line's note of
    /// a malformed body then adds it with <paramref name="stoppedAfter"/> and <c> bytes of the body</c>, made only then;
    /// <see langword="null"/> when the body was read to its end.
    /// </param>
    /// <param name="stoppedAfter">The bytes the reader had read.</param>
    public void Complete(string? stoppedLead = null, long stoppedAfter = 0)
    {
        if (_done)
        {
            return;
        }

        try
        {
            if (!_resolved)
            {
                // No byte arrived: an empty body, decoded as such (an empty payload is truncated at byte 0).
                _resolved = true;
                _schema = ResolveSchema(out string unknown);
                if (_schema is null)
                {
                    Finish(default, "[Not decoded: " + unknown + "]");
                    return;
                }
            }

            if (_stream)
            {
                string status = _seen > _limit
                    ? Truncated()
                    : $"[Malformed at byte {_seen.ToString(CultureInfo.InvariantCulture)}: the stream stops after {Count(_items, "item")} without an End or Error frame{Stopped(stoppedLead, stoppedAfter)}]";
                Finish(default, status);
                return;
            }

            ReadOnlySpan<byte> body = PackBodyLogText.Decode(_schema!, _buffer.AsMemory(0, _length), _redaction, cut: _seen > _limit, out var error);
            string note = _seen > _limit ? " " + Truncated()
                : error is not null ? $" [Malformed at byte {error.Offset.ToString(CultureInfo.InvariantCulture)}: {PackBodyLogText.Reason(error)}{Stopped(stoppedLead, stoppedAfter)}]"
                : string.Empty;
            Finish(body, note);
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            Fail(exception);
        }
    }

    /// <summary>Writes the line for a body that could not be read or decoded (<c>[Not decoded: …]</c>); later calls do nothing.</summary>
    /// <param name="exception">Why: the transport's error, or one from decoding (never thrown into the exchange).</param>
    public void Fail(Exception exception)
    {
        if (!_done)
        {
            Finish(default, "[Not decoded: " + exception.GetType().Name + ": " + exception.Message + "]");
        }
    }

    private static string Stopped(string? lead, long bytes) =>
        lead is null ? string.Empty : "; " + lead + bytes.ToString(CultureInfo.InvariantCulture) + " bytes of the body";

    private static string Count(int count, string noun) => count.ToString(CultureInfo.InvariantCulture) + " " + noun + (count == 1 ? string.Empty : "s");

    private string Truncated() => _stream
        ? $"[Truncated by {_limitName} ({_limit.ToString(CultureInfo.InvariantCulture)} bytes) after {Count(_items, "item")}]"
        : $"[Truncated by {_limitName}: {_limit.ToString(CultureInfo.InvariantCulture)} of {_seen.ToString(CultureInfo.InvariantCulture)} bytes decoded]";

    private void Keep(ReadOnlySpan<byte> data)
    {
        int needed = _length + data.Length;
        if (_buffer is null || _buffer.Length < needed)
        {
            var grown = ArrayPool<byte>.Shared.Rent(Math.Min(Math.Max(needed, Math.Min(_limit, 4096)), _limit));
            if (_buffer is not null)
            {
                _buffer.AsSpan(0, _length).CopyTo(grown);
                ArrayPool<byte>.Shared.Return(_buffer);
            }

            _buffer = grown;
        }

        data.CopyTo(_buffer.AsSpan(_length));
        _length = needed;
    }

    private void ReadFrames()
    {
        while (!_done)
        {
            if (_length < PackStream.FrameHeaderLength)
            {
                if (_seen > _limit && _bufferStart + _length >= _limit)
                {
                    Finish(default, Truncated());
                }

                return;
            }

            var header = _buffer.AsSpan(0, PackStream.FrameHeaderLength);
            PackFrameKind kind;
            int length;
            try
            {
                kind = PackStream.ReadFrameHeader(header, _bufferStart, int.MaxValue, out length);
            }
            catch (PackException error)
            {
                Finish(default, $"[Malformed at byte {error.Offset.ToString(CultureInfo.InvariantCulture)}: {PackBodyLogText.Reason(error)} after {Count(_items, "item")}]");
                return;
            }

            long frameEnd = _bufferStart + PackStream.FrameHeaderLength + length;
            if (frameEnd > _limit)
            {
                Finish(default, Truncated());
                return;
            }

            if (_length < PackStream.FrameHeaderLength + length)
            {
                return; // the rest of the frame is still to come
            }

            long payloadStart = _bufferStart + PackStream.FrameHeaderLength;
            if (kind == PackFrameKind.End)
            {
                Finish(default, $"[Stream ended after {Count(_items, "item")}]");
                return;
            }

            var payload = _buffer.AsMemory(PackStream.FrameHeaderLength, length);
            if (kind == PackFrameKind.Error)
            {
                if (ErrorSchema is not { } errorSchema)
                {
                    Finish(default, $"[Stream failed: an Error frame of {Count(length, "byte")} after {Count(_items, "item")}]");
                    return;
                }

                ReadOnlySpan<byte> problem = PackBodyLogText.Decode(errorSchema, payload, PackBodyLogRedaction.None, cut: false, out var error);
                Finish(problem, error is null
                    ? $" [Stream failed: an Error frame after {Count(_items, "item")}]"
                    : $" [Malformed at byte {(payloadStart + error.Offset).ToString(CultureInfo.InvariantCulture)}: the Error frame's payload is not a PackStreamError: {PackBodyLogText.Reason(error)}]");
                return;
            }

            ReadOnlySpan<byte> item = PackBodyLogText.Decode(_schema!, payload, _redaction, cut: false, out var itemError);
            if (itemError is not null)
            {
                WriteItem(_items, item, $" [Malformed at byte {(payloadStart + itemError.Offset).ToString(CultureInfo.InvariantCulture)}: {PackBodyLogText.Reason(itemError)}]");
                Finish(default, $"[Malformed item {_items.ToString(CultureInfo.InvariantCulture)}: the log stops there]");
                return;
            }

            WriteItem(_items++, item, string.Empty);
            int consumed = PackStream.FrameHeaderLength + length;
            _buffer.AsSpan(consumed, _length - consumed).CopyTo(_buffer);
            _length -= consumed;
            _bufferStart += consumed;
        }
    }

    private void Finish(ReadOnlySpan<byte> body, string status)
    {
        _done = true;
        if (_buffer is not null)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = null;
            _length = 0;
        }

        WriteBody(body, status);
    }
}

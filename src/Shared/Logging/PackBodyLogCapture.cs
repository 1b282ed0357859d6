using System.Buffers;
using System.Globalization;
using Pack.Schema;
using Pack.Streaming;

namespace Pack.Logging;

/// <summary>
/// Keeps the first <c>limit</c> bytes of a Pack body passing through a logging stream and turns them into log lines:
/// a body when it ends, a stream (docs/wire-format.md §10) item by item as each frame completes. Memory is bounded by
/// the limit whatever the body declares: a body keeps at most <c>limit</c> bytes, a stream only its unfinished frame,
/// and a frame that would end past the limit stops the log there. Bad bytes, a limit reached and an unknown schema
/// become a status on the line with the offset and the reason; nothing here throws into the request.
/// </summary>
internal sealed class PackBodyLogCapture
{
    private static PackSchema? s_errorSchema;
    private static bool s_errorSchemaKnown;

    private readonly PackBodyLogSink _sink;
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

    /// <param name="sink">Where the schema comes from and the lines go.</param>
    /// <param name="redaction">The members to leave out.</param>
    /// <param name="stream">Whether the body is <c>application/x-pack-stream</c>.</param>
    /// <param name="limit">The most bytes decoded (the logging options' body log limit).</param>
    /// <param name="limitName">The limit's option name, for the truncation note.</param>
    public PackBodyLogCapture(PackBodyLogSink sink, PackBodyLogRedaction redaction, bool stream, int limit, string limitName)
    {
        _sink = sink;
        _redaction = redaction;
        _stream = stream;
        _limit = Math.Max(limit, 0);
        _limitName = limitName;
    }

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
                _schema = _sink.ResolveSchema(out string unknown);
                if (_schema is null)
                {
                    Finish(string.Empty, "[Not decoded: " + unknown + "]");
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
            Finish(string.Empty, "[Not decoded: " + exception.GetType().Name + ": " + exception.Message + "]");
        }
    }

    /// <summary>Writes the body (or the stream's end) when the body is over; later calls do nothing.</summary>
    /// <param name="incomplete">Why the body may be cut short (the app stopped reading), or <see langword="null"/> when it was read to its end.</param>
    public void Complete(string? incomplete)
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
                _schema = _sink.ResolveSchema(out string unknown);
                if (_schema is null)
                {
                    Finish(string.Empty, "[Not decoded: " + unknown + "]");
                    return;
                }
            }

            if (_stream)
            {
                string status = _seen > _limit
                    ? Truncated()
                    : $"[Malformed at byte {_seen.ToString(CultureInfo.InvariantCulture)}: the stream stops after {Count(_items, "item")} without an End or Error frame{(incomplete is null ? string.Empty : "; " + incomplete)}]";
                Finish(string.Empty, status);
                return;
            }

            string body = PackBodyLogText.Decode(_schema!, _buffer.AsMemory(0, _length), _redaction, cut: _seen > _limit, out var error);
            string note = _seen > _limit ? " " + Truncated()
                : error is not null ? $" [Malformed at byte {error.Offset.ToString(CultureInfo.InvariantCulture)}: {PackBodyLogText.Reason(error)}{(incomplete is null ? string.Empty : "; " + incomplete)}]"
                : string.Empty;
            Finish(body, note);
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            Finish(string.Empty, "[Not decoded: " + exception.GetType().Name + ": " + exception.Message + "]");
        }
    }

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
                    Finish(string.Empty, Truncated());
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
                Finish(string.Empty, $"[Malformed at byte {error.Offset.ToString(CultureInfo.InvariantCulture)}: {PackBodyLogText.Reason(error)} after {Count(_items, "item")}]");
                return;
            }

            long frameEnd = _bufferStart + PackStream.FrameHeaderLength + length;
            if (frameEnd > _limit)
            {
                Finish(string.Empty, Truncated());
                return;
            }

            if (_length < PackStream.FrameHeaderLength + length)
            {
                return; // the rest of the frame is still to come
            }

            long payloadStart = _bufferStart + PackStream.FrameHeaderLength;
            if (kind == PackFrameKind.End)
            {
                Finish(string.Empty, $"[Stream ended after {Count(_items, "item")}]");
                return;
            }

            var payload = _buffer.AsMemory(PackStream.FrameHeaderLength, length);
            if (kind == PackFrameKind.Error)
            {
                if (ErrorSchema is not { } errorSchema)
                {
                    Finish(string.Empty, $"[Stream failed: an Error frame of {Count(length, "byte")} after {Count(_items, "item")}]");
                    return;
                }

                string problem = PackBodyLogText.Decode(errorSchema, payload, PackBodyLogRedaction.None, cut: false, out var error);
                Finish(problem, error is null
                    ? $" [Stream failed: an Error frame after {Count(_items, "item")}]"
                    : $" [Malformed at byte {(payloadStart + error.Offset).ToString(CultureInfo.InvariantCulture)}: the Error frame's payload is not a PackStreamError: {PackBodyLogText.Reason(error)}]");
                return;
            }

            string item = PackBodyLogText.Decode(_schema!, payload, _redaction, cut: false, out var itemError);
            if (itemError is not null)
            {
                _sink.WriteItem(_items, item, $" [Malformed at byte {(payloadStart + itemError.Offset).ToString(CultureInfo.InvariantCulture)}: {PackBodyLogText.Reason(itemError)}]");
                Finish(string.Empty, $"[Malformed item {_items.ToString(CultureInfo.InvariantCulture)}: the log stops there]");
                return;
            }

            _sink.WriteItem(_items++, item, string.Empty);
            int consumed = PackStream.FrameHeaderLength + length;
            _buffer.AsSpan(consumed, _length - consumed).CopyTo(_buffer);
            _length -= consumed;
            _bufferStart += consumed;
        }
    }

    private void Finish(string body, string status)
    {
        _done = true;
        if (_buffer is not null)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = null;
            _length = 0;
        }

        _sink.WriteBody(body, status);
    }
}

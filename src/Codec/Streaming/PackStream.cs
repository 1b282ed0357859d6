using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Pack.Streaming;

/// <summary>
/// Writes and reads a Pack stream: a sequence of frames <c>[kind: u8][length: i32 LE][payload]</c> that ends with an
/// <see cref="PackFrameKind.End"/> frame, or with an <see cref="PackFrameKind.Error"/> frame when the producer failed.
/// A reader can therefore tell a complete stream from a failed or cut-off one. Used for <c>IAsyncEnumerable&lt;T&gt;</c> over HTTP.
/// </summary>
public static class PackStream
{
    /// <summary>The length of a frame header: the kind byte and the payload's i32 length.</summary>
    public const int FrameHeaderLength = 5;

    /// <summary>
    /// Checks one frame header (docs/wire-format.md §10) in the order the specification gives: the kind, then the length
    /// (not negative, at most <paramref name="maxPayloadLength"/>, 0 for an End frame), with the error offsets it fixes.
    /// Every reader of frames (<see cref="ReadAsync{T}(Stream, PackSerializerOptions?, CancellationToken)"/>, the server's
    /// request streams, <c>pack inspect</c>) checks headers here, so they agree. An Item frame of length 0 passes: its
    /// empty payload fails when it is read, as truncated at its first byte.
    /// </summary>
    /// <param name="header">At least the frame's <see cref="FrameHeaderLength"/> bytes; a header cut short is the caller's truncation.</param>
    /// <param name="offset">The frame's offset in the stream, for the exception.</param>
    /// <param name="maxPayloadLength">The largest payload accepted (<see cref="PackSerializerOptions.MaxPayloadLength"/>).</param>
    /// <param name="length">The payload's length.</param>
    /// <returns>The frame's kind.</returns>
    /// <exception cref="PackException">An unknown kind (at <paramref name="offset"/>) or an invalid length (at <paramref name="offset"/> + 1).</exception>
    public static PackFrameKind ReadFrameHeader(ReadOnlySpan<byte> header, long offset, int maxPayloadLength, out int length)
    {
        if (header.Length < FrameHeaderLength)
        {
            throw new ArgumentException($"A frame header is {FrameHeaderLength} bytes.", nameof(header));
        }

        var kind = (PackFrameKind)header[0];
        length = BinaryPrimitives.ReadInt32LittleEndian(header[1..]);
        if (kind is not (PackFrameKind.Item or PackFrameKind.End or PackFrameKind.Error))
        {
            throw new PackException($"Unknown frame kind 0x{header[0]:X2} (1 = Item, 2 = End, 3 = Error)", offset);
        }

        if (length < 0 || length > maxPayloadLength || (kind == PackFrameKind.End && length != 0))
        {
            throw new PackException($"Invalid frame length {length} for a {kind} frame (the limit is {maxPayloadLength}; an End frame's is 0)", offset + 1);
        }

        return kind;
    }

    /// <summary>Writes one item frame, serialized straight into the destination.</summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="destination">The buffer writer, for example a response's <c>BodyWriter</c>.</param>
    /// <param name="value">The item.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    public static void WriteItem<T>(IBufferWriter<byte> destination, T? value, PackSerializerOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(destination);
        WriteFrame(destination, PackFrameKind.Item, value, options);
    }

    /// <summary>Writes one item frame for a value of a runtime type.</summary>
    /// <param name="destination">The buffer writer.</param>
    /// <param name="value">The item, assignable to <paramref name="type"/>.</param>
    /// <param name="type">The declared item type.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    public static void WriteItem(IBufferWriter<byte> destination, object? value, Type type, PackSerializerOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(destination);
        var header = destination.GetSpan(FrameHeaderLength);
        var buffer = PooledBufferWriter.Rent();
        try
        {
            PackSerializer.Serialize(buffer, value, type, options);
            header[0] = (byte)PackFrameKind.Item;
            BinaryPrimitives.WriteInt32LittleEndian(header[1..], buffer.WrittenCount);
            destination.Advance(FrameHeaderLength);
            destination.Write(buffer.WrittenSpan);
        }
        finally
        {
            PooledBufferWriter.Return(buffer);
        }
    }

    /// <summary>Writes the end frame, which marks the stream complete.</summary>
    /// <param name="destination">The buffer writer.</param>
    public static void WriteEnd(IBufferWriter<byte> destination)
    {
        ArgumentNullException.ThrowIfNull(destination);
        var span = destination.GetSpan(FrameHeaderLength);
        span[0] = (byte)PackFrameKind.End;
        BinaryPrimitives.WriteInt32LittleEndian(span[1..], 0);
        destination.Advance(FrameHeaderLength);
    }

    /// <summary>Writes an error frame, which marks the stream failed.</summary>
    /// <param name="destination">The buffer writer.</param>
    /// <param name="error">The error to report.</param>
    public static void WriteError(IBufferWriter<byte> destination, PackStreamError error)
    {
        ArgumentNullException.ThrowIfNull(destination);
        ArgumentNullException.ThrowIfNull(error);
        WriteFrame(destination, PackFrameKind.Error, error, null);
    }

    private static void WriteFrame<T>(IBufferWriter<byte> destination, PackFrameKind kind, T? value, PackSerializerOptions? options)
    {
        // The payload is serialized straight into the destination and its length patched in afterwards.
        var writer = new PackWriter<IBufferWriter<byte>>(ref destination, options);
        writer.WriteByte((byte)kind);
        long token = writer.BeginLengthPrefix();
        writer.WriteValue(value);
        writer.EndLengthPrefix(token);
        writer.Flush();
    }

    /// <summary>
    /// Reads items as their frames arrive. Each frame is at most <see cref="PackSerializerOptions.MaxPayloadLength"/> bytes,
    /// and memory grows only as bytes arrive: the whole stream shares one allocation budget of
    /// <see cref="PackSerializerOptions.MaxAllocationRatio"/> times the bytes received so far plus one
    /// <see cref="PackSerializerOptions.AllocationAllowance"/>, so many small frames cannot each spend a fresh allowance.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="source">The stream, for example a response body.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    /// <returns>The items.</returns>
    /// <exception cref="PackStreamException">The producer sent an error frame.</exception>
    /// <exception cref="PackException">The stream is malformed or ended without an end frame.</exception>
    public static IAsyncEnumerable<T?> ReadAsync<T>(Stream source, PackSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(source);
        return ReadAsync<T>(source, options ?? PackSerializerOptions.Default, new StreamAllocationBudget(), cancellationToken);
    }

    /// <summary>
    /// Reads a whole stream into a list, charging the list's growth to the stream's one allocation budget, as the frames
    /// are: collecting many small items cannot allocate more than reading them does.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="source">The stream.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <param name="copyBytesPerItem">
    /// The memory per item of a copy the caller makes of the list afterwards (an array: the element size; 0 for none),
    /// charged before the list is returned.
    /// </param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>The items.</returns>
    /// <exception cref="PackStreamException">The producer sent an error frame.</exception>
    /// <exception cref="PackException">The stream is malformed, ended without an end frame, or exceeds its budget.</exception>
    public static async Task<List<T?>> CollectAsync<T>(Stream source, PackSerializerOptions? options, int copyBytesPerItem, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(source);
        options ??= PackSerializerOptions.Default;
        var budget = new StreamAllocationBudget();
        var items = new List<T?>();
        await foreach (var item in ReadAsync<T>(source, options, budget, cancellationToken).ConfigureAwait(false))
        {
            if (items.Count == items.Capacity)
            {
                // List<T> doubles its array (from 4); the new array is charged before Add allocates it.
                int capacity = Math.Max(4, items.Capacity * 2);
                budget.Charge(options, ((long)capacity * Unsafe.SizeOf<T>()) + 24);
            }

            items.Add(item);
        }

        if (copyBytesPerItem > 0)
        {
            budget.Charge(options, ((long)items.Count * copyBytesPerItem) + 64);
        }

        return items;
    }

    private static async IAsyncEnumerable<T?> ReadAsync<T>(Stream source, PackSerializerOptions options, StreamAllocationBudget budget, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var header = new byte[FrameHeaderLength];
        var payload = PooledBufferWriter.Rent();
        long offset = 0;
        try
        {
            while (true)
            {
                // The budget is the frames' charges alone, the same however the bytes arrive; the reads of the frame's
                // bytes are the reader's own state, bounded apart (docs/robustness.md). They are awaited here rather than
                // in helper async methods: a helper costs its state machine (about 90 bytes) per call even when the read
                // completes at once, which a stream of tiny frames would multiply.
                int headerRead = 0;
                while (headerRead < FrameHeaderLength)
                {
                    int read = await source.ReadAsync(header.AsMemory(headerRead), cancellationToken).ConfigureAwait(false);
                    if (read == 0)
                    {
                        break;
                    }

                    headerRead += read;
                }

                if (headerRead < FrameHeaderLength)
                {
                    throw new PackException(headerRead == 0
                        ? "The stream ended without an end frame; the producer was cut off"
                        : "The stream ended inside a frame header", offset + headerRead);
                }

                var kind = ReadFrameHeader(header, offset, options.MaxPayloadLength, out int length);

                offset += FrameHeaderLength;
                budget.Offset = offset;
                payload.Reset();
                while (payload.WrittenCount < length)
                {
                    // Grow in steps as bytes arrive rather than trusting the declared length up front.
                    int want = Math.Min(length - payload.WrittenCount, Math.Max(16 * 1024, payload.WrittenCount));
                    int read = await source.ReadAsync(payload.GetMemory(want)[..want], cancellationToken).ConfigureAwait(false);
                    if (read == 0)
                    {
                        throw new PackException($"The stream ended inside a frame: {length} byte(s) were declared but {payload.WrittenCount} arrived", offset + payload.WrittenCount);
                    }

                    payload.Advance(read);
                }

                switch (kind)
                {
                    case PackFrameKind.Item:
                        yield return DeserializeFrame<T>(payload, options, offset, ref budget.Credit);
                        break;
                    case PackFrameKind.End:
                        yield break;
                    default:
                        throw new PackStreamException(DeserializeFrame<PackStreamError>(payload, options, offset, ref budget.Credit) ?? new PackStreamError { Status = 500 });
                }

                offset += length;
                budget.Offset = offset;
            }
        }
        finally
        {
            PooledBufferWriter.Return(payload);
        }
    }

    /// <summary>
    /// Deserializes the payload of one frame of a stream whose frames share one allocation budget: the read may allocate
    /// <see cref="PackSerializerOptions.MaxAllocationRatio"/> times the payload's length plus <paramref name="credit"/>,
    /// and what it leaves unused is carried in <paramref name="credit"/> to the next frame. Start a stream with a credit of
    /// <see cref="PackSerializerOptions.AllocationAllowance"/>. For framework code that reads frames itself (a request
    /// stream read from a pipe); <see cref="ReadAsync{T}(Stream, PackSerializerOptions?, CancellationToken)"/> does this.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="payload">The frame's payload (the Pack bytes of one value).</param>
    /// <param name="options">The options; no budget when <see cref="PackSerializerOptions.MaxAllocationRatio"/> is 0.</param>
    /// <param name="credit">What the stream may still allocate beyond the ratio share of its frames.</param>
    /// <returns>The value.</returns>
    /// <exception cref="PackException">The payload is malformed, or reading it would exceed the stream's budget.</exception>
    public static T? DeserializePayload<T>(ReadOnlySpan<byte> payload, PackSerializerOptions options, ref long credit)
    {
        ArgumentNullException.ThrowIfNull(options);
        if (options.MaxAllocationRatio == 0)
        {
            return PackSerializer.Deserialize<T>(payload, options);
        }

        long limit = credit + ((long)options.MaxAllocationRatio * payload.Length);
        var value = PackSerializer.DeserializeWithBudget<T>(payload, options, Math.Max(1, limit), out long charged);
        credit = Math.Max(0, limit - charged);
        return value;
    }

    private static T? DeserializeFrame<T>(PooledBufferWriter payload, PackSerializerOptions options, long offset, ref long credit)
    {
        try
        {
            return DeserializePayload<T>(payload.WrittenSpan, options, ref credit);
        }
        catch (PackException exception) when (exception.Offset >= 0)
        {
            throw new PackException($"Invalid frame payload: {exception.Message}", offset + exception.Offset);
        }
    }
}

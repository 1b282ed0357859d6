using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Pack.Formatters;

namespace Pack;

/// <summary>Serializes values to and from the Pack binary format. All members are thread-safe.</summary>
/// <remarks>
/// Any class, struct or record is supported without attributes; see docs/wire-format.md for the encoding.
/// Malformed input always raises <see cref="PackException"/> with the byte offset of the problem.
/// </remarks>
public static partial class PackSerializer
{
    /// <summary>Serializes a value to a new byte array.</summary>
    /// <typeparam name="T">The declared type of the value; it decides the encoding.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <returns>The Pack bytes.</returns>
    public static byte[] Serialize<T>(T? value, PackSerializerOptions? options = null)
    {
        var buffer = PooledBufferWriter.Rent();
        try
        {
            SerializeCore((IBufferWriter<byte>)buffer, value, options);
            return buffer.WrittenSpan.ToArray();
        }
        finally
        {
            PooledBufferWriter.Return(buffer);
        }
    }

    /// <summary>Serializes a value into a buffer writer, without intermediate copies.</summary>
    /// <typeparam name="T">The declared type of the value.</typeparam>
    /// <param name="destination">The buffer writer that receives the bytes.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    public static void Serialize<T>(IBufferWriter<byte> destination, T? value, PackSerializerOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(destination);
        SerializeCore(destination, value, options);
    }

    /// <summary>Serializes a value into a stream.</summary>
    /// <typeparam name="T">The declared type of the value.</typeparam>
    /// <param name="destination">The stream.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the write.</param>
    public static async ValueTask SerializeAsync<T>(Stream destination, T? value, PackSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        var buffer = PooledBufferWriter.Rent();
        try
        {
            SerializeCore((IBufferWriter<byte>)buffer, value, options);
            await destination.WriteAsync(buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            // The async continuation may run on another thread; the writer is simply cached there.
            PooledBufferWriter.Return(buffer);
        }
    }

    /// <summary>Deserializes a value from bytes. The bytes must hold exactly one value.</summary>
    /// <typeparam name="T">The type to read; it must match the type that was written (see the evolution rules).</typeparam>
    /// <param name="source">The Pack bytes.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <returns>The value.</returns>
    /// <exception cref="PackException">The bytes are malformed; the message gives the byte offset.</exception>
    public static T? Deserialize<T>(ReadOnlySpan<byte> source, PackSerializerOptions? options = null)
    {
        if (PackTypeInfo<T>.IsBlittable)
        {
            return ReadBlittable<T>(source);
        }

        // The budget's verdict depends on the bytes, the contract and the options alone: a sequence's or a stream's copy
        // of the input is the reader's own memory, bounded apart from it (docs/robustness.md), so every entry point
        // ends here with the same reader.
        var reader = new PackReader(source, options);
        try
        {
            var value = PackFormatterCache<T>.Formatter.Deserialize(ref reader);
            reader.EnsureFullyConsumed();
            return value;
        }
        catch (Exception exception) when (IsWrappable(exception))
        {
            throw new PackException($"Reading {typeof(T)} failed: {exception.Message}", reader.Position, exception);
        }
    }

    /// <summary>Deserializes a value from a byte sequence (for example a pipe's buffer). A single segment is read in place.</summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="source">The Pack bytes.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <returns>The value.</returns>
    /// <exception cref="PackException">The bytes are malformed.</exception>
    public static T? Deserialize<T>(in ReadOnlySequence<byte> source, PackSerializerOptions? options = null)
    {
        if (source.IsSingleSegment)
        {
            return Deserialize<T>(source.FirstSpan, options);
        }

        if (source.Length > Array.MaxLength)
        {
            PackThrowHelper.ThrowPayloadTooLarge(source.Length, Array.MaxLength);
        }

        int length = (int)source.Length;
        byte[] rented = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            source.CopyTo(rented);
            return Deserialize<T>(rented.AsSpan(0, length), options);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>Deserializes a value from a stream, reading it to its end (at most <see cref="PackSerializerOptions.MaxPayloadLength"/> bytes).</summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="source">The stream.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>The value.</returns>
    /// <exception cref="PackException">The bytes are malformed or longer than the limit, or the stream is at (or past) its end: an empty payload.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read (write-only or disposed).</exception>
    public static async ValueTask<T?> DeserializeAsync<T>(Stream source, PackSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(source);
        if (!source.CanRead)
        {
            // A write-only or disposed stream is the caller's bug, not malformed input.
            throw new ArgumentException("The stream cannot be read (it is write-only or disposed).", nameof(source));
        }

        if (source is MemoryStream memory && memory.TryGetBuffer(out var segment))
        {
            // A stream positioned at or past its end has nothing left to read: an empty payload, not an argument error.
            var remaining = segment.AsMemory((int)Math.Min(memory.Position, segment.Count));
            memory.Position = memory.Length;
            return Deserialize<T>(remaining.Span, options);
        }

        var buffer = PooledBufferWriter.Rent();
        try
        {
            await ReadToEndAsync(source, buffer, (options ?? PackSerializerOptions.Default).MaxPayloadLength, cancellationToken).ConfigureAwait(false);
            return Deserialize<T>(buffer.WrittenSpan, options);
        }
        finally
        {
            PooledBufferWriter.Return(buffer);
        }
    }

    internal static void SerializeCore<T>(IBufferWriter<byte> destination, T? value, PackSerializerOptions? options)
    {
        if (PackTypeInfo<T>.IsBlittable)
        {
            // A blittable value's wire form is its memory image: one store, no writer, no formatter.
            Span<byte> span = destination.GetSpan(Unsafe.SizeOf<T>());
            Unsafe.WriteUnaligned(ref MemoryMarshal.GetReference(span), value);
            destination.Advance(Unsafe.SizeOf<T>());
            return;
        }

        if (PackTypeInfo<T>.BlittableArrayElementSize != 0)
        {
            // An array of blittable elements is its count and one memory copy: one reservation, no writer, no formatter
            // (the bytes ArrayFormatter writes; the collection's one level of depth is within every MaxDepth).
            WriteBlittableArray(destination, Unsafe.As<Array?>(value), PackTypeInfo<T>.BlittableArrayElementSize);
            return;
        }

        var writer = new PackWriter<IBufferWriter<byte>>(ref destination, options);
        PackWriterCache<T, IBufferWriter<byte>>.Method(ref writer, value!);
        writer.Flush();
    }

    internal static async ValueTask ReadToEndAsync(Stream source, PooledBufferWriter buffer, int maxLength, CancellationToken cancellationToken)
    {
        while (true)
        {
            // Grow only as bytes arrive, so the memory held is proportional to what was actually sent.
            var memory = buffer.GetMemory(Math.Min(16 * 1024, maxLength - buffer.WrittenCount + 1));
            int read = await source.ReadAsync(memory, cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                return;
            }

            buffer.Advance(read);
            if (buffer.WrittenCount > maxLength)
            {
                PackThrowHelper.ThrowPayloadTooLarge(buffer.WrittenCount, maxLength);
            }
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteBlittableArray(IBufferWriter<byte> destination, Array? array, int elementSize)
    {
        if (array is null)
        {
            Span<byte> nullSpan = destination.GetSpan(4);
            if (nullSpan.Length < 4)
            {
                PackThrowHelper.ThrowBufferWriterTooSmall(4, nullSpan.Length);
            }

            Unsafe.WriteUnaligned(ref MemoryMarshal.GetReference(nullSpan), -1);
            destination.Advance(4);
            return;
        }

        int count = array.Length;
        int size = checked(4 + (count * elementSize));
        Span<byte> span = destination.GetSpan(size);
        if (span.Length < size)
        {
            PackThrowHelper.ThrowBufferWriterTooSmall(size, span.Length);
        }

        ref byte start = ref MemoryMarshal.GetReference(span);
        Unsafe.WriteUnaligned(ref start, count);
        Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref start, 4), ref MemoryMarshal.GetArrayDataReference(array), (uint)(size - 4));
        destination.Advance(size);
    }

    private static T ReadBlittable<T>(ReadOnlySpan<byte> source)
    {
        if (source.Length != Unsafe.SizeOf<T>())
        {
            ThrowWrongBlittableLength(source.Length, Unsafe.SizeOf<T>());
        }

        return Unsafe.ReadUnaligned<T>(ref MemoryMarshal.GetReference(source));
    }

    private static void ThrowWrongBlittableLength(int length, int size)
    {
        if (length < size)
        {
            PackThrowHelper.ThrowTruncated(length, size - length, 0);
        }

        PackThrowHelper.ThrowTrailingBytes(size, length - size);
    }

    private static bool IsWrappable(Exception exception)
        => exception is not (PackException or NotSupportedException or OutOfMemoryException or InsufficientExecutionStackException);
}

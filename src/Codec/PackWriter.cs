using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Pack;

/// <summary>
/// Writes Pack values into an <see cref="IBufferWriter{T}"/>. It holds a reference to the current span and the number
/// of bytes written into it, so each primitive write is a bounds check and an unaligned store.
/// </summary>
/// <typeparam name="TBufferWriter">The destination buffer writer.</typeparam>
/// <remarks>Call <see cref="Flush"/> once at the end to commit the bytes written.</remarks>
public ref partial struct PackWriter<TBufferWriter>
    where TBufferWriter : IBufferWriter<byte>
{
    private const int MinimumBufferSize = 256;

    private readonly ref TBufferWriter _destination;
    private ref byte _buffer;
    private int _bufferLength;
    private int _position;
    private long _committed;
    private int _depth;
    private int _openObjects;
    private long _oldestOpenObject;

    /// <summary>Creates a writer over a destination.</summary>
    /// <param name="destination">The buffer writer that receives the bytes.</param>
    /// <param name="options">The options; <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    public PackWriter(ref TBufferWriter destination, PackSerializerOptions? options)
    {
        _destination = ref destination;
        Options = options ?? PackSerializerOptions.Default;
        _buffer = ref Unsafe.NullRef<byte>();
    }

    /// <summary>
    /// Creates a writer that resumes a payload at a safe point (between the top-level object's members or between the
    /// elements of a top-level collection), inside <paramref name="depth"/> levels of nesting already entered and checked.
    /// </summary>
    internal PackWriter(ref TBufferWriter destination, PackSerializerOptions? options, int depth)
        : this(ref destination, options)
        => _depth = depth;

    /// <summary>The options in effect.</summary>
    public PackSerializerOptions Options { get; }

    /// <summary>The number of bytes written so far, committed or not.</summary>
    public readonly long BytesWritten => _committed + _position;

    /// <summary>The current nesting depth of objects and collections.</summary>
    public readonly int Depth => _depth;

    /// <summary>Commits every byte written to the destination. Call once when done.</summary>
    public void Flush()
    {
        if (_position > 0)
        {
            _destination.Advance(_position);
            _committed += _position;
            _position = 0;
            _bufferLength = 0;
            _buffer = ref Unsafe.NullRef<byte>();
        }
    }

    /// <summary>Returns a reference to at least <paramref name="size"/> writable bytes; follow with <see cref="Advance"/>.</summary>
    /// <param name="size">The number of bytes needed.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ref byte GetSpanReference(int size)
    {
        if ((uint)(_bufferLength - _position) < (uint)size)
        {
            Grow(size);
        }

        return ref Unsafe.Add(ref _buffer, _position);
    }

    /// <summary>Marks <paramref name="count"/> bytes obtained from <see cref="GetSpanReference"/> as written.</summary>
    /// <param name="count">The number of bytes written.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Advance(int count) => _position += count;

    /// <summary>Enters one level of nesting, failing when <see cref="PackSerializerOptions.MaxDepth"/> is exceeded.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EnterDepth()
    {
        if (++_depth > Options.MaxDepth)
        {
            PackThrowHelper.ThrowWriteDepthExceeded(Options.MaxDepth);
        }

        if ((_depth & 15) == 0 && !RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            PackThrowHelper.ThrowStackExhausted(-1, _depth);
        }
    }

    /// <summary>Leaves one level of nesting.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ExitDepth() => _depth--;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Grow(int size)
    {
        // Bytes from the outermost object whose length is not yet patched must stay in the span we hold,
        // so only the bytes before it are committed; the rest moves to the new span.
        int commit = _openObjects > 0 ? (int)(_oldestOpenObject - _committed) : _position;
        int tail = _position - commit;
        byte[]? saved = null;
        if (tail > 0)
        {
            saved = ArrayPool<byte>.Shared.Rent(tail);
            MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref _buffer, commit), tail).CopyTo(saved);
        }

        if (commit > 0)
        {
            _destination.Advance(commit);
            _committed += commit;
        }

        // Doubling the request when a tail is carried keeps the total copying linear in the payload size.
        int request = Math.Max(Math.Max(size + tail, tail * 2), MinimumBufferSize);
        Span<byte> span = _destination.GetSpan(request);
        if (span.Length < size + tail)
        {
            PackThrowHelper.ThrowBufferWriterTooSmall(size + tail, span.Length);
        }

        _buffer = ref MemoryMarshal.GetReference(span);
        _bufferLength = span.Length;
        _position = tail;
        if (saved is not null)
        {
            saved.AsSpan(0, tail).CopyTo(span);
            ArrayPool<byte>.Shared.Return(saved);
        }
    }
}

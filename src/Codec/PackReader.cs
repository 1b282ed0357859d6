using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Pack;

/// <summary>
/// Reads Pack values from a span. Every read checks the bytes that remain and reports malformed input as a
/// <see cref="PackException"/> carrying the byte offset.
/// </summary>
public ref partial struct PackReader
{
    private readonly ReadOnlySpan<byte> _buffer;
    private int _position;
    private int _depth;
    private long _used;
    private readonly long _allocationLimit;

    /// <summary>Creates a reader over a payload.</summary>
    /// <param name="buffer">The payload.</param>
    /// <param name="options">The options; <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    public PackReader(ReadOnlySpan<byte> buffer, PackSerializerOptions? options)
    {
        _buffer = buffer;
        Options = options ?? PackSerializerOptions.Default;
        _allocationLimit = BudgetLimit(Options.AllocationLimitFor(buffer.Length));
    }

    /// <summary>Creates a reader whose allocation budget is <paramref name="allocationLimit"/> rather than one derived from the payload length.</summary>
    /// <param name="buffer">The payload.</param>
    /// <param name="options">The options.</param>
    /// <param name="allocationLimit">The most memory the read may allocate, in bytes (a stream's budget left for this frame).</param>
    internal PackReader(ReadOnlySpan<byte> buffer, PackSerializerOptions options, long allocationLimit)
        : this(buffer, options)
    {
        _allocationLimit = BudgetLimit(allocationLimit);
    }

    // What the read itself may allocate: the budget less the room kept for the exception that reports a rejection.
    private static long BudgetLimit(long budget) => budget == long.MaxValue ? long.MaxValue : budget - FailureReserve;

    /// <summary>The options in effect.</summary>
    public PackSerializerOptions Options { get; }

    /// <summary>The offset of the next byte to read.</summary>
    public readonly int Position => _position;

    /// <summary>The number of bytes not yet read.</summary>
    public readonly int Remaining => _buffer.Length - _position;

    /// <summary>The current nesting depth of objects and collections.</summary>
    public readonly int Depth => _depth;

    /// <summary>Returns a reference to the next <paramref name="size"/> bytes, failing if fewer remain; follow with <see cref="Advance"/>.</summary>
    /// <param name="size">The number of bytes needed.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly ref byte GetSpanReference(int size)
    {
        if ((uint)size > (uint)(_buffer.Length - _position))
        {
            PackThrowHelper.ThrowTruncated(_position, size, _buffer.Length - _position);
        }

        return ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), _position);
    }

    /// <summary>Moves past <paramref name="count"/> bytes obtained from <see cref="GetSpanReference"/>.</summary>
    /// <param name="count">The number of bytes consumed.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Advance(int count) => _position += count;

    /// <summary>Returns the next <paramref name="length"/> bytes and moves past them.</summary>
    /// <param name="length">The number of bytes.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ReadOnlySpan<byte> ReadBytes(int length)
    {
        var span = MemoryMarshal.CreateReadOnlySpan(ref GetSpanReference(length), length);
        _position += length;
        return span;
    }

    /// <summary>Enters one level of nesting, failing when <see cref="PackSerializerOptions.MaxDepth"/> is exceeded.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EnterDepth()
    {
        if (++_depth > Options.MaxDepth)
        {
            PackThrowHelper.ThrowReadDepthExceeded(_position, Options.MaxDepth);
        }

        // Every 16 levels, make sure the thread's stack can take more: a deep limit on a small stack fails cleanly.
        if ((_depth & 15) == 0 && !RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            PackThrowHelper.ThrowStackExhausted(_position, _depth);
        }
    }

    /// <summary>Leaves one level of nesting.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ExitDepth() => _depth--;

    /// <summary>Fails unless every byte of the payload was consumed.</summary>
    public readonly void EnsureFullyConsumed()
    {
        if (_position != _buffer.Length)
        {
            PackThrowHelper.ThrowTrailingBytes(_position, _buffer.Length - _position);
        }
    }
}

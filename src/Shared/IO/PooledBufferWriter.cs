using System.Buffers;

namespace Pack;

/// <summary>A growable buffer writer over arrays rented from <see cref="ArrayPool{T}.Shared"/>; one is cached per thread.</summary>
internal sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    private const int InitialSize = 4096;

    [ThreadStatic]
    private static PooledBufferWriter? t_cached;

    private byte[] _buffer;
    private int _written;

    private PooledBufferWriter() => _buffer = ArrayPool<byte>.Shared.Rent(InitialSize);

    public int WrittenCount => _written;

    /// <summary>The size of the buffer holding the bytes (what it may have allocated).</summary>
    public int Capacity => _buffer.Length;

    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

    public ReadOnlyMemory<byte> WrittenMemory => _buffer.AsMemory(0, _written);

    /// <summary>Takes this thread's cached writer, or a new one if it is in use (re-entrant serialization).</summary>
    public static PooledBufferWriter Rent()
    {
        var writer = t_cached ?? new PooledBufferWriter();
        t_cached = null;
        return writer;
    }

    /// <summary>Gives a writer back to this thread's cache; very large buffers are returned to the pool instead.</summary>
    public static void Return(PooledBufferWriter writer)
    {
        writer._written = 0;
        if (writer._buffer.Length > 1024 * 1024)
        {
            writer.Dispose();
            return;
        }

        t_cached = writer;
    }

    public void Advance(int count) => _written += count;

    public void Reset() => _written = 0;

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_written);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_written);
    }

    public void Dispose()
    {
        var buffer = _buffer;
        _buffer = [];
        _written = 0;
        if (buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private void Ensure(int sizeHint)
    {
        sizeHint = Math.Max(sizeHint, 1);
        if (_buffer.Length - _written >= sizeHint)
        {
            return;
        }

        long needed = (long)_written + sizeHint;
        long size = Math.Max(needed, Math.Max((long)_buffer.Length * 2, InitialSize));
        if (size > Array.MaxLength)
        {
            size = needed <= Array.MaxLength ? Array.MaxLength : throw new PackException($"The payload would exceed the largest possible buffer ({Array.MaxLength} bytes).");
        }

        var next = ArrayPool<byte>.Shared.Rent((int)size);
        _buffer.AsSpan(0, _written).CopyTo(next);
        if (_buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
        }

        _buffer = next;
    }
}

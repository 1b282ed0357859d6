using System.Buffers;
using System.Text.Json;
using Pack.Tests.Models;

namespace Pack.Tests;

internal static class JsonOptions
{
    public static readonly JsonSerializerOptions IncludeFields = new() { IncludeFields = true };
}

internal sealed class SmallObjectComparer : IEqualityComparer<SmallObject?>
{
    public static readonly SmallObjectComparer Instance = new();

    public bool Equals(SmallObject? x, SmallObject? y)
        => x is null ? y is null : y is not null && (x.A, x.B, x.C, x.S1, x.S2) == (y.A, y.B, y.C, y.S1, y.S2);

    public int GetHashCode(SmallObject? obj) => obj?.A ?? 0;
}

/// <summary>A buffer writer that never hands out more than a few bytes at a time, and keeps what was advanced.</summary>
internal sealed class ChunkedBufferWriter : IBufferWriter<byte>
{
    private readonly int _maxSpan;
    private readonly List<byte[]> _chunks = [];
    private byte[] _current = [];

    public ChunkedBufferWriter(int maxSpan) => _maxSpan = maxSpan;

    public void Advance(int count) => _chunks.Add(_current[..count]);

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        // Fresh garbage-filled memory each time: the writer must not rely on earlier contents.
        _current = new byte[Math.Max(sizeHint, _maxSpan)];
        Random.Shared.NextBytes(_current);
        return _current;
    }

    public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;

    public byte[] ToArray() => [.. _chunks.SelectMany(c => c)];
}

/// <summary>A stream that returns at most a few bytes per read and cannot seek, like a network stream.</summary>
internal sealed class NonSeekableStream : Stream
{
    private readonly byte[] _data;
    private int _position;

    public NonSeekableStream(byte[] data) => _data = data;

    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count)
    {
        int n = Math.Min(Math.Min(count, 13), _data.Length - _position);
        Array.Copy(_data, _position, buffer, offset, n);
        _position += n;
        return n;
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}

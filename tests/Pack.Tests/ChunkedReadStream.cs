namespace Pack.Tests;

/// <summary>
/// A read-only stream that is not a MemoryStream (so readers take their general path), returning between
/// <paramref name="minChunk"/> and <paramref name="maxChunk"/> bytes a read (seeded), synchronously or, with
/// <paramref name="yieldSometimes"/>, asynchronously about one read in eight.
/// </summary>
internal sealed class ChunkedReadStream(byte[] data, int minChunk, int maxChunk, int seed = 0, bool yieldSometimes = false) : Stream
{
    private readonly Random _random = new(seed);
    private int _position;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        int n = Math.Min(Math.Min(buffer.Length, _random.Next(minChunk, maxChunk + 1)), data.Length - _position);
        data.AsSpan(_position, n).CopyTo(buffer);
        _position += n;
        return n;
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (yieldSometimes && _random.Next(8) == 0)
        {
            await Task.Yield();
        }

        return Read(buffer.Span);
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}

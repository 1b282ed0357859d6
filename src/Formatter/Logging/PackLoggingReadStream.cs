namespace Pack.AspNetCore;

/// <summary>The request body while its Pack body is logged: passes every read through and hands the bytes to the capture.</summary>
internal sealed class PackLoggingReadStream(Stream inner, PackHttpBodyLog log) : Stream
{
    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        int read = inner.Read(buffer);
        Seen(buffer[..read], buffer.Length);
        return read;
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        int read = await inner.ReadAsync(buffer, cancellationToken).ConfigureAwait(false);
        Seen(buffer.Span[..read], buffer.Length);
        return read;
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    private void Seen(ReadOnlySpan<byte> bytes, int asked)
    {
        if (log.Request is not { } capture)
        {
            return;
        }

        if (bytes.IsEmpty && asked > 0)
        {
            log.RequestEnded = true;
            capture.Complete(null);
            return;
        }

        log.RequestBytesRead += bytes.Length;
        capture.Append(bytes);
    }
}

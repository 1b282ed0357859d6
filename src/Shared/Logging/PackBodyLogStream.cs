namespace Pack.Logging;

/// <summary>
/// Passes a body through and hands its bytes to a <see cref="PackBodyLogCapture"/> on their way: a body being written
/// (a server's response, a client's request), or one being read (a server's request, a client's response), whose end
/// completes the capture. The capture may be set after the stream exists (a response is known to be Pack only when it
/// starts); until then bytes pass unlogged.
/// </summary>
internal sealed class PackBodyLogStream(Stream inner, bool writing) : Stream
{
    /// <summary>Where the bytes go, or <see langword="null"/> while (or when) the body is not logged.</summary>
    public PackBodyLogCapture? Capture { get; set; }

    /// <summary>Whether disposing this stream disposes the inner one and completes the capture (a reader that gives up).</summary>
    public bool OwnsInner { get; init; }

    /// <summary>The bytes read so far.</summary>
    public long BytesRead { get; private set; }

    /// <summary>Whether a read reached the body's end.</summary>
    public bool Ended { get; private set; }

    public override bool CanRead => !writing && inner.CanRead;

    public override bool CanSeek => false;

    public override bool CanWrite => writing && inner.CanWrite;

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

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        Capture?.Append(buffer);
        inner.Write(buffer);
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        Capture?.Append(buffer.Span);
        return inner.WriteAsync(buffer, cancellationToken);
    }

    public override void Flush() => inner.Flush();

    public override Task FlushAsync(CancellationToken cancellationToken) => inner.FlushAsync(cancellationToken);

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override async ValueTask DisposeAsync()
    {
        if (OwnsInner)
        {
            GaveUp();
            await inner.DisposeAsync().ConfigureAwait(false);
        }

        await base.DisposeAsync().ConfigureAwait(false);
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing && OwnsInner)
        {
            GaveUp();
            inner.Dispose();
        }

        base.Dispose(disposing);
    }

    private void GaveUp()
    {
        // Read to its end (or not logged): nothing to say, so nothing is formatted.
        if (Capture is { IsDone: false } capture)
        {
            capture.Complete("the reader stopped after ", BytesRead);
        }
    }

    private void Seen(ReadOnlySpan<byte> bytes, int asked)
    {
        if (bytes.IsEmpty && asked > 0)
        {
            Ended = true;
            Capture?.Complete();
            return;
        }

        BytesRead += bytes.Length;
        Capture?.Append(bytes);
    }
}

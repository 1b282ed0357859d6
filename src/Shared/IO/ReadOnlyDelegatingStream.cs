namespace Pack.IO;

/// <summary>
/// A read-only, non-seekable view of another stream, every read passing through <see cref="OnRead"/>: the one wrapper
/// behind the server's counted request bodies, the client's metered response bodies and Refit's response streams.
/// </summary>
/// <remarks>
/// Linked source (src/Shared/IO), internal in each package. Reads, including a cancelled pending read (how Pack.Client
/// aborts an abandoned stream), go to the inner stream; the inner stream is disposed with this one unless
/// <c>leaveOpen</c> (a request body belongs to the server).
/// </remarks>
internal abstract class ReadOnlyDelegatingStream(Stream inner, bool leaveOpen) : Stream
{
    /// <summary>The stream read through.</summary>
    public Stream Inner => inner;

    public override bool CanRead => inner.CanRead;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => OnRead(inner.Read(buffer, offset, count));

    public override int Read(Span<byte> buffer) => OnRead(inner.Read(buffer));

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        var pending = inner.ReadAsync(buffer, cancellationToken);
        return pending.IsCompletedSuccessfully ? new ValueTask<int>(OnRead(pending.Result)) : Awaited(pending);
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    /// <summary>Sees the byte count of every read (0 at the end of the stream) and returns it.</summary>
    /// <param name="read">The bytes the inner stream gave.</param>
    protected virtual int OnRead(int read) => read;

    protected override void Dispose(bool disposing)
    {
        if (disposing && !leaveOpen)
        {
            inner.Dispose();
        }

        base.Dispose(disposing);
    }

    public override async ValueTask DisposeAsync()
    {
        if (!leaveOpen)
        {
            await inner.DisposeAsync().ConfigureAwait(false);
        }

        await base.DisposeAsync().ConfigureAwait(false);
    }

    private async ValueTask<int> Awaited(ValueTask<int> pending) => OnRead(await pending.ConfigureAwait(false));
}

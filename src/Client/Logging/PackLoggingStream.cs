using System.Globalization;
using Pack.Logging;

namespace Pack.Client;

/// <summary>
/// Passes a body through, handing its bytes to the capture: written (a request body on its way to the transport) or
/// read (a response body on its way to the caller; its end, or the caller's giving up, writes the log).
/// </summary>
internal sealed class PackLoggingStream(Stream inner, PackBodyLogCapture capture, bool writing) : Stream
{
    private long _read;

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
        capture.Append(buffer);
        inner.Write(buffer);
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        capture.Append(buffer.Span);
        return inner.WriteAsync(buffer, cancellationToken);
    }

    public override void Flush() => inner.Flush();

    public override Task FlushAsync(CancellationToken cancellationToken) => inner.FlushAsync(cancellationToken);

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing && !writing)
        {
            capture.Complete("the caller read " + _read.ToString(CultureInfo.InvariantCulture) + " bytes of the body");
            inner.Dispose();
        }

        base.Dispose(disposing);
    }

    public override async ValueTask DisposeAsync()
    {
        if (!writing)
        {
            capture.Complete("the caller read " + _read.ToString(CultureInfo.InvariantCulture) + " bytes of the body");
            await inner.DisposeAsync().ConfigureAwait(false);
        }

        await base.DisposeAsync().ConfigureAwait(false);
    }

    private void Seen(ReadOnlySpan<byte> bytes, int asked)
    {
        if (bytes.IsEmpty && asked > 0)
        {
            capture.Complete(null);
            return;
        }

        _read += bytes.Length;
        capture.Append(bytes);
    }
}

using System.Diagnostics;
using System.Net;

namespace Pack.Client;

/// <summary>A response body that reports its size and read time once it has been read to the end or disposed.</summary>
internal sealed class MeteredContent : HttpContent
{
    private readonly HttpContent _inner;
    private readonly PackClientMetrics _metrics;
    private readonly string _format;
    private long _bytes;
    private long _started;
    private bool _recorded;

    public MeteredContent(HttpContent inner, PackClientMetrics metrics, string format)
    {
        _inner = inner;
        _metrics = metrics;
        _format = format;
        foreach (var header in inner.Headers)
        {
            Headers.TryAddWithoutValidation(header.Key, header.Value);
        }
    }

    /// <summary>Counts the items read from this body when it is a Pack stream (item by item or collected whole).</summary>
    public void RecordStreamItems(long items) => _metrics.RecordStreamItems(items, PackClientMetrics.ResponseDirection);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        await SerializeToStreamAsync(stream, context, CancellationToken.None).ConfigureAwait(false);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        var source = await CreateContentReadStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (source.ConfigureAwait(false))
        {
            await source.CopyToAsync(stream, cancellationToken).ConfigureAwait(false);
        }
    }

    protected override Task<Stream> CreateContentReadStreamAsync() => CreateContentReadStreamAsync(CancellationToken.None);

    protected override async Task<Stream> CreateContentReadStreamAsync(CancellationToken cancellationToken) =>
        new CountingStream(await _inner.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false), this);

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _inner.Dispose();
        }

        base.Dispose(disposing);
    }

    private void OnRead(int read)
    {
        if (_started == 0)
        {
            _started = Stopwatch.GetTimestamp();
        }

        _bytes += read;
        if (read == 0)
        {
            Record();
        }
    }

    private void Record()
    {
        if (_recorded)
        {
            return;
        }

        _recorded = true;
        _metrics.RecordResponseBody(_format, _bytes, _started == 0 ? TimeSpan.Zero : Stopwatch.GetElapsedTime(_started));
    }

    private sealed class CountingStream(Stream inner, MeteredContent owner) : Stream
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

        public override int Read(byte[] buffer, int offset, int count) => Count(inner.Read(buffer, offset, count));

        public override int Read(Span<byte> buffer) => Count(inner.Read(buffer));

        public override async Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            Count(await inner.ReadAsync(buffer.AsMemory(offset, count), cancellationToken).ConfigureAwait(false));

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            Count(await inner.ReadAsync(buffer, cancellationToken).ConfigureAwait(false));

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                owner.Record();
                inner.Dispose();
            }

            base.Dispose(disposing);
        }

        public override async ValueTask DisposeAsync()
        {
            owner.Record();
            await inner.DisposeAsync().ConfigureAwait(false);
            await base.DisposeAsync().ConfigureAwait(false);
        }

        private int Count(int read)
        {
            owner.OnRead(read);
            return read;
        }
    }
}

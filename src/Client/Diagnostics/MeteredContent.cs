using System.Diagnostics;
using System.Net;
using Pack.IO;

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

    private sealed class CountingStream(Stream inner, MeteredContent owner) : ReadOnlyDelegatingStream(inner, leaveOpen: false)
    {
        protected override int OnRead(int read)
        {
            owner.OnRead(read);
            return read;
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                owner.Record();
            }

            base.Dispose(disposing);
        }

        public override ValueTask DisposeAsync()
        {
            owner.Record();
            return base.DisposeAsync();
        }
    }
}

using System.Net;
using Pack.Logging;

namespace Pack.Client;

/// <summary>
/// A Pack body seen by <see cref="PackLoggingHandler"/>: the request's bytes as the transport sends them, the
/// response's as the caller reads them, handed to the capture on their way. Headers are the wrapped content's.
/// </summary>
internal sealed class PackLoggingContent : HttpContent
{
    private readonly HttpContent _inner;
    private readonly PackBodyLogCapture _capture;
    private readonly bool _response;

    public PackLoggingContent(HttpContent inner, PackBodyLogCapture capture, bool response)
    {
        _inner = inner;
        _capture = capture;
        _response = response;
        // Content-Type and Content-Length as the parsed values they already are (the inner content is read only
        // through this one now); the others raw, as they are: enumerating the validated view would allocate a string
        // array per header.
        Headers.ContentType = inner.Headers.ContentType;
        if (inner.Headers.NonValidated.Contains("Content-Length"))
        {
            Headers.ContentLength = inner.Headers.ContentLength;
        }

        foreach (var header in inner.Headers.NonValidated)
        {
            if (header.Key is "Content-Type" or "Content-Length")
            {
                continue;
            }

            if (header.Value.Count == 1)
            {
                Headers.TryAddWithoutValidation(header.Key, header.Value.ToString());
            }
            else
            {
                Headers.TryAddWithoutValidation(header.Key, header.Value);
            }
        }
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        if (_response)
        {
            var source = await CreateContentReadStreamAsync(cancellationToken).ConfigureAwait(false);
            await using (source.ConfigureAwait(false))
            {
                await source.CopyToAsync(stream, cancellationToken).ConfigureAwait(false);
            }

            return;
        }

        await _inner.CopyToAsync(new PackBodyLogStream(stream, writing: true) { Capture = _capture }, context, cancellationToken).ConfigureAwait(false);
        _capture.Complete();
    }

    protected override Task<Stream> CreateContentReadStreamAsync() => CreateContentReadStreamAsync(CancellationToken.None);

    protected override async Task<Stream> CreateContentReadStreamAsync(CancellationToken cancellationToken) =>
        new PackBodyLogStream(await _inner.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false), writing: false) { Capture = _capture, OwnsInner = true };

    protected override bool TryComputeLength(out long length)
    {
        long? known = _inner.Headers.ContentLength;
        length = known ?? 0;
        return known.HasValue;
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _inner.Dispose();
        }

        base.Dispose(disposing);
    }
}

using System.Net;
using Pack.Client;

namespace Pack.Refit;

/// <summary>A Pack response body whose read stream carries its media type and its response's schema to <see cref="PackContentSerializer"/>.</summary>
internal sealed class PackResponseContent : HttpContent
{
    private readonly HttpContent _inner;

    internal PackResponseContent(HttpContent inner, PackResponseSchema? schema)
    {
        _inner = inner;
        Schema = schema;
        foreach (KeyValuePair<string, IEnumerable<string>> header in inner.Headers)
        {
            Headers.TryAddWithoutValidation(header.Key, header.Value);
        }
    }

    /// <summary>The response, for its <c>Pack-Schema</c> header, and the invoker that fetches the server's schema; <see langword="null"/> without the header.</summary>
    internal PackResponseSchema? Schema { get; }

    protected override async Task<Stream> CreateContentReadStreamAsync(CancellationToken cancellationToken)
    {
        Stream body = await _inner.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        return new PackResponseStream(body, Headers.ContentType?.MediaType ?? PackMediaTypes.Pack, Schema);
    }

    protected override Task<Stream> CreateContentReadStreamAsync() => CreateContentReadStreamAsync(CancellationToken.None);

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        _inner.CopyToAsync(stream, context);

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken) =>
        _inner.CopyToAsync(stream, context, cancellationToken);

    protected override bool TryComputeLength(out long length)
    {
        length = _inner.Headers.ContentLength ?? 0;
        return _inner.Headers.ContentLength.HasValue;
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

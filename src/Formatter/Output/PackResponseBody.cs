using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;

namespace Pack.AspNetCore;

/// <summary>
/// Where a Pack response body is serialized and how it is ended, chosen once per response by <see cref="Start"/>:
/// <list type="bullet">
/// <item>Into a body that middleware replaced or wrapped (compression, output caching, a test's buffer): straight
/// in, the last part flushed too, since only the server is certain to send what is left when the request ends.</item>
/// <item>Into the server's own body (Kestrel, IIS and HTTP.sys implement their features on one object, which sends the
/// rest of the body when the request ends), directly or through Pack's metrics counter: the last part, which is all of a
/// small body, is not flushed, so it leaves with the end of the response, in one write on HTTP/1.1 and in one DATA frame
/// carrying END_STREAM on HTTP/2, instead of a flush followed by a second frame that only ends the stream.</item>
/// <item>Into the server's own HTTP/1.x body, when nothing has fixed the framing yet: through a <see cref="HeldBodyWriter"/>,
/// so a body under <see cref="HeldBodyWriter.MaxHeldBytes"/> (16 KiB) is sent with a <c>Content-Length</c> rather than
/// chunked. The client then reads a known length instead of parsing chunk sizes and the terminating chunk, and an
/// HTTP/1.0 connection can stay open. A larger body streams in chunks as before.</item>
/// </list>
/// A caller serializes into <see cref="Destination"/> with <see cref="FlushLastPart"/>, calls <see cref="End"/> once
/// the value is written, and <see cref="Release"/> in every case (a <c>finally</c>).
/// </summary>
internal readonly struct PackResponseBody
{
    private readonly HeldBodyWriter? _held;

    private PackResponseBody(PipeWriter destination, bool flushLastPart, HeldBodyWriter? held)
    {
        Destination = destination;
        FlushLastPart = flushLastPart;
        _held = held;
    }

    /// <summary>The writer to serialize into.</summary>
    public PipeWriter Destination { get; }

    /// <summary>Whether the serializer flushes the last part it writes.</summary>
    public bool FlushLastPart { get; }

    /// <summary>Chooses the destination for the response of <paramref name="httpContext"/>; call before anything is written to it.</summary>
    public static PackResponseBody Start(HttpContext httpContext)
    {
        var response = httpContext.Response;
        if (!IsServerBody(httpContext))
        {
            return new PackResponseBody(response.BodyWriter, flushLastPart: true, held: null);
        }

        if (!CanSetLength(httpContext.Request, response))
        {
            return new PackResponseBody(response.BodyWriter, flushLastPart: false, held: null);
        }

        var held = HeldBodyWriter.Rent(response.BodyWriter);
        return new PackResponseBody(held, flushLastPart: false, held);
    }

    /// <summary>Ends a value written to its end: a body still held is sent with its <c>Content-Length</c>.</summary>
    public void End(HttpResponse response) => _held?.SendHeld(response);

    /// <summary>Gives back what <see cref="Start"/> took; what is still held (the body of a failed write) is dropped.</summary>
    public void Release()
    {
        if (_held is not null)
        {
            HeldBodyWriter.Return(_held);
        }
    }

    private static bool IsServerBody(HttpContext httpContext)
    {
        var features = httpContext.Features;
        var body = features.Get<IHttpResponseBodyFeature>();

        // Pack's own byte counter (installed while its metrics are observed) passes every call through to the body it wraps.
        while (body is CountingResponseBodyFeature counting)
        {
            body = counting.Inner;
        }

        return body is not null && ReferenceEquals(body, features.Get<IHttpRequestFeature>());
    }

    // HTTP/1.x only: HTTP/2 and HTTP/3 end a body with their framing, not a length. Not once the response has started,
    // the application set a length or a Transfer-Encoding, or the status code allows no body (writing one fails as before).
    private static bool CanSetLength(HttpRequest request, HttpResponse response)
        => (HttpProtocol.IsHttp11(request.Protocol) || HttpProtocol.IsHttp10(request.Protocol))
            && !response.HasStarted
            && response.StatusCode is >= 200 and not (204 or 205 or 304)
            && response.ContentLength is null
            && response.Headers.TransferEncoding.Count == 0;
}

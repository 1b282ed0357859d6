using System.Diagnostics.CodeAnalysis;
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
/// rest of the body when the request ends), directly or through Pack's metrics counter: a small body (up to
/// <see cref="HeldBodyWriter.MaxHeldBytes"/>, in one part) is not flushed, so it leaves with the end of the response, in
/// one write on HTTP/1.1 and in one DATA frame carrying END_STREAM on HTTP/2, instead of a flush followed by a second
/// frame that only ends the stream. A larger body's last part is flushed by <see cref="EndAsync"/>.</item>
/// <item>Into the server's own HTTP/1.x body, when nothing has fixed the framing yet: through a <see cref="HeldBodyWriter"/>,
/// so a body under <see cref="HeldBodyWriter.MaxHeldBytes"/> (16 KiB) is sent with a <c>Content-Length</c> rather than
/// chunked. The client then reads a known length instead of parsing chunk sizes and the terminating chunk, and an
/// HTTP/1.0 connection can stay open. A larger body streams in chunks as before.</item>
/// </list>
/// A caller serializes into <see cref="Destination"/> leaving the last part unflushed (<c>flushLastPart: false</c>),
/// awaits <see cref="EndAsync"/> once the value is written, which decides how the body ends, and calls
/// <see cref="Release"/> in every case (a <c>finally</c>).
/// </summary>
internal readonly struct PackResponseBody
{
    private readonly HeldBodyWriter? _held;
    private readonly bool _wrapped;

    private PackResponseBody(PipeWriter destination, bool wrapped, HeldBodyWriter? held)
    {
        Destination = destination;
        _wrapped = wrapped;
        _held = held;
    }

    /// <summary>The writer to serialize into, without flushing the last part.</summary>
    public PipeWriter Destination { get; }

    /// <summary>Chooses the destination for the response of <paramref name="httpContext"/>; call before anything is written to it.</summary>
    public static PackResponseBody Start(HttpContext httpContext)
    {
        var response = httpContext.Response;
        if (!IsServerBody(httpContext))
        {
            return new PackResponseBody(response.BodyWriter, wrapped: true, held: null);
        }

        if (!CanSetLength(httpContext.Request, response))
        {
            return new PackResponseBody(response.BodyWriter, wrapped: false, held: null);
        }

        var held = HeldBodyWriter.Rent(response.BodyWriter);
        return new PackResponseBody(held, wrapped: false, held);
    }

    /// <summary>
    /// Ends a value written to its end: a body still held is sent with its <c>Content-Length</c>; the last part of a
    /// wrapped body, or of one that is not small (it went out in several parts, or more than
    /// <see cref="HeldBodyWriter.MaxHeldBytes"/> wait unflushed), is flushed now; a small body into the server's own is
    /// left for the server.
    /// </summary>
    /// <remarks>
    /// Only a small body is left for the server to send with the end of the response. A larger one ends as every streamed
    /// body does, with a flush and then the end of the stream: on HTTP/2, Kestrel 10.0.12 can lose the next response on a
    /// connection when a stream WINDOW_UPDATE for a response that spanned several flow-control windows arrives while that
    /// response is being ended (dotnet/aspnetcore#53736: the pooled stream keeps a stale "scheduled" flag and never sends
    /// a frame). Ending a 94 KB body in the same write as its last data lost 5 of 81,918 echoes over h2c; flushed first,
    /// none of 101,861 (benchmarks/results/2026-11-28-h2-lost-response). A small body fits in the client's first window
    /// (64 KiB by default), so it never waits for a WINDOW_UPDATE.
    /// </remarks>
    public ValueTask EndAsync(HttpResponse response, CancellationToken cancellationToken)
    {
        if (_held is not null)
        {
            _held.SendHeld(response);
            return default;
        }

        return !_wrapped && IsSmall(response, Destination) ? default : FlushLastPartAsync(Destination, cancellationToken);
    }

    // Not small: the serializer flushed at least once (which started the response), or what waits is over the bound.
    // A writer that cannot count its unflushed bytes is judged by the first test alone.
    private static bool IsSmall(HttpResponse response, PipeWriter destination)
        => !response.HasStarted && !(destination.CanGetUnflushedBytes && destination.UnflushedBytes > HeldBodyWriter.MaxHeldBytes);

    // As the serializer's own flushes: a flush canceled with CancelPendingFlush ends the write. (A flush that completes
    // at once, as a wrapped body's usually does, costs no allocation.)
    private static async ValueTask FlushLastPartAsync(PipeWriter destination, CancellationToken cancellationToken)
    {
        if ((await destination.FlushAsync(cancellationToken).ConfigureAwait(false)).IsCanceled)
        {
            ThrowFlushCanceled();
        }
    }

    [DoesNotReturn]
    private static void ThrowFlushCanceled() => throw new OperationCanceledException("The flush of the Pack response body was canceled.");

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

using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace Pack.AspNetCore;

/// <summary>
/// The HTTP/1.1 rule for bidirectional streaming. HTTP/1.1 clients and proxies may not read a response before their
/// upload has ended (.NET's <c>HttpClient</c> does not), so a response streamed while the request stream is still
/// arriving could fill every buffer on the way and stall both sides. Over HTTP/1.1 a streamed response therefore starts
/// only after the request stream has been read to its end (half-duplex); an endpoint that would stream while it reads
/// is answered 400 problem+json saying that this needs HTTP/2. HTTP/2 and HTTP/3 are full duplex and never refused.
/// </summary>
internal static class PackBidirectionalGuard
{
    public const string Title = "Bidirectional streaming needs HTTP/2.";

    private static readonly MediaType PackStreamMediaType = new(PackMediaTypes.PackStream);

    /// <summary>Marks the request's Pack stream as read to its end frame.</summary>
    public static void MarkEnded(HttpContext httpContext) => httpContext.Features.Set(Ended.Instance);

    /// <summary>Whether a streamed response must be refused: HTTP/1.x, a request Pack stream, not yet read to its end.</summary>
    public static bool MustRefuse(HttpContext httpContext)
    {
        var request = httpContext.Request;
        return (HttpProtocol.IsHttp11(request.Protocol) || HttpProtocol.IsHttp10(request.Protocol))
            && request.ContentType is { } contentType
            && new MediaType(contentType).IsSubsetOf(PackStreamMediaType)
            && httpContext.Features.Get<Ended>() is null;
    }

    /// <summary>The 400 problem that says why.</summary>
    public static IResult ToResult() => TypedResults.Problem(
        "This endpoint streams its response while it reads the request stream. Over HTTP/1.1 that can stall both sides, "
        + "so it is refused: call it over HTTP/2 (h2c or TLS), or read the whole request stream before streaming the response.",
        statusCode: StatusCodes.Status400BadRequest,
        title: Title);

    private sealed class Ended
    {
        public static readonly Ended Instance = new();
    }
}

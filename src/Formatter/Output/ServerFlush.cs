using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;

namespace Pack.AspNetCore;

/// <summary>Whether a Pack body written into the response may be left for the server to send when the request ends.</summary>
internal static class ServerFlush
{
    /// <summary>
    /// <see langword="true"/> when the response body is the server's own (Kestrel, IIS and HTTP.sys implement their features
    /// on one object, which sends whatever is left in the body when the request ends): a small body is then not flushed by
    /// the writer, so it leaves with the end of the response, in one write on HTTP/1.1 and one DATA frame carrying
    /// END_STREAM on HTTP/2, instead of a flush followed by a second frame that only ends the stream. A body that
    /// middleware replaced or wrapped (compression, output caching, metrics, a test's buffer) is flushed as before: only
    /// the server is certain to send the rest.
    /// </summary>
    public static bool AtRequestEnd(HttpContext httpContext)
    {
        var features = httpContext.Features;
        var body = features.Get<IHttpResponseBodyFeature>();
        return body is not null && ReferenceEquals(body, features.Get<IHttpRequestFeature>());
    }
}

using System.Net;

namespace Pack.Client;

/// <summary>
/// Thrown when a response body cannot be read as the requested type: malformed Pack, JSON that does not fit (an enum as
/// a string without a matching converter, say), or a Pack stream read as a type that is not a collection. Carries the
/// response status, when known, and the raw <c>Content-Type</c>; the decoder's exception is the
/// <see cref="Exception.InnerException"/>.
/// </summary>
/// <remarks>
/// A failed status is a <see cref="PackApiException"/>; this one is for bodies of successful responses. Both derive from
/// <see cref="HttpRequestException"/>. An error frame in a Pack stream stays a <see cref="Streaming.PackStreamException"/>:
/// the server said what went wrong, the body is not at fault.
/// </remarks>
public sealed class PackContentException : HttpRequestException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What could not be read.</param>
    /// <param name="statusCode">The response status, or <see langword="null"/> when only the content was at hand.</param>
    /// <param name="contentType">The raw <c>Content-Type</c> header of the response, or <see langword="null"/> when it had none.</param>
    /// <param name="innerException">The decoder's exception.</param>
    public PackContentException(string message, HttpStatusCode? statusCode, string? contentType, Exception? innerException)
        : base(message, innerException, statusCode)
    {
        ContentType = contentType;
    }

    /// <summary>The raw <c>Content-Type</c> header of the response (with parameters), or <see langword="null"/> when it had none.</summary>
    public string? ContentType { get; }
}

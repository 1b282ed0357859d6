using System.Net;
using System.Text;

namespace Pack.Client;

/// <summary>
/// Thrown when a server answers with a status code outside 200–299. Carries the status, the reason phrase, the raw
/// body text and, when the body is a JSON object (such as <c>application/problem+json</c>), the parsed problem details.
/// </summary>
/// <remarks>
/// Derives from <see cref="HttpRequestException"/>, so code that already handles failures of
/// <see cref="HttpResponseMessage.EnsureSuccessStatusCode"/> keeps working; <see cref="HttpRequestException.StatusCode"/>
/// always has a value.
/// </remarks>
public sealed class PackApiException : HttpRequestException
{
    /// <summary>Creates the exception for a failed response.</summary>
    /// <param name="statusCode">The response status code.</param>
    /// <param name="reasonPhrase">The response reason phrase, if any.</param>
    /// <param name="requestMethod">The method of the request that failed, if known.</param>
    /// <param name="requestUri">The URI of the request that failed, if known.</param>
    /// <param name="content">The response body as text, or <see langword="null"/> when it was empty or could not be read.</param>
    /// <param name="problem">The parsed problem details, or <see langword="null"/> when the body was not a JSON object.</param>
    public PackApiException(
        HttpStatusCode statusCode,
        string? reasonPhrase,
        HttpMethod? requestMethod,
        Uri? requestUri,
        string? content,
        PackProblemDetails? problem)
        : base(FormatMessage(statusCode, reasonPhrase, problem), inner: null, statusCode)
    {
        ReasonPhrase = reasonPhrase;
        RequestMethod = requestMethod;
        RequestUri = requestUri;
        Content = content;
        Problem = problem;
    }

    /// <summary>The response reason phrase, if the server sent one.</summary>
    public string? ReasonPhrase { get; }

    /// <summary>The method of the request that failed, if known.</summary>
    public HttpMethod? RequestMethod { get; }

    /// <summary>The URI of the request that failed, if known.</summary>
    public Uri? RequestUri { get; }

    /// <summary>
    /// The response body as text (at most its first 1 MiB), or
    /// <see langword="null"/> when the body was empty or could not be read.
    /// </summary>
    public string? Content { get; }

    /// <summary>The problem details parsed from a JSON object body, or <see langword="null"/> for any other body.</summary>
    public PackProblemDetails? Problem { get; }

    private static string FormatMessage(HttpStatusCode statusCode, string? reasonPhrase, PackProblemDetails? problem)
    {
        var message = new StringBuilder("Response status code does not indicate success: ")
            .Append((int)statusCode)
            .Append(" (")
            .Append(reasonPhrase ?? statusCode.ToString())
            .Append(").");

        if (problem?.Title is { } title)
        {
            message.Append(' ').Append(title);
        }

        if (problem?.Detail is { } detail)
        {
            message.Append(' ').Append(detail);
        }

        return message.ToString();
    }
}

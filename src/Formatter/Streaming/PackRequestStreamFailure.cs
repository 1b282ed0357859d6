using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore;

/// <summary>
/// Why a request's Pack stream (<c>application/x-pack-stream</c>) stopped before its end frame, kept on the request so
/// that whoever sees the exception (an MVC filter, a minimal-API filter, the response stream writer) answers it as the
/// client's fault: 400 or 413 problem+json before the response starts, an error frame after.
/// </summary>
internal sealed class PackRequestStreamFailure(int statusCode, string detail, Exception exception)
{
    public const string Title = "The request stream was rejected.";

    public int StatusCode { get; } = statusCode;

    public string Detail { get; } = detail;

    /// <summary>The exception the reader threw to the code enumerating the stream.</summary>
    public Exception Exception { get; } = exception;

    /// <summary>The failure recorded for <paramref name="exception"/>, when it is the one the request stream threw.</summary>
    public static PackRequestStreamFailure? For(HttpContext httpContext, Exception? exception) =>
        exception is not null && httpContext.Features.Get<PackRequestStreamFailure>() is { } failure && ReferenceEquals(failure.Exception, exception)
            ? failure
            : null;

    /// <summary>The problem response, for a response that has not started.</summary>
    public IResult ToResult() => TypedResults.Problem(Detail, statusCode: StatusCode, title: Title);
}

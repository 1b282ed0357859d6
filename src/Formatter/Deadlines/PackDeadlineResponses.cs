using System.Globalization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Timeouts;
using Microsoft.AspNetCore.Mvc;
using Pack.Streaming;

namespace Pack.AspNetCore;

/// <summary>What the client is told when its deadline expires: a problem+json answer, or an error frame once a stream has started.</summary>
internal static class PackDeadlineResponses
{
    public const string Title = "Deadline exceeded";

    /// <summary>The <see cref="RequestTimeoutPolicy.WriteTimeoutResponse"/> of a Pack deadline: the status is already set.</summary>
    public static readonly RequestDelegate WriteTimeoutResponse = WriteProblemAsync;

    /// <summary>
    /// Ends a Pack stream whose producer stopped because the request was canceled, when the cause was the request's
    /// <c>Pack-Timeout</c>: a problem answer when nothing was sent yet, else an error frame with status 504.
    /// </summary>
    /// <returns><see langword="true"/> when the cancellation was the deadline and the client has been told.</returns>
    public static async ValueTask<bool> TryEndStreamAsync(HttpContext httpContext)
    {
        if (!IsExpired(httpContext, out var deadline))
        {
            return false;
        }

        var response = httpContext.Response;
        if (!response.HasStarted)
        {
            response.Clear();
            response.StatusCode = deadline.TimeoutStatusCode;
            await WriteProblemAsync(httpContext).ConfigureAwait(false);
            return true;
        }

        PackServerMetrics.Get(httpContext)?.RecordStreamError(httpContext, "deadline_exceeded");
        PackServerMetrics.Get(httpContext)?.RecordDeadlineExceeded(httpContext);
        PackStream.WriteError(response.BodyWriter, new PackStreamError
        {
            Status = StatusCodes.Status504GatewayTimeout,
            Type = PackTimeoutHeader.ProblemType,
            Title = Title,
            Detail = Detail(deadline),
            TraceId = httpContext.TraceIdentifier,
        });

        // RequestAborted has fired, but the connection is still open: the frame can go out.
        await response.BodyWriter.FlushAsync(CancellationToken.None).ConfigureAwait(false);
        return true;
    }

    private static bool IsExpired(HttpContext httpContext, out PackDeadlineFeature deadline)
    {
        deadline = httpContext.Features.Get<PackDeadlineFeature>()!;
        return deadline is not null
            && httpContext.Features.Get<IHttpRequestTimeoutFeature>() is { RequestTimeoutToken.IsCancellationRequested: true };
    }

    private static Task WriteProblemAsync(HttpContext httpContext)
    {
        var deadline = httpContext.Features.Get<PackDeadlineFeature>();
        PackServerMetrics.Get(httpContext)?.RecordDeadlineExceeded(httpContext);
        if (httpContext.RequestAborted.IsCancellationRequested)
        {
            // UseRequestTimeouts() calls this while RequestAborted is still its own, expired token (it restores the
            // connection's token afterwards), and the problem writers flush with RequestAborted: an expired token there
            // would turn the 504 into an unhandled exception and a 500. A client that has really gone makes the write a no-op.
            httpContext.RequestAborted = CancellationToken.None;
        }

        httpContext.Response.Headers[PackTimeoutHeader.ExpiredName] = "true";
        var problem = new ProblemDetails
        {
            Status = httpContext.Response.StatusCode,
            Type = PackTimeoutHeader.ProblemType,
            Title = Title,
            Detail = deadline is null ? null : Detail(deadline),
        };
        return Results.Problem(problem).ExecuteAsync(httpContext);
    }

    private static string Detail(PackDeadlineFeature deadline) => string.Create(
        CultureInfo.InvariantCulture,
        $"The request's {PackTimeoutHeader.Name} of {deadline.Timeout.TotalMilliseconds} ms expired before the response was complete.");
}

using System.Diagnostics;
using System.Globalization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Timeouts;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Pack.Streaming;

namespace Pack.AspNetCore;

/// <summary>What the client is told when its deadline expires: a problem+json answer, or an error frame once a stream has started.</summary>
internal static class PackDeadlineResponses
{
    public const string Title = "Deadline exceeded";

    private const string ProblemJsonContentType = "application/problem+json";

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

    private static async Task WriteProblemAsync(HttpContext httpContext)
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

        var response = httpContext.Response;
        response.Headers[PackTimeoutHeader.ExpiredName] = "true";
        var problem = new ProblemDetails
        {
            Status = response.StatusCode,
            Type = PackTimeoutHeader.ProblemType,
            Title = Title,
            Detail = deadline is null ? null : Detail(deadline),
        };

        // The app's problem-details service first, as Results.Problem does (CustomizeProblemDetails, traceId)...
        if (httpContext.RequestServices.GetService<IProblemDetailsService>() is { } service
            && await service.TryWriteAsync(new ProblemDetailsContext { HttpContext = httpContext, ProblemDetails = problem }).ConfigureAwait(false)
            && (response.HasStarted || response.ContentType is not null))
        {
            return;
        }

        // ...but a writer may claim the request and write nothing (no Content-Type, nothing sent): MVC's, for an API
        // controller under strict negotiation (ReturnHttpNotAcceptable) when no formatter serves the Accept, which left an
        // empty 504. The error wins over the Accept, as every Pack problem does. Not with RequestAborted: the deadline has
        // cancelled it.
        problem.Extensions["traceId"] = Activity.Current?.Id ?? httpContext.TraceIdentifier;
        await response.WriteAsJsonAsync(problem, HttpJsonTypeInfos.Get<ProblemDetails>(httpContext), ProblemJsonContentType, CancellationToken.None).ConfigureAwait(false);
    }

    private static string Detail(PackDeadlineFeature deadline) => deadline.Timeout == TimeSpan.Zero
        ? $"The request's {PackTimeoutHeader.Name} was zero: its deadline had expired before the request arrived."
        : string.Create(
            CultureInfo.InvariantCulture,
            $"The request's {PackTimeoutHeader.Name} of {deadline.Timeout.TotalMilliseconds} ms expired before the response was complete.");
}

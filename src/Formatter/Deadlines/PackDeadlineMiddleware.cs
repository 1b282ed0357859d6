using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Timeouts;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Pack.AspNetCore;

/// <summary>
/// Turns a <c>Pack-Timeout</c> header into a request timeout that ASP.NET Core's own request-timeouts middleware applies:
/// the endpoint is re-issued with a <see cref="RequestTimeoutPolicy"/> for the requested time (capped by
/// <see cref="PackDeadlineOptions.MaxTimeout"/>), so <see cref="HttpContext.RequestAborted"/> fires at the deadline and an
/// unanswered request gets a 504 problem. A zero header is a deadline that has already expired: the request is answered
/// 504 at once, without running the endpoint. It runs after routing and before <c>UseRequestTimeouts()</c>; both are added by
/// <c>UsePackDeadlines()</c>. A timeout the endpoint already has and that is shorter wins, and
/// <see cref="DisableRequestTimeoutAttribute"/> turns deadlines off for an endpoint.
/// </summary>
internal sealed partial class PackDeadlineMiddleware(
    RequestDelegate next,
    IOptionsMonitor<PackDeadlineOptions> deadlineOptions,
    IOptionsMonitor<RequestTimeoutOptions> timeoutOptions,
    ILogger<PackDeadlineMiddleware> logger)
{
    public Task InvokeAsync(HttpContext context)
    {
        var header = context.Request.Headers[PackTimeoutHeader.Name];
        if (header.Count == 0)
        {
            return next(context);
        }

        if (header.Count > 1 || !PackTimeoutFormat.TryParse(header[0], out var requested))
        {
            // Like grpc-timeout, a header that cannot be read is ignored rather than failing the call.
            Log.IgnoredHeader(logger, header.ToString());
            return next(context);
        }

        if (context.GetEndpoint() is not { } endpoint || endpoint.Metadata.GetMetadata<DisableRequestTimeoutAttribute>() is not null)
        {
            return next(context);
        }

        var options = deadlineOptions.CurrentValue;
        if (requested == TimeSpan.Zero)
        {
            // The client's time has run out already (a deadline propagated to its end): the endpoint does not run.
            Log.ExpiredOnArrival(logger);
            return AnswerExpiredAsync(context, options.TimeoutStatusCode);
        }

        // Positive, and at least one tick: the parser never turns a positive value into zero.
        var timeout = requested < options.MaxTimeout ? requested : options.MaxTimeout;
        if (ApplyTo(context, endpoint, timeout, options.TimeoutStatusCode))
        {
            context.Features.Set(new PackDeadlineFeature(timeout, options.TimeoutStatusCode));
        }

        return next(context);
    }

    private static Task AnswerExpiredAsync(HttpContext context, int statusCode)
    {
        context.Features.Set(new PackDeadlineFeature(TimeSpan.Zero, statusCode));
        context.Response.StatusCode = statusCode;
        return PackDeadlineResponses.WriteTimeoutResponse(context);
    }

    private bool ApplyTo(HttpContext context, Endpoint endpoint, TimeSpan timeout, int statusCode)
    {
        var metadata = endpoint.Metadata;
        if (ExistingTimeout(metadata) is { } existing && existing != Timeout.InfiniteTimeSpan && existing <= timeout)
        {
            return false;
        }

        var policy = new RequestTimeoutPolicy
        {
            Timeout = timeout,
            TimeoutStatusCode = statusCode,
            WriteTimeoutResponse = PackDeadlineResponses.WriteTimeoutResponse,
        };

        // The request-timeouts middleware reads policies from endpoint metadata only, so this request gets its own endpoint:
        // the same delegate and metadata plus the policy, which, added last, is the one it finds.
        var items = new object[metadata.Count + 1];
        for (var i = 0; i < metadata.Count; i++)
        {
            items[i] = metadata[i];
        }

        items[^1] = policy;
        var withPolicy = new EndpointMetadataCollection(items);
        context.SetEndpoint(endpoint is RouteEndpoint route
            ? new RouteEndpoint(route.RequestDelegate!, route.RoutePattern, route.Order, withPolicy, route.DisplayName)
            : new Endpoint(endpoint.RequestDelegate, withPolicy, endpoint.DisplayName));
        return true;
    }

    // What UseRequestTimeouts() would apply without the header: endpoint policy, attribute (by value or by name), default.
    private TimeSpan? ExistingTimeout(EndpointMetadataCollection metadata)
    {
        if (metadata.GetMetadata<RequestTimeoutPolicy>() is { } policy)
        {
            return policy.Timeout;
        }

        var options = timeoutOptions.CurrentValue;
        if (metadata.GetMetadata<RequestTimeoutAttribute>() is { } attribute)
        {
            return attribute.Timeout
                ?? (attribute.PolicyName is { } name && options.Policies.TryGetValue(name, out var named) ? named.Timeout : null);
        }

        return options.DefaultPolicy?.Timeout;
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 20, Level = LogLevel.Debug, EventName = "PackTimeoutHeaderIgnored", Message = "The Pack-Timeout header '{Value}' is not valid and was ignored.")]
        public static partial void IgnoredHeader(ILogger logger, string value);

        [LoggerMessage(EventId = 21, Level = LogLevel.Debug, EventName = "PackTimeoutExpiredOnArrival", Message = "The Pack-Timeout header is zero: the deadline had expired before the request arrived, and the endpoint was not run.")]
        public static partial void ExpiredOnArrival(ILogger logger);
    }
}

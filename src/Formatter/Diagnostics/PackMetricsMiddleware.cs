using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;

namespace Pack.AspNetCore;

/// <summary>
/// The outermost middleware (added by <see cref="PackMetricsStartupFilter"/>). When nobody listens it only calls the next
/// middleware. When someone does, it publishes <see cref="PackServerMetrics"/> as a request feature for the formatters,
/// counts body bytes on both sides, and counts 406, 413 and 415 answers.
/// </summary>
internal sealed class PackMetricsMiddleware(RequestDelegate next, PackServerMetrics metrics)
{
    private const string Request = "request";
    private const string Response = "response";

    public Task InvokeAsync(HttpContext context) => metrics.IsObserved ? MeasureAsync(context) : next(context);

    private async Task MeasureAsync(HttpContext context)
    {
        context.Features.Set(metrics);
        var request = context.Request;
        var requestFormat = PackFormatTag.FromContentType(request.Headers.ContentType);

        CountingReadStream? requestBody = null;
        CountingResponseBodyFeature? responseBody = null;
        if (metrics.IsBodySizeObserved)
        {
            if (requestFormat is not null && context.Features.Get<IHttpRequestBodyDetectionFeature>()?.CanHaveBody != false)
            {
                requestBody = new CountingReadStream(request.Body);
                request.Body = requestBody;
            }

            if (context.Features.Get<IHttpResponseBodyFeature>() is { } responseFeature)
            {
                responseBody = new CountingResponseBodyFeature(responseFeature);
                context.Features.Set<IHttpResponseBodyFeature>(responseBody);
            }
        }

        try
        {
            await next(context).ConfigureAwait(false);
        }
        finally
        {
            if (requestBody is not null)
            {
                request.Body = requestBody.Inner;
                metrics.RecordBodySize(context, requestBody.BytesRead, requestFormat!, Request);
            }

            if (responseBody is not null)
            {
                context.Features.Set(responseBody.Inner);
                if (PackFormatTag.FromContentType(context.Response.ContentType) is { } responseFormat)
                {
                    metrics.RecordBodySize(context, responseBody.BytesWritten, responseFormat, Response);
                }
            }

            var status = context.Response.StatusCode;
            if (status is StatusCodes.Status406NotAcceptable or StatusCodes.Status413PayloadTooLarge or StatusCodes.Status415UnsupportedMediaType)
            {
                metrics.RecordRejected(context, status, requestFormat);
            }
        }
    }
}

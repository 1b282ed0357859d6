using System.Diagnostics;
using System.Diagnostics.Metrics;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Pack.AspNetCore;

/// <summary>
/// The <c>Pack.AspNetCore</c> meter, created through <see cref="IMeterFactory"/> (one per service provider) and its
/// instruments. Every recording checks <see cref="Instrument.Enabled"/> first, and the per-request hooks find this object
/// only through a feature that <see cref="PackMetricsMiddleware"/> sets when something listens, so an unobserved app pays
/// for one feature lookup per hook and nothing else.
/// </summary>
internal sealed class PackServerMetrics
{
    public const string DirectionKey = "pack.direction";
    public const string RouteKey = "http.route";
    public const string OutcomeKey = "pack.outcome";
    public const string ErrorTypeKey = "error.type";
    public const string StatusCodeKey = "http.response.status_code";
    public const string RequestDirection = "request";
    public const string ResponseDirection = "response";

    private readonly Histogram<long> _bodySize;
    private readonly Histogram<double> _serializeDuration;
    private readonly Histogram<double> _deserializeDuration;
    private readonly Counter<long> _rejected;
    private readonly Counter<long> _streamItems;
    private readonly Counter<long> _streamErrors;
    private readonly Counter<long> _deadlineExceeded;

    public PackServerMetrics(IMeterFactory meterFactory)
    {
        ArgumentNullException.ThrowIfNull(meterFactory);

        var meter = meterFactory.Create(PackServerMeter.Name);
        _bodySize = meter.CreateHistogram<long>(PackServerMeter.BodySize, "By", "Size of Pack and JSON request and response bodies.");
        _serializeDuration = meter.CreateHistogram<double>(PackServerMeter.SerializeDuration, "s", "Time spent encoding Pack response bodies.");
        _deserializeDuration = meter.CreateHistogram<double>(PackServerMeter.DeserializeDuration, "s", "Time spent decoding Pack request bodies.");
        _rejected = meter.CreateCounter<long>(PackServerMeter.RejectedRequests, "{request}", "Requests answered 400 (malformed Pack body), 406, 413 or 415.");
        _streamItems = meter.CreateCounter<long>(PackServerMeter.StreamItems, "{item}", "Items of Pack streams: read from request streams (pack.direction=request) and written to response streams (response).");
        _streamErrors = meter.CreateCounter<long>(PackServerMeter.StreamErrors, "{error}", "In-band error frames written to Pack stream responses.");
        _deadlineExceeded = meter.CreateCounter<long>(PackServerMeter.DeadlineExceeded, "{request}", "Requests whose Pack-Timeout deadline expired.");
    }

    /// <summary>Whether the middleware should follow requests at all.</summary>
    public bool IsObserved =>
        _bodySize.Enabled || _serializeDuration.Enabled || _deserializeDuration.Enabled || _rejected.Enabled
        || _streamItems.Enabled || _streamErrors.Enabled || _deadlineExceeded.Enabled;

    public bool IsBodySizeObserved => _bodySize.Enabled;

    public bool IsRejectedObserved => _rejected.Enabled;

    /// <summary>The metrics of the app serving <paramref name="httpContext"/>, when something listens.</summary>
    public static PackServerMetrics? Get(HttpContext httpContext) => httpContext.Features.Get<PackServerMetrics>();

    /// <summary>A start timestamp for <see cref="EndSerialize"/>, or 0 when nobody listens (no clock read).</summary>
    public static long StartSerialize(HttpContext httpContext) =>
        Get(httpContext) is { _serializeDuration.Enabled: true } ? Stopwatch.GetTimestamp() : 0;

    /// <summary>Records a Pack response encoding started at <paramref name="started"/>.</summary>
    public static void EndSerialize(HttpContext httpContext, long started, string format)
    {
        if (started != 0 && Get(httpContext) is { } metrics)
        {
            metrics.RecordSerialize(httpContext, Stopwatch.GetElapsedTime(started), format);
        }
    }

    /// <summary>A start timestamp for <see cref="EndDeserialize"/>, or 0 when nobody listens.</summary>
    public static long StartDeserialize(HttpContext httpContext) =>
        Get(httpContext) is { _deserializeDuration.Enabled: true } ? Stopwatch.GetTimestamp() : 0;

    /// <summary>Records a Pack request decoding and, when it failed on malformed bytes, a 400 rejection.</summary>
    internal static void EndDeserialize(HttpContext httpContext, long started, in PackBodyReadResult result)
    {
        if (Get(httpContext) is not { } metrics)
        {
            return;
        }

        var malformed = result.Exception is PackException;
        if (started != 0)
        {
            var tags = new TagList
            {
                { PackFormatTag.Key, PackFormatTag.Pack },
                { OutcomeKey, malformed ? "malformed" : "success" },
            };
            AddRoute(ref tags, httpContext);
            metrics._deserializeDuration.Record(Stopwatch.GetElapsedTime(started).TotalSeconds, tags);
        }

        if (malformed)
        {
            metrics.RecordRejected(httpContext, StatusCodes.Status400BadRequest, PackFormatTag.Pack);
        }
    }

    public void RecordSerialize(HttpContext httpContext, TimeSpan elapsed, string format)
    {
        if (!_serializeDuration.Enabled)
        {
            return;
        }

        var tags = new TagList { { PackFormatTag.Key, format } };
        AddRoute(ref tags, httpContext);
        _serializeDuration.Record(elapsed.TotalSeconds, tags);
    }

    public void RecordBodySize(HttpContext httpContext, long bytes, string format, string direction)
    {
        var tags = new TagList
        {
            { PackFormatTag.Key, format },
            { DirectionKey, direction },
        };
        AddRoute(ref tags, httpContext);
        _bodySize.Record(bytes, tags);
    }

    /// <summary>Counts a 400 (malformed Pack body), 406, 413 or 415 answer.</summary>
    public void RecordRejected(HttpContext httpContext, int statusCode, string? requestFormat)
    {
        if (!_rejected.Enabled)
        {
            return;
        }

        var errorType = statusCode switch
        {
            StatusCodes.Status400BadRequest => "malformed_body",
            StatusCodes.Status406NotAcceptable => "not_acceptable",
            StatusCodes.Status413PayloadTooLarge => "body_too_large",
            _ => "unsupported_media_type",
        };
        var tags = new TagList
        {
            { StatusCodeKey, statusCode },
            { ErrorTypeKey, errorType },
        };
        if (requestFormat is not null)
        {
            tags.Add(PackFormatTag.Key, requestFormat);
        }

        AddRoute(ref tags, httpContext);
        _rejected.Add(1, tags);
    }

    public void RecordStreamItems(HttpContext httpContext, long items, string direction)
    {
        if (!_streamItems.Enabled || items == 0)
        {
            return;
        }

        var tags = new TagList { { DirectionKey, direction } };
        AddRoute(ref tags, httpContext);
        _streamItems.Add(items, tags);
    }

    public void RecordStreamError(HttpContext httpContext, string errorType)
    {
        if (!_streamErrors.Enabled)
        {
            return;
        }

        var tags = new TagList { { ErrorTypeKey, errorType } };
        AddRoute(ref tags, httpContext);
        _streamErrors.Add(1, tags);
    }

    public void RecordDeadlineExceeded(HttpContext httpContext)
    {
        if (!_deadlineExceeded.Enabled)
        {
            return;
        }

        var tags = default(TagList);
        AddRoute(ref tags, httpContext);
        _deadlineExceeded.Add(1, tags);
    }

    // The route template, never the path: /orders/{id} stays one series however many orders there are.
    private static void AddRoute(ref TagList tags, HttpContext httpContext)
    {
        if (httpContext.GetEndpoint() is RouteEndpoint { RoutePattern.RawText: { } route })
        {
            tags.Add(RouteKey, route);
        }
    }
}

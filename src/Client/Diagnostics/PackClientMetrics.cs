using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Net;
using System.Net.Http.Headers;

namespace Pack.Client;

/// <summary>The <c>Pack.Client</c> meter, created through <see cref="IMeterFactory"/>, and its instruments.</summary>
internal sealed class PackClientMetrics
{
    public const string FormatKey = "pack.format";
    public const string DirectionKey = "pack.direction";
    public const string RequestDirection = "request";
    public const string ResponseDirection = "response";
    public const string ReasonKey = "pack.reason";

    /// <summary>The reader type's schema is not known (under Native AOT: not a root of a registered context).</summary>
    public const string ReaderUnknown = "reader-unknown";

    /// <summary>The server advertised no schema endpoint of the request's origin and none is configured.</summary>
    public const string NoEndpoint = "no-endpoint";

    /// <summary>The schema endpoint answered, without the writer's fingerprint in its set.</summary>
    public const string NotServed = "not-served";

    /// <summary>The schema endpoint could not be read (network error, error status, malformed or oversized set).</summary>
    public const string LookupFailed = "lookup-failed";

    internal static readonly HttpRequestOptionsKey<PackClientMetrics> OptionsKey = new("Pack.ClientMetrics");

    private readonly Histogram<long> _bodySize;
    private readonly Histogram<double> _readDuration;
    private readonly Counter<long> _jsonFallbacks;
    private readonly Counter<long> _deadlineExceeded;
    private readonly Counter<long> _streamItems;
    private readonly Counter<long> _uncheckedReads;

    public PackClientMetrics(IMeterFactory meterFactory)
    {
        ArgumentNullException.ThrowIfNull(meterFactory);

        var meter = meterFactory.Create(PackClientMeter.Name);
        _bodySize = meter.CreateHistogram<long>(PackClientMeter.BodySize, "By", "Size of Pack and JSON request and response bodies.");
        _readDuration = meter.CreateHistogram<double>(PackClientMeter.BodyReadDuration, "s", "Time from the first read of a response body to its end.");
        _jsonFallbacks = meter.CreateCounter<long>(PackClientMeter.JsonFallbacks, "{request}", "JSON used in place of Pack: JSON answers and bodies resent as JSON after a 415.");
        _deadlineExceeded = meter.CreateCounter<long>(PackClientMeter.DeadlineExceeded, "{request}", "Calls whose Pack deadline expired.");
        _streamItems = meter.CreateCounter<long>(PackClientMeter.StreamItems, "{item}", "Items of Pack streams: sent in request streams (pack.direction=request) and read from response streams (response).");
        _uncheckedReads = meter.CreateCounter<long>(PackClientMeter.UncheckedReads, "{response}", "Pack responses of another contract than the reader's read without a schema check, by pack.reason.");
    }

    public bool IsObserved => _bodySize.Enabled || _readDuration.Enabled || _jsonFallbacks.Enabled || _deadlineExceeded.Enabled || _streamItems.Enabled || _uncheckedReads.Enabled;

    public bool IsBodyObserved => _bodySize.Enabled || _readDuration.Enabled;

    public bool IsStreamItemsObserved => _streamItems.Enabled;

    public static PackClientMetrics? FromRequest(HttpRequestMessage? request) =>
        request is not null && request.Options.TryGetValue(OptionsKey, out var metrics) ? metrics : null;

    public static string? Format(MediaTypeHeaderValue? contentType) =>
        contentType?.MediaType is not { } mediaType ? null : PackAccept.Classify(mediaType) switch
        {
            PackMediaKind.Pack => "pack",
            PackMediaKind.PackStream => "pack-stream",
            PackMediaKind.Json => "json",
            _ => null,
        };

    public void RecordRequest(HttpRequestMessage request, HttpResponseMessage response, string? requestFormat)
    {
        if (requestFormat is not null && _bodySize.Enabled && request.Content?.Headers.ContentLength is long length)
        {
            _bodySize.Record(length, new TagList { { FormatKey, requestFormat }, { DirectionKey, "request" } });
        }

        // Pack.Client's extensions resend a Pack body as JSON when a server not upgraded yet answers 415.
        if (requestFormat == "pack" && response.StatusCode == HttpStatusCode.UnsupportedMediaType)
        {
            RecordJsonFallback("request");
        }
    }

    /// <summary>Records a request stream that ended (completely or not): its bytes and its items.</summary>
    public void RecordRequestStream(long bytes, long items)
    {
        var tags = new TagList { { FormatKey, "pack-stream" }, { DirectionKey, "request" } };
        if (_bodySize.Enabled)
        {
            _bodySize.Record(bytes, tags);
        }

        RecordStreamItems(items, RequestDirection);
    }

    /// <summary>Counts items of a Pack stream: sent (<see cref="RequestDirection"/>) or read (<see cref="ResponseDirection"/>).</summary>
    public void RecordStreamItems(long items, string direction)
    {
        if (_streamItems.Enabled && items > 0)
        {
            _streamItems.Add(items, new TagList { { DirectionKey, direction } });
        }
    }

    public void RecordJsonFallback(string direction)
    {
        if (_jsonFallbacks.Enabled)
        {
            _jsonFallbacks.Add(1, new TagList { { DirectionKey, direction } });
        }
    }

    public void RecordResponseBody(string format, long bytes, TimeSpan elapsed)
    {
        var tags = new TagList { { FormatKey, format }, { DirectionKey, "response" } };
        _bodySize.Record(bytes, tags);
        _readDuration.Record(elapsed.TotalSeconds, tags);
    }

    public void RecordDeadlineExceeded(bool reportedByServer)
    {
        if (_deadlineExceeded.Enabled)
        {
            _deadlineExceeded.Add(1, new TagList { { "pack.reported_by", reportedByServer ? "server" : "client" } });
        }
    }

    /// <summary>Counts a Pack response read without the schema check (docs/schema.md §5.1): <see cref="ReaderUnknown"/>, <see cref="NoEndpoint"/>, <see cref="NotServed"/> or <see cref="LookupFailed"/>.</summary>
    public void RecordUncheckedRead(string reason)
    {
        if (_uncheckedReads.Enabled)
        {
            _uncheckedReads.Add(1, new TagList { { ReasonKey, reason } });
        }
    }

    /// <summary>A timestamp for the first read of a response body.</summary>
    public static long Now() => Stopwatch.GetTimestamp();
}

using System.Diagnostics.Metrics;

namespace Pack.Client;

/// <summary>
/// Publishes the <c>Pack.Client</c> meter for the calls that pass through it: body sizes by format and direction, Pack
/// stream items in both directions, response read time, JSON fallbacks, deadline expiries and Pack responses read without a schema check. When nothing listens it only passes the request on.
/// </summary>
/// <remarks>Add it with <c>AddPackMetrics()</c>, outside <see cref="PackDeadlineHandler"/>. It never sets <see cref="DelegatingHandler.InnerHandler"/>.</remarks>
public sealed class PackClientMetricsHandler : DelegatingHandler
{
    private readonly PackClientMetrics _metrics;

    /// <summary>Creates the handler.</summary>
    /// <param name="meterFactory">Creates the <c>Pack.Client</c> meter; the host's <see cref="IMeterFactory"/> in a DI app.</param>
    public PackClientMetricsHandler(IMeterFactory meterFactory)
    {
        _metrics = new PackClientMetrics(meterFactory);
    }

    internal PackClientMetricsHandler(PackClientMetrics metrics)
    {
        _metrics = metrics;
    }

    /// <inheritdoc/>
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        return _metrics.IsObserved ? MeasureAsync(request, cancellationToken) : base.SendAsync(request, cancellationToken);
    }

    private async Task<HttpResponseMessage> MeasureAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        request.Options.Set(PackClientMetrics.OptionsKey, _metrics);
        var requestFormat = PackClientMetrics.Format(request.Content?.Headers.ContentType);
        if (request.Content is PackStreamContent streamContent)
        {
            streamContent.Metrics = _metrics;
        }
        var response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        _metrics.RecordRequest(request, response, requestFormat);

        var responseFormat = PackClientMetrics.Format(response.Content.Headers.ContentType);
        if (responseFormat == "json" && AsksForPack(request))
        {
            _metrics.RecordJsonFallback("response");
        }

        if (responseFormat is not null && (_metrics.IsBodyObserved || (responseFormat == "pack-stream" && _metrics.IsStreamItemsObserved)))
        {
            response.Content = new MeteredContent(response.Content, _metrics, responseFormat);
        }

        return response;
    }

    private static bool AsksForPack(HttpRequestMessage request)
    {
        foreach (var accept in request.Headers.Accept)
        {
            if (accept.MediaType is { } mediaType && PackAccept.Classify(mediaType) is PackMediaKind.Pack or PackMediaKind.PackStream)
            {
                return true;
            }
        }

        return false;
    }
}

using System.Net;

namespace Pack.Client;

/// <summary>
/// Sends a call's deadline as <c>Pack-Timeout</c> and enforces it on the client too: the request's own deadline
/// (<see cref="PackDeadline.SetPackDeadline"/>), else the ambient one (<see cref="PackDeadline.Begin"/>), else this handler's
/// default. When it expires before the response headers arrive, or the server answers 504 with <c>Pack-Timeout-Expired</c>,
/// the call fails with <see cref="PackDeadlineExceededException"/>. <see cref="HttpClient.Timeout"/> and the caller's token
/// work as before and keep their own exceptions. Once the headers are in, the server bounds the body: it stops a stream at
/// the deadline with an error frame, which the stream readers turn into the same exception.
/// </summary>
/// <remarks>Like every Pack handler it never sets <see cref="DelegatingHandler.InnerHandler"/>: add it with <c>AddPackDeadline()</c>.</remarks>
public sealed class PackDeadlineHandler : DelegatingHandler
{
    private readonly TimeSpan? _defaultDeadline;

    /// <summary>Creates the handler.</summary>
    /// <param name="defaultDeadline">The deadline of calls that set none, or <see langword="null"/> for none.</param>
    public PackDeadlineHandler(TimeSpan? defaultDeadline = null)
    {
        if (defaultDeadline is { } deadline)
        {
            ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(deadline, TimeSpan.Zero, nameof(defaultDeadline));
        }

        _defaultDeadline = defaultDeadline;
    }

    /// <inheritdoc/>
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        return Deadline(request) is { } deadline
            ? SendWithDeadlineAsync(request, deadline, cancellationToken)
            : base.SendAsync(request, cancellationToken);
    }

    private async Task<HttpResponseMessage> SendWithDeadlineAsync(HttpRequestMessage request, TimeSpan deadline, CancellationToken cancellationToken)
    {
        request.Headers.Remove(PackDeadline.HeaderName);
        request.Headers.TryAddWithoutValidation(PackDeadline.HeaderName, PackTimeoutFormat.Format(deadline));

        using var timer = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timer.CancelAfter(deadline);
        HttpResponseMessage response;
        try
        {
            response = await base.SendAsync(request, timer.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException exception) when (timer.IsCancellationRequested && !cancellationToken.IsCancellationRequested)
        {
            PackClientMetrics.FromRequest(request)?.RecordDeadlineExceeded(reportedByServer: false);
            throw new PackDeadlineExceededException(deadline, reportedByServer: false, exception);
        }

        if (response.StatusCode == HttpStatusCode.GatewayTimeout && response.Headers.Contains(PackDeadline.ExpiredHeaderName))
        {
            response.Dispose();
            PackClientMetrics.FromRequest(request)?.RecordDeadlineExceeded(reportedByServer: true);
            throw new PackDeadlineExceededException(deadline, reportedByServer: true);
        }

        return response;
    }

    private TimeSpan? Deadline(HttpRequestMessage request) =>
        request.Options.TryGetValue(PackDeadline.OptionsKey, out var own) ? own : PackDeadline.Ambient ?? _defaultDeadline;
}

using Microsoft.Extensions.Logging;
using Pack.Logging;
using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// Logs Pack request and response bodies (<c>application/x-pack</c>, and <c>application/x-pack-stream</c> item by
/// item) decoded as JSON text in the JSON mapping of docs/wire-format.md §14, as the bytes pass: the request's while
/// the transport sends it, the response's while the caller reads it (or, when its <c>Content-Length</c> is within
/// <see cref="PackClientLoggingOptions.ResponseBodyLogLimit"/>, here, buffered as HttpClient buffers it). Bounded by
/// the body log limits; members left out by <see cref="PackClientLoggingOptions.RedactedMembers"/> and <see cref="PackClientLoggingOptions.Redact"/>; a malformed or
/// cut-off body, or one whose schema is unknown, is logged as such with the offset and the reason, never thrown. Does
/// nothing while its logger is not enabled for <see cref="LogLevel.Information"/>. Add it last (nearest the transport)
/// so it sees what goes on the wire.
/// </summary>
public sealed class PackLoggingHandler : DelegatingHandler
{
    private readonly ILogger _logger;
    private readonly PackClientLoggingOptions _options;
    private readonly PackBodyLogRedaction _redaction;

    /// <summary>Creates the handler; <see cref="DelegatingHandler.InnerHandler"/> is left for the pipeline to set.</summary>
    /// <param name="logger">Where the lines go (<c>AddPackLogging</c> uses <c>System.Net.Http.HttpClient.{name}.PackBody</c>).</param>
    /// <param name="options">The limits and what is left out; read once, here.</param>
    public PackLoggingHandler(ILogger logger, PackClientLoggingOptions options)
    {
        ArgumentNullException.ThrowIfNull(logger);
        ArgumentNullException.ThrowIfNull(options);
        _logger = logger;
        _options = options;
        _redaction = new PackBodyLogRedaction(options.RedactedMembers, options.Redact);
    }

    /// <inheritdoc/>
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (!_logger.IsEnabled(LogLevel.Information))
        {
            return await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        }

        var original = request.Content;
        if (original is not null && IsPack(original, out bool requestStream))
        {
            var capture = new PackClientBodyLog(
                _logger, request: true, RequestSchemaRegistration.BodyType(original), Fingerprint(original.Headers), _options.Schemas,
                _redaction, requestStream, _options.RequestBodyLogLimit, nameof(PackClientLoggingOptions.RequestBodyLogLimit));
            if (original is PackContent { HasSerialized: false } value)
            {
                // Pack.Client's own content hands its bytes over as it writes them: no wrapping content, no copied headers.
                value.LogCapture = capture;
            }
            else
            {
                request.Content = new PackLoggingContent(original, capture, response: false);
            }
        }

        HttpResponseMessage response;
        try
        {
            response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            // Outer handlers (a resend after a 412, the metrics) look at the content they set.
            request.Content = original;
            if (original is PackContent value)
            {
                value.LogCapture = null;
            }
        }

        // A HEAD response has no body to log, whatever its headers say it would be.
        if (response.Content is { } content && request.Method != HttpMethod.Head && IsPack(content, out bool responseStream))
        {
            var capture = new PackClientBodyLog(
                _logger, request: false, type: null, Fingerprint(response.Headers), _options.Schemas,
                _redaction, responseStream, _options.ResponseBodyLogLimit, nameof(PackClientLoggingOptions.ResponseBodyLogLimit));
            if (!responseStream && content.Headers.ContentLength is long length && length <= _options.ResponseBodyLogLimit)
            {
                await LogBufferedAsync(response, content, capture, length, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                response.Content = new PackLoggingContent(content, capture, response: true);
            }
        }

        return response;
    }

    /// <summary>
    /// A body whose declared length is within the limit is read whole here, as HttpClient reads every response it is
    /// not told to stream, and logged from that buffer: the caller reads the same buffered content, nothing wraps it.
    /// Memory stays within the limit (the declared length is checked first, and the buffer may not grow past it).
    /// </summary>
    private static async Task LogBufferedAsync(
        HttpResponseMessage response, HttpContent content, PackBodyLogCapture capture, long length, CancellationToken cancellationToken)
    {
        try
        {
            await content.LoadIntoBufferAsync(length, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception exception)
        {
            // The caller gets the transport's error (or its cancellation), as it would have from HttpClient's own
            // buffering, and the response is released as HttpClient releases it; the log says why, with the
            // transport's reason rather than HttpClient's "Error while copying content to a stream".
            response.Dispose();
            if (exception is not OperationCanceledException)
            {
                capture.Fail(exception is HttpRequestException { InnerException: { } reason } ? reason : exception);
            }

            throw;
        }

        // Buffered content writes its bytes in one synchronous call.
        content.CopyTo(new PackBodyLogStream(Stream.Null, writing: true) { Capture = capture }, context: null, cancellationToken);
        capture.Complete();
    }

    private static bool IsPack(HttpContent content, out bool stream)
    {
        string? mediaType = content.Headers.ContentType?.MediaType;
        stream = string.Equals(mediaType, PackMediaTypes.PackStream, StringComparison.OrdinalIgnoreCase);
        return stream || string.Equals(mediaType, PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>The body's <c>Pack-Schema</c>, as sent (the first value), without the validated view's array.</summary>
    private static string? Fingerprint(System.Net.Http.Headers.HttpHeaders headers)
    {
        if (!headers.NonValidated.TryGetValues(PackSchema.HeaderName, out var values))
        {
            return null;
        }

        foreach (string value in values)
        {
            return value;
        }

        return null;
    }
}

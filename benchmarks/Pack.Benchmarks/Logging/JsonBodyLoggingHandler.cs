using Microsoft.Extensions.Logging;

namespace Pack.Benchmarks.Logging;

/// <summary>
/// The JSON counterpart of <c>PackLoggingHandler</c> for <see cref="L2_ClientLoggingCost"/>: logs <c>application/json</c>
/// request and response bodies as text when its logger is on for Information (the response is buffered to do so), and
/// does nothing otherwise. Other bodies pass untouched.
/// </summary>
internal sealed partial class JsonBodyLoggingHandler(ILogger logger) : DelegatingHandler
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (!logger.IsEnabled(LogLevel.Information))
        {
            return await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        }

        if (IsJson(request.Content))
        {
            Log.RequestBody(logger, await request.Content!.ReadAsStringAsync(cancellationToken).ConfigureAwait(false));
        }

        var response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (IsJson(response.Content))
        {
            await response.Content.LoadIntoBufferAsync(cancellationToken).ConfigureAwait(false);
            Log.ResponseBody(logger, await response.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false));
        }

        return response;
    }

    private static bool IsJson(HttpContent? content) =>
        string.Equals(content?.Headers.ContentType?.MediaType, "application/json", StringComparison.OrdinalIgnoreCase);

    private static partial class Log
    {
        [LoggerMessage(1, LogLevel.Information, "Request body: {Body}")]
        public static partial void RequestBody(ILogger logger, string body);

        [LoggerMessage(2, LogLevel.Information, "Response body: {Body}")]
        public static partial void ResponseBody(ILogger logger, string body);
    }
}

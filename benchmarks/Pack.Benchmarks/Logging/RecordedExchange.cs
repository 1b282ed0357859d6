using System.Net;

namespace Pack.Benchmarks.Logging;

/// <summary>
/// Responses a real server gave, by request path, and the two handlers that record and replay them. The client-side
/// logging benchmark records one exchange per path from the in-process Kestrel server, stops the server, and measures
/// its calls against <see cref="ReplayHandler"/>: no server thread then runs (or allocates) during the measured
/// iterations, which BenchmarkDotNet's in-process allocation count would otherwise include.
/// </summary>
internal sealed class RecordedExchange
{
    private readonly Dictionary<string, Recorded> _byPath = new(StringComparer.Ordinal);

    /// <summary>A primary handler that sends over <paramref name="network"/> and keeps each response, by path.</summary>
    /// <param name="network">The handler that reaches the server.</param>
    public HttpMessageHandler Recording(HttpMessageHandler network) => new RecordingHandler(this, network);

    /// <summary>A primary handler that answers each request with the response recorded for its path.</summary>
    public HttpMessageHandler Replaying() => new ReplayHandler(this);

    private sealed record Recorded(HttpStatusCode Status, KeyValuePair<string, string[]>[] Headers, KeyValuePair<string, string[]>[] ContentHeaders, byte[] Body);

    private static KeyValuePair<string, string[]>[] Copy(IEnumerable<KeyValuePair<string, IEnumerable<string>>> headers)
    {
        var copied = new List<KeyValuePair<string, string[]>>();
        foreach (var (name, values) in headers)
        {
            copied.Add(new(name, [.. values]));
        }

        return [.. copied];
    }

    private sealed class RecordingHandler(RecordedExchange exchange, HttpMessageHandler network) : DelegatingHandler(network)
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            var response = await base.SendAsync(request, cancellationToken);
            var body = await response.Content.ReadAsByteArrayAsync(cancellationToken);
            var recorded = new Recorded(response.StatusCode, Copy(response.Headers), Copy(response.Content.Headers), body);
            exchange._byPath[request.RequestUri!.AbsolutePath] = recorded;
            response.Dispose();
            return Replay(request, recorded);
        }
    }

    private sealed class ReplayHandler(RecordedExchange exchange) : HttpMessageHandler
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            // The request body is written as it would be to a socket, so its serialization (and any logging of it) runs.
            if (request.Content is not null)
            {
                await request.Content.CopyToAsync(Stream.Null, cancellationToken);
            }

            return Replay(request, exchange._byPath[request.RequestUri!.AbsolutePath]);
        }
    }

    private static HttpResponseMessage Replay(HttpRequestMessage request, Recorded recorded)
    {
        var response = new HttpResponseMessage(recorded.Status) { RequestMessage = request, Content = new ByteArrayContent(recorded.Body) };
        foreach (var (name, values) in recorded.Headers)
        {
            response.Headers.TryAddWithoutValidation(name, values);
        }

        foreach (var (name, values) in recorded.ContentHeaders)
        {
            response.Content.Headers.TryAddWithoutValidation(name, values);
        }

        return response;
    }
}

using System.Net;

namespace Pack.Benchmarks.Http;

/// <summary>
/// Checks every response before the client library reads it: status 200, the expected HTTP version and the expected
/// media type. For JSON it also sets <c>Accept: application/json</c> (System.Net.Http.Json sends none of its own).
/// It also sets the request's HTTP version: Pack.Client builds its own <see cref="HttpRequestMessage"/>s, which keep the
/// default HTTP/1.1 and ignore <see cref="HttpClient.DefaultRequestVersion"/>.
/// </summary>
public sealed class ResponseCheckHandler(HttpFormat format, string? expectedMediaType, Version expectedVersion) : DelegatingHandler
{
    /// <inheritdoc/>
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (format == HttpFormat.Json)
        {
            request.Headers.Remove("Accept");
            request.Headers.TryAddWithoutValidation("Accept", "application/json");
        }

        request.Version = expectedVersion;
        request.VersionPolicy = HttpVersionPolicy.RequestVersionExact;
        var response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        var mediaType = response.Content.Headers.ContentType?.MediaType;
        if (response.StatusCode != HttpStatusCode.OK || response.Version != expectedVersion || mediaType != expectedMediaType)
        {
            var message = $"{request.Method} {request.RequestUri}: {(int)response.StatusCode} HTTP/{response.Version} '{mediaType}', expected 200 HTTP/{expectedVersion} '{expectedMediaType}'";
            response.Dispose();
            throw new HttpRequestException(message);
        }

        return response;
    }
}

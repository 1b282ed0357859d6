using System.Net;
using System.Net.Http.Json;
using System.Text.Json;

namespace Pack.Client;

/// <summary>
/// Extension methods that send requests and read responses as Pack (<c>application/x-pack</c>), in the shape of
/// <c>System.Net.Http.Json</c>. Every request asks for Pack and accepts JSON, so the same client works during a rolling
/// deploy while some servers still answer JSON.
/// </summary>
public static partial class HttpClientPackExtensions
{
    private static Uri? CreateUri(string? uri) =>
        string.IsNullOrEmpty(uri) ? null : new Uri(uri, UriKind.RelativeOrAbsolute);

    private static HttpRequestMessage CreateRequest(HttpClient client, HttpMethod method, Uri? requestUri, string accept, HttpContent? content = null)
    {
        // A hand-built request does not inherit the client's defaults (HttpClient applies them only in its own helpers),
        // so copy them: a client configured for HTTP/2 must send HTTP/2.
        var request = new HttpRequestMessage(method, requestUri)
        {
            Content = content,
            Version = client.DefaultRequestVersion,
            VersionPolicy = client.DefaultVersionPolicy,
        };
        PackAccept.Set(request, accept);
        return request;
    }

    private static Task<TValue?> SendForPackAsync<TValue>(HttpClient client, HttpMethod method, Uri? requestUri, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        return ReadResultAsync<TValue>(client.SendAsync(CreateRequest(client, method, requestUri, PackAccept.Value), cancellationToken), options, cancellationToken);
    }

    private static Task<HttpResponseMessage> SendAsPackAsync<TValue>(HttpClient client, HttpMethod method, Uri? requestUri, TValue value, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        return SendWithJsonFallbackAsync(client, method, requestUri, value, options, cancellationToken);
    }

    private static Task<TResult?> SendAsPackAsync<TValue, TResult>(HttpClient client, HttpMethod method, Uri? requestUri, TValue value, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        return ReadResultAsync<TResult>(SendWithJsonFallbackAsync(client, method, requestUri, value, options, cancellationToken), options, cancellationToken);
    }

    private static async Task<HttpResponseMessage> SendWithJsonFallbackAsync<TValue>(
        HttpClient client,
        HttpMethod method,
        Uri? requestUri,
        TValue value,
        PackSerializerOptions? options,
        CancellationToken cancellationToken)
    {
        HttpRequestMessage request = CreateRequest(client, method, requestUri, PackAccept.Value, PackContent.Create(value, options));
        HttpResponseMessage response = await client.SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode != HttpStatusCode.UnsupportedMediaType)
        {
            return response;
        }

        // A server that is not upgraded yet refused the Pack body before acting on it; send the same value as JSON.
        response.Dispose();
        request.Dispose();
        HttpRequestMessage jsonRequest = CreateRequest(client, method, requestUri, PackAccept.Value, JsonContent.Create(value, mediaType: null, JsonSerializerOptions.Web));
        return await client.SendAsync(jsonRequest, cancellationToken).ConfigureAwait(false);
    }

    private static async Task<TResult?> ReadResultAsync<TResult>(Task<HttpResponseMessage> responseTask, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        using HttpResponseMessage response = await responseTask.ConfigureAwait(false);
        await response.EnsureSuccessStatusCodeAsync(cancellationToken).ConfigureAwait(false);
        if (response.StatusCode == HttpStatusCode.NoContent)
        {
            return default;
        }

        return await response.Content.ReadFromPackAsync<TResult>(options, cancellationToken).ConfigureAwait(false);
    }
}

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
        var request = new PackRequestMessage(method, requestUri)
        {
            Content = content,
            Version = client.DefaultRequestVersion,
            VersionPolicy = client.DefaultVersionPolicy,
        };
        request.Headers.TryAddWithoutValidation("Accept", accept); // A new request has no Accept to replace (PackAccept.Set).
        return request;
    }

    private static Task<TValue?> SendForPackAsync<TValue>(HttpClient client, HttpMethod method, Uri? requestUri, PackSerializerOptions? options, PackClientOptions? clientOptions, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client); // Thrown synchronously, before anything is sent.
        return SendForPackCoreAsync<TValue>(client, method, requestUri, options, clientOptions, cancellationToken);
    }

    private static async Task<TValue?> SendForPackCoreAsync<TValue>(HttpClient client, HttpMethod method, Uri? requestUri, PackSerializerOptions? options, PackClientOptions? clientOptions, CancellationToken cancellationToken)
    {
        // The timeout's source starts before the request, so the body's read ends within HttpClient.Timeout of the call's
        // start; the request itself gets the caller's token, as HttpClient enforces its Timeout on the send on its own
        // (a cancelable token there would make it link a second source to its own every call).
        using var timeout = LinkTimeout(client, cancellationToken);
        using HttpRequestMessage request = CreateRequest(client, method, requestUri, PackAccept.Value);
        using HttpResponseMessage response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        return await ReadResultAsync<TValue>(client, response, options, clientOptions, timeout?.Token ?? cancellationToken).ConfigureAwait(false);
    }

    private static Task<HttpResponseMessage> SendAsPackAsync<TValue>(HttpClient client, HttpMethod method, Uri? requestUri, TValue value, PackSerializerOptions? options, PackClientOptions? clientOptions, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        return SendWithJsonFallbackAsync(client, method, requestUri, value, options, clientOptions, HttpCompletionOption.ResponseContentRead, cancellationToken);
    }

    private static Task<TResult?> SendAsPackAsync<TValue, TResult>(HttpClient client, HttpMethod method, Uri? requestUri, TValue value, PackSerializerOptions? options, PackClientOptions? clientOptions, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client); // Thrown synchronously, before anything is sent.
        return SendAsPackCoreAsync<TValue, TResult>(client, method, requestUri, value, options, clientOptions, cancellationToken);
    }

    private static async Task<TResult?> SendAsPackCoreAsync<TValue, TResult>(HttpClient client, HttpMethod method, Uri? requestUri, TValue value, PackSerializerOptions? options, PackClientOptions? clientOptions, CancellationToken cancellationToken)
    {
        // The linked token bounds the body's send, a JSON retry after a 415 or a second send after a 412 and the read
        // together, so the whole call stays within HttpClient.Timeout however many requests it takes.
        using var timeout = LinkTimeout(client, cancellationToken);
        var token = timeout?.Token ?? cancellationToken;
        using HttpResponseMessage response = await SendWithJsonFallbackAsync(client, method, requestUri, value, options, clientOptions, HttpCompletionOption.ResponseHeadersRead, token).ConfigureAwait(false);
        return await ReadResultAsync<TResult>(client, response, options, clientOptions, token).ConfigureAwait(false);
    }

    private static async Task<HttpResponseMessage> SendWithJsonFallbackAsync<TValue>(
        HttpClient client,
        HttpMethod method,
        Uri? requestUri,
        TValue value,
        PackSerializerOptions? options,
        PackClientOptions? clientOptions,
        HttpCompletionOption completion,
        CancellationToken cancellationToken)
    {
        HttpRequestMessage request = CreateRequest(client, method, requestUri, PackAccept.Value, PackContent.Create(value, clientOptions?.SerializerOptions ?? options));
        ApplySchemaOption(request, clientOptions);
        HttpResponseMessage response = await client.SendAsync(request, completion, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode == HttpStatusCode.PreconditionFailed && await RegisterSchemaAsync(client, request, response, cancellationToken).ConfigureAwait(false))
        {
            // The server did not know the body's schema and has it now; the value is sent once more (docs/schema.md §5.2).
            response.Dispose();
            request.Dispose();
            request = CreateRequest(client, method, requestUri, PackAccept.Value, PackContent.Create(value, clientOptions?.SerializerOptions ?? options));
            ApplySchemaOption(request, clientOptions);
            response = await client.SendAsync(request, completion, cancellationToken).ConfigureAwait(false);
        }

        if (response.StatusCode != HttpStatusCode.UnsupportedMediaType)
        {
            return response;
        }

        // A server that is not upgraded yet refused the Pack body before acting on it; send the same value as JSON.
        response.Dispose();
        request.Dispose();
        JsonSerializerOptions json = PackClientOptions.Resolve(clientOptions, response.RequestMessage ?? request).JsonSerializerOptions;
        HttpRequestMessage jsonRequest = CreateRequest(client, method, requestUri, PackAccept.Value, JsonContent.Create(value, JsonTypeInfos.Get<TValue>(json)));
        return await client.SendAsync(jsonRequest, completion, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Per-call options that turn the request schema off take the header away (the client's are applied by <see cref="PackNegotiationHandler"/>).</summary>
    private static void ApplySchemaOption(HttpRequestMessage request, PackClientOptions? clientOptions)
    {
        if (clientOptions is not null)
        {
            RequestSchemaRegistration.Apply(request, clientOptions);
        }
    }

    /// <summary>Registers the body's schema after the server's 412 for it, through the same client (docs/schema.md §5.2).</summary>
    private static Task<bool> RegisterSchemaAsync(HttpClient client, HttpRequestMessage request, HttpResponseMessage response, CancellationToken cancellationToken) =>
        RequestSchemaRegistration.TryRegisterAsync(request, response, client.SendAsync, cancellationToken);

    /// <summary>Sends a stream body; on the server's 412 for its unknown schema, registers it so the next call is read (a stream cannot be sent again).</summary>
    private static async Task<HttpResponseMessage> SendStreamBodyAsync(HttpClient client, HttpRequestMessage request, HttpCompletionOption completion, CancellationToken cancellationToken)
    {
        HttpResponseMessage response = await client.SendAsync(request, completion, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode == HttpStatusCode.PreconditionFailed)
        {
            await RegisterSchemaAsync(client, request, response, cancellationToken).ConfigureAwait(false);
        }

        return response;
    }

    // ValueTasks, so that a body already buffered with the headers (a small response) is read without a Task per level.
    private static async ValueTask<TResult?> ReadResultAsync<TResult>(HttpClient client, HttpResponseMessage response, PackSerializerOptions? options, PackClientOptions? clientOptions, CancellationToken cancellationToken)
    {
        await response.EnsureSuccessStatusCodeAsync(cancellationToken).ConfigureAwait(false);
        if (response.StatusCode == HttpStatusCode.NoContent)
        {
            return default;
        }

        // Per-call options win; otherwise those PackNegotiationHandler recorded for this client, then the defaults.
        PackClientOptions resolved = clientOptions ?? PackClientOptions.WithSerializerOptions(options, response.RequestMessage);
        // The client fetches the server's schema set when the response's Pack-Schema is one it has not judged yet.
        return await HttpContentPackExtensions.ReadCoreAsync<TResult>(response.Content, resolved, response.StatusCode, response, client, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// With <see cref="HttpCompletionOption.ResponseHeadersRead"/>, <see cref="HttpClient.Timeout"/> stops applying once the
    /// headers arrive; a linked source keeps the whole call, body included, within it (as System.Net.Http.Json does).
    /// </summary>
    private static CancellationTokenSource? LinkTimeout(HttpClient client, CancellationToken cancellationToken)
    {
        if (client.Timeout == Timeout.InfiniteTimeSpan)
        {
            return null;
        }

        var source = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        source.CancelAfter(client.Timeout);
        return source;
    }
}

using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Pack.Client;

public static partial class HttpClientPackExtensions
{
    /// <summary>
    /// Sends an <c>HTTP GET</c> request and yields the items of the response as they arrive, without waiting for the
    /// whole body.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The request asks for <c>application/x-pack-stream, application/x-pack, application/json;q=0.9</c>. A Pack stream is
    /// read frame by frame, a JSON array element by element, and a whole Pack array at once.
    /// </para>
    /// <para>
    /// The response is read with <see cref="HttpCompletionOption.ResponseHeadersRead"/>, so
    /// <see cref="HttpClient.Timeout"/> covers only the wait for the headers: a stream may run for as long as it has
    /// items. Cancelling <paramref name="cancellationToken"/>, or leaving the loop early, disposes the response, which
    /// closes the connection; the server sees its request aborted.
    /// </para>
    /// </remarks>
    /// <typeparam name="TValue">The type of the items.</typeparam>
    /// <param name="client">The client that sends the request.</param>
    /// <param name="requestUri">The URI the request is sent to.</param>
    /// <param name="options">The Pack options, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request and the enumeration.</param>
    /// <returns>The items, in the order the server sent them.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="client"/> is <see langword="null"/>.</exception>
    /// <exception cref="PackApiException">The response status is not a success.</exception>
    /// <exception cref="Streaming.PackStreamException">The server sent an error frame in place of the rest of the stream.</exception>
    /// <exception cref="PackException">The stream is malformed or ended without an end frame.</exception>
    public static IAsyncEnumerable<TValue?> GetFromPackAsAsyncEnumerable<TValue>(this HttpClient client, Uri? requestUri, PackSerializerOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        return StreamCoreAsync<TValue>(client, requestUri, options, clientOptions: null, cancellationToken);
    }

    /// <inheritdoc cref="GetFromPackAsAsyncEnumerable{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    public static IAsyncEnumerable<TValue?> GetFromPackAsAsyncEnumerable<TValue>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        GetFromPackAsAsyncEnumerable<TValue>(client, CreateUri(requestUri), options, cancellationToken);

    /// <inheritdoc cref="GetFromPackAsAsyncEnumerable{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    public static IAsyncEnumerable<TValue?> GetFromPackAsAsyncEnumerable<TValue>(this HttpClient client, Uri? requestUri, CancellationToken cancellationToken = default) =>
        GetFromPackAsAsyncEnumerable<TValue>(client, requestUri, options: null, cancellationToken);

    /// <inheritdoc cref="GetFromPackAsAsyncEnumerable{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    public static IAsyncEnumerable<TValue?> GetFromPackAsAsyncEnumerable<TValue>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, CancellationToken cancellationToken = default) =>
        GetFromPackAsAsyncEnumerable<TValue>(client, CreateUri(requestUri), options: null, cancellationToken);

    private static async IAsyncEnumerable<TValue?> StreamCoreAsync<TValue>(
        HttpClient client,
        Uri? requestUri,
        PackSerializerOptions? options,
        PackClientOptions? clientOptions,
        [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using HttpRequestMessage request = CreateRequest(client, HttpMethod.Get, requestUri, PackAccept.StreamValue);
        using HttpResponseMessage response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        await response.EnsureSuccessStatusCodeAsync(cancellationToken).ConfigureAwait(false);

        var resolved = clientOptions ?? PackClientOptions.WithSerializerOptions(options, response.RequestMessage);
        await foreach (TValue? item in HttpContentPackExtensions.ReadSequenceCoreAsync<TValue>(response.Content, resolved, response, client, cancellationToken).ConfigureAwait(false))
        {
            yield return item;
        }
    }

    /// <inheritdoc cref="GetFromPackAsAsyncEnumerable{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    /// <remarks>The Pack and JSON options of <paramref name="clientOptions"/> apply to the request body, the JSON retry after a 415 and the response; <see langword="null"/> uses the client's options (set in DI) or the defaults.</remarks>
    public static IAsyncEnumerable<TValue?> GetFromPackAsAsyncEnumerable<TValue>(this HttpClient client, Uri? requestUri, PackClientOptions? clientOptions, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        return StreamCoreAsync<TValue>(client, requestUri, options: null, clientOptions, cancellationToken);
    }

    /// <inheritdoc cref="GetFromPackAsAsyncEnumerable{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    /// <remarks>The Pack and JSON options of <paramref name="clientOptions"/> apply to the request body, the JSON retry after a 415 and the response; <see langword="null"/> uses the client's options (set in DI) or the defaults.</remarks>
    public static IAsyncEnumerable<TValue?> GetFromPackAsAsyncEnumerable<TValue>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, PackClientOptions? clientOptions, CancellationToken cancellationToken = default) =>
        GetFromPackAsAsyncEnumerable<TValue>(client, CreateUri(requestUri), clientOptions, cancellationToken);
}

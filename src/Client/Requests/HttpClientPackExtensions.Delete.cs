using System.Diagnostics.CodeAnalysis;

namespace Pack.Client;

public static partial class HttpClientPackExtensions
{
    /// <summary>
    /// Sends an <c>HTTP DELETE</c> request asking for Pack (<c>Accept: application/x-pack, application/json;q=0.9</c>)
    /// and reads the response body as a <typeparamref name="TValue"/>: Pack, or JSON from a server that does not speak
    /// Pack yet.
    /// </summary>
    /// <remarks>
    /// The body is read from the connection into a pooled buffer and decoded there, up to
    /// <see cref="PackSerializerOptions.MaxPayloadLength"/> (<see cref="HttpClient.MaxResponseContentBufferSize"/> does not
    /// apply); <see cref="HttpClient.Timeout"/> covers the whole call, body included. For long sequences use
    /// <see cref="GetFromPackAsAsyncEnumerable{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>.
    /// </remarks>
    /// <typeparam name="TValue">The type to read.</typeparam>
    /// <param name="client">The client that sends the request.</param>
    /// <param name="requestUri">The URI the request is sent to.</param>
    /// <param name="options">The Pack options, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request and the read.</param>
    /// <returns>The value, or <see langword="default"/> when the response has no body.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="client"/> is <see langword="null"/>.</exception>
    /// <exception cref="PackApiException">The response status is not a success.</exception>
    /// <exception cref="NotSupportedException">The response is neither Pack nor JSON.</exception>
    public static Task<TValue?> DeleteFromPackAsync<TValue>(this HttpClient client, Uri? requestUri, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendForPackAsync<TValue>(client, HttpMethod.Delete, requestUri, options, clientOptions: null, cancellationToken);

    /// <inheritdoc cref="DeleteFromPackAsync{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TValue?> DeleteFromPackAsync<TValue>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        DeleteFromPackAsync<TValue>(client, CreateUri(requestUri), options, cancellationToken);

    /// <inheritdoc cref="DeleteFromPackAsync{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TValue?> DeleteFromPackAsync<TValue>(this HttpClient client, Uri? requestUri, CancellationToken cancellationToken = default) =>
        DeleteFromPackAsync<TValue>(client, requestUri, options: null, cancellationToken);

    /// <inheritdoc cref="DeleteFromPackAsync{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TValue?> DeleteFromPackAsync<TValue>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, CancellationToken cancellationToken = default) =>
        DeleteFromPackAsync<TValue>(client, CreateUri(requestUri), options: null, cancellationToken);

    /// <inheritdoc cref="DeleteFromPackAsync{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    /// <remarks>The Pack and JSON options of <paramref name="clientOptions"/> apply to the request body, the JSON retry after a 415 and the response; <see langword="null"/> uses the client's options (set in DI) or the defaults.</remarks>
    public static Task<TValue?> DeleteFromPackAsync<TValue>(this HttpClient client, Uri? requestUri, PackClientOptions? clientOptions, CancellationToken cancellationToken = default) =>
        SendForPackAsync<TValue>(client, HttpMethod.Delete, requestUri, options: null, clientOptions, cancellationToken);

    /// <inheritdoc cref="DeleteFromPackAsync{TValue}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    /// <remarks>The Pack and JSON options of <paramref name="clientOptions"/> apply to the request body, the JSON retry after a 415 and the response; <see langword="null"/> uses the client's options (set in DI) or the defaults.</remarks>
    public static Task<TValue?> DeleteFromPackAsync<TValue>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, PackClientOptions? clientOptions, CancellationToken cancellationToken = default) =>
        DeleteFromPackAsync<TValue>(client, CreateUri(requestUri), clientOptions, cancellationToken);
}

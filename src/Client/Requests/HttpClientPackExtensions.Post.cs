using System.Diagnostics.CodeAnalysis;

namespace Pack.Client;

public static partial class HttpClientPackExtensions
{
    /// <summary>
    /// Sends an <c>HTTP POST</c> request whose body is <paramref name="value"/> serialized as Pack, asking for Pack
    /// back (<c>Accept: application/x-pack, application/json;q=0.9</c>).
    /// </summary>
    /// <remarks>
    /// If the server answers <c>415 Unsupported Media Type</c> (it does not read Pack yet), the same value is sent once
    /// more as JSON. A 415 means the request was refused before it was acted on, so the retry is safe even for
    /// non-idempotent methods. The response is returned as is; check it with
    /// <see cref="HttpResponseMessagePackExtensions.EnsureSuccessStatusCodeAsync"/> and read it with
    /// <see cref="HttpContentPackExtensions.ReadFromPackAsync{T}(HttpContent, PackSerializerOptions?, CancellationToken)"/>.
    /// </remarks>
    /// <typeparam name="TValue">The type to serialize the value as.</typeparam>
    /// <param name="client">The client that sends the request.</param>
    /// <param name="requestUri">The URI the request is sent to.</param>
    /// <param name="value">The value to send.</param>
    /// <param name="options">The Pack options, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <returns>The response, whatever its status.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="client"/> is <see langword="null"/>.</exception>
    public static Task<HttpResponseMessage> PostAsPackAsync<TValue>(this HttpClient client, Uri? requestUri, TValue value, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendAsPackAsync(client, HttpMethod.Post, requestUri, value, options, clientOptions: null, cancellationToken);

    /// <inheritdoc cref="PostAsPackAsync{TValue}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>
    public static Task<HttpResponseMessage> PostAsPackAsync<TValue>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, TValue value, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        PostAsPackAsync(client, CreateUri(requestUri), value, options, cancellationToken);

    /// <inheritdoc cref="PostAsPackAsync{TValue}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>
    public static Task<HttpResponseMessage> PostAsPackAsync<TValue>(this HttpClient client, Uri? requestUri, TValue value, CancellationToken cancellationToken = default) =>
        PostAsPackAsync(client, requestUri, value, options: null, cancellationToken);

    /// <inheritdoc cref="PostAsPackAsync{TValue}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>
    public static Task<HttpResponseMessage> PostAsPackAsync<TValue>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, TValue value, CancellationToken cancellationToken = default) =>
        PostAsPackAsync(client, CreateUri(requestUri), value, options: null, cancellationToken);

    /// <summary>
    /// Sends an <c>HTTP POST</c> request whose body is <paramref name="value"/> serialized as Pack and reads the
    /// response body as a <typeparamref name="TResult"/> (Pack, or JSON from a server that does not speak Pack yet).
    /// </summary>
    /// <remarks>
    /// If the server answers <c>415 Unsupported Media Type</c>, the same value is sent once more as JSON (see
    /// <see cref="PostAsPackAsync{TValue}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>).
    /// </remarks>
    /// <typeparam name="TValue">The type to serialize the value as.</typeparam>
    /// <typeparam name="TResult">The type to read the response as.</typeparam>
    /// <param name="client">The client that sends the request.</param>
    /// <param name="requestUri">The URI the request is sent to.</param>
    /// <param name="value">The value to send.</param>
    /// <param name="options">The Pack options for the request and the response, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request and the read.</param>
    /// <returns>The response value, or <see langword="default"/> when the response has no body.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="client"/> is <see langword="null"/>.</exception>
    /// <exception cref="PackApiException">The response status is not a success.</exception>
    /// <exception cref="NotSupportedException">The response is neither Pack nor JSON.</exception>
    public static Task<TResult?> PostAsPackAsync<TValue, TResult>(this HttpClient client, Uri? requestUri, TValue value, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendAsPackAsync<TValue, TResult>(client, HttpMethod.Post, requestUri, value, options, clientOptions: null, cancellationToken);

    /// <inheritdoc cref="PostAsPackAsync{TValue, TResult}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TResult?> PostAsPackAsync<TValue, TResult>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, TValue value, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        PostAsPackAsync<TValue, TResult>(client, CreateUri(requestUri), value, options, cancellationToken);

    /// <inheritdoc cref="PostAsPackAsync{TValue, TResult}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TResult?> PostAsPackAsync<TValue, TResult>(this HttpClient client, Uri? requestUri, TValue value, CancellationToken cancellationToken = default) =>
        PostAsPackAsync<TValue, TResult>(client, requestUri, value, options: null, cancellationToken);

    /// <inheritdoc cref="PostAsPackAsync{TValue, TResult}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TResult?> PostAsPackAsync<TValue, TResult>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, TValue value, CancellationToken cancellationToken = default) =>
        PostAsPackAsync<TValue, TResult>(client, CreateUri(requestUri), value, options: null, cancellationToken);

    /// <inheritdoc cref="PostAsPackAsync{TValue}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>
    /// <remarks>The Pack and JSON options of <paramref name="clientOptions"/> apply to the request body, the JSON retry after a 415 and the response; <see langword="null"/> uses the client's options (set in DI) or the defaults.</remarks>
    public static Task<HttpResponseMessage> PostAsPackAsync<TValue>(this HttpClient client, Uri? requestUri, TValue value, PackClientOptions? clientOptions, CancellationToken cancellationToken = default) =>
        SendAsPackAsync(client, HttpMethod.Post, requestUri, value, options: null, clientOptions, cancellationToken);

    /// <inheritdoc cref="PostAsPackAsync{TValue}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>
    /// <remarks>The Pack and JSON options of <paramref name="clientOptions"/> apply to the request body, the JSON retry after a 415 and the response; <see langword="null"/> uses the client's options (set in DI) or the defaults.</remarks>
    public static Task<HttpResponseMessage> PostAsPackAsync<TValue>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, TValue value, PackClientOptions? clientOptions, CancellationToken cancellationToken = default) =>
        PostAsPackAsync(client, CreateUri(requestUri), value, clientOptions, cancellationToken);

    /// <inheritdoc cref="PostAsPackAsync{TValue, TResult}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>
    /// <remarks>The Pack and JSON options of <paramref name="clientOptions"/> apply to the request body, the JSON retry after a 415 and the response; <see langword="null"/> uses the client's options (set in DI) or the defaults.</remarks>
    public static Task<TResult?> PostAsPackAsync<TValue, TResult>(this HttpClient client, Uri? requestUri, TValue value, PackClientOptions? clientOptions, CancellationToken cancellationToken = default) =>
        SendAsPackAsync<TValue, TResult>(client, HttpMethod.Post, requestUri, value, options: null, clientOptions, cancellationToken);

    /// <inheritdoc cref="PostAsPackAsync{TValue, TResult}(HttpClient, Uri?, TValue, PackSerializerOptions?, CancellationToken)"/>
    /// <remarks>The Pack and JSON options of <paramref name="clientOptions"/> apply to the request body, the JSON retry after a 415 and the response; <see langword="null"/> uses the client's options (set in DI) or the defaults.</remarks>
    public static Task<TResult?> PostAsPackAsync<TValue, TResult>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, TValue value, PackClientOptions? clientOptions, CancellationToken cancellationToken = default) =>
        PostAsPackAsync<TValue, TResult>(client, CreateUri(requestUri), value, clientOptions, cancellationToken);
}

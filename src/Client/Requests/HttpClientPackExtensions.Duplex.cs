using System.Diagnostics.CodeAnalysis;

namespace Pack.Client;

public static partial class HttpClientPackExtensions
{
    /// <summary>
    /// Opens a bidirectional streaming call driven by the caller (an <c>HTTP POST</c> whose request and response bodies
    /// are Pack streams): write each request item with <see cref="PackDuplexCall{TRequest, TResponse}.WriteAsync"/>, read
    /// the answers with <see cref="PackDuplexCall{TRequest, TResponse}.MoveNextAsync"/> or
    /// <see cref="PackDuplexCall{TRequest, TResponse}.ReadAllAsync"/>, end the request stream with
    /// <see cref="PackDuplexCall{TRequest, TResponse}.CompleteAsync"/>, and dispose the call.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The call is returned once the request is sent and its body can be written, without waiting for the response
    /// headers: a server may send them only with its first answer, after the first item. The first read waits for them
    /// (within <see cref="HttpClient.Timeout"/>, which covers only that wait) and throws the response's error, if any.
    /// </para>
    /// <para>
    /// A conversation (each answer read before the next item is written) needs HTTP/2: set
    /// <c>DefaultRequestVersion = HttpVersion.Version20</c> and, for <c>http://</c> (h2c),
    /// <c>DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact</c>. Over HTTP/1.1 <see cref="HttpClient"/> shows
    /// the response only after the request stream has been completed (half-duplex): write every item, complete, then
    /// read; a Pack server whose endpoint streams while it reads answers 400 "Bidirectional streaming needs HTTP/2.",
    /// thrown by the first read, as for <c>StreamPackAsync</c>.
    /// </para>
    /// <para>
    /// This is the caller-driven form of
    /// <see cref="StreamPackAsync{TIn, TOut}(HttpClient, Uri?, IAsyncEnumerable{TIn}, PackSerializerOptions?, CancellationToken)"/>,
    /// with the same handlers, errors, schema check, deadline and metrics; each write goes to the connection from the
    /// caller's thread, with no producer to wake in between.
    /// </para>
    /// </remarks>
    /// <typeparam name="TRequest">The type of the items sent.</typeparam>
    /// <typeparam name="TResponse">The type of the items received.</typeparam>
    /// <param name="client">The client that sends the request.</param>
    /// <param name="requestUri">The URI the request is sent to.</param>
    /// <param name="options">The Pack options for both streams, or <see langword="null"/> for the client's options or the defaults.</param>
    /// <param name="cancellationToken">Cancels the call in both directions, for as long as it lasts.</param>
    /// <returns>The open call; dispose it.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="client"/> is <see langword="null"/>.</exception>
    /// <exception cref="HttpRequestException">The request could not be sent.</exception>
    /// <exception cref="PackDeadlineExceededException">The call's deadline expired before the request body could be written.</exception>
    public static Task<PackDuplexCall<TRequest, TResponse>> OpenPackStreamAsync<TRequest, TResponse>(this HttpClient client, Uri? requestUri, PackSerializerOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        return OpenDuplexAsync<TRequest, TResponse>(client, requestUri, options, cancellationToken);
    }

    /// <inheritdoc cref="OpenPackStreamAsync{TRequest, TResponse}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    public static Task<PackDuplexCall<TRequest, TResponse>> OpenPackStreamAsync<TRequest, TResponse>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        OpenPackStreamAsync<TRequest, TResponse>(client, CreateUri(requestUri), options, cancellationToken);

    /// <inheritdoc cref="OpenPackStreamAsync{TRequest, TResponse}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    public static Task<PackDuplexCall<TRequest, TResponse>> OpenPackStreamAsync<TRequest, TResponse>(this HttpClient client, Uri? requestUri, CancellationToken cancellationToken = default) =>
        OpenPackStreamAsync<TRequest, TResponse>(client, requestUri, options: null, cancellationToken);

    /// <inheritdoc cref="OpenPackStreamAsync{TRequest, TResponse}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>
    public static Task<PackDuplexCall<TRequest, TResponse>> OpenPackStreamAsync<TRequest, TResponse>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, CancellationToken cancellationToken = default) =>
        OpenPackStreamAsync<TRequest, TResponse>(client, CreateUri(requestUri), options: null, cancellationToken);

    private static async Task<PackDuplexCall<TRequest, TResponse>> OpenDuplexAsync<TRequest, TResponse>(HttpClient client, Uri? requestUri, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        var call = new PackDuplexCall<TRequest, TResponse>(client, options, cancellationToken);
        try
        {
            // The request is disposed with the call: the response keeps a reference to it.
            HttpRequestMessage request = CreateRequest(client, HttpMethod.Post, requestUri, PackAccept.StreamValue, call.Content);
            await call.StartAsync(request, (message, token) => SendStreamBodyAsync(client, message, HttpCompletionOption.ResponseHeadersRead, token)).ConfigureAwait(false);
            return call;
        }
        catch
        {
            await call.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }
}

using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Pack.Client;

public static partial class HttpClientPackExtensions
{
    /// <summary>
    /// Sends an <c>HTTP POST</c> request whose body is <paramref name="items"/> as a Pack stream
    /// (<c>application/x-pack-stream</c>), each item sent as it is produced (client streaming), and returns the response.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The upload is never buffered whole (see <see cref="PackStreamContent"/>): HTTP/1.1 sends it chunked, HTTP/2 as a
    /// stream. <see cref="HttpClient.Timeout"/> covers the whole upload and the response headers; cancelling
    /// <paramref name="cancellationToken"/> stops the upload and cancels the sequence's enumeration.
    /// </para>
    /// <para>
    /// There is no JSON retry after a 415, as there is for <c>PostAsPackAsync</c>: a sequence cannot be replayed.
    /// </para>
    /// </remarks>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="client">The client that sends the request.</param>
    /// <param name="requestUri">The URI the request is sent to.</param>
    /// <param name="items">The items to send.</param>
    /// <param name="options">The Pack options, or <see langword="null"/> for the client's options or <see cref="PackSerializerOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request and the enumeration of <paramref name="items"/>.</param>
    /// <returns>The response, whatever its status.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="client"/> or <paramref name="items"/> is <see langword="null"/>.</exception>
    /// <exception cref="HttpRequestException">The upload failed; when <paramref name="items"/> threw, its exception is the inner exception.</exception>
    public static Task<HttpResponseMessage> PostAsPackStreamAsync<T>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendStreamAsync(client, HttpMethod.Post, requestUri, items, options, cancellationToken);

    /// <inheritdoc cref="PostAsPackStreamAsync{T}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<HttpResponseMessage> PostAsPackStreamAsync<T>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendStreamAsync(client, HttpMethod.Post, CreateUri(requestUri), items, options, cancellationToken);

    /// <inheritdoc cref="PostAsPackStreamAsync{T}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<HttpResponseMessage> PostAsPackStreamAsync<T>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<T> items, CancellationToken cancellationToken = default) =>
        SendStreamAsync(client, HttpMethod.Post, requestUri, items, options: null, cancellationToken);

    /// <inheritdoc cref="PostAsPackStreamAsync{T}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<HttpResponseMessage> PostAsPackStreamAsync<T>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, IAsyncEnumerable<T> items, CancellationToken cancellationToken = default) =>
        SendStreamAsync(client, HttpMethod.Post, CreateUri(requestUri), items, options: null, cancellationToken);

    /// <summary>
    /// Sends an <c>HTTP POST</c> request whose body is <paramref name="items"/> as a Pack stream, each item sent as it is
    /// produced, and reads the response body as a <typeparamref name="TResult"/>.
    /// </summary>
    /// <remarks>See <see cref="PostAsPackStreamAsync{T}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>.</remarks>
    /// <typeparam name="T">The item type.</typeparam>
    /// <typeparam name="TResult">The type to read the response as.</typeparam>
    /// <param name="client">The client that sends the request.</param>
    /// <param name="requestUri">The URI the request is sent to.</param>
    /// <param name="items">The items to send.</param>
    /// <param name="options">The Pack options for the request and the response, or <see langword="null"/> for the client's options or the defaults.</param>
    /// <param name="cancellationToken">Cancels the request, the enumeration of <paramref name="items"/> and the read.</param>
    /// <returns>The response value, or <see langword="default"/> when the response has no body.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="client"/> or <paramref name="items"/> is <see langword="null"/>.</exception>
    /// <exception cref="PackApiException">The response status is not a success (a rejected stream is a 400 or 413 problem).</exception>
    /// <exception cref="HttpRequestException">The upload failed; when <paramref name="items"/> threw, its exception is the inner exception.</exception>
    public static Task<TResult?> PostAsPackStreamAsync<T, TResult>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendStreamAsync<T, TResult>(client, HttpMethod.Post, requestUri, items, options, cancellationToken);

    /// <inheritdoc cref="PostAsPackStreamAsync{T, TResult}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TResult?> PostAsPackStreamAsync<T, TResult>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendStreamAsync<T, TResult>(client, HttpMethod.Post, CreateUri(requestUri), items, options, cancellationToken);

    /// <inheritdoc cref="PostAsPackStreamAsync{T, TResult}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TResult?> PostAsPackStreamAsync<T, TResult>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<T> items, CancellationToken cancellationToken = default) =>
        SendStreamAsync<T, TResult>(client, HttpMethod.Post, requestUri, items, options: null, cancellationToken);

    /// <inheritdoc cref="PostAsPackStreamAsync{T, TResult}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TResult?> PostAsPackStreamAsync<T, TResult>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, IAsyncEnumerable<T> items, CancellationToken cancellationToken = default) =>
        SendStreamAsync<T, TResult>(client, HttpMethod.Post, CreateUri(requestUri), items, options: null, cancellationToken);

    /// <summary>Sends an <c>HTTP PUT</c> request whose body is <paramref name="items"/> as a Pack stream, and returns the response.</summary>
    /// <remarks>See <see cref="PostAsPackStreamAsync{T}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>.</remarks>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="client">The client that sends the request.</param>
    /// <param name="requestUri">The URI the request is sent to.</param>
    /// <param name="items">The items to send.</param>
    /// <param name="options">The Pack options, or <see langword="null"/> for the client's options or <see cref="PackSerializerOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request and the enumeration of <paramref name="items"/>.</param>
    /// <returns>The response, whatever its status.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="client"/> or <paramref name="items"/> is <see langword="null"/>.</exception>
    public static Task<HttpResponseMessage> PutAsPackStreamAsync<T>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendStreamAsync(client, HttpMethod.Put, requestUri, items, options, cancellationToken);

    /// <inheritdoc cref="PutAsPackStreamAsync{T}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<HttpResponseMessage> PutAsPackStreamAsync<T>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendStreamAsync(client, HttpMethod.Put, CreateUri(requestUri), items, options, cancellationToken);

    /// <inheritdoc cref="PutAsPackStreamAsync{T}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<HttpResponseMessage> PutAsPackStreamAsync<T>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<T> items, CancellationToken cancellationToken = default) =>
        SendStreamAsync(client, HttpMethod.Put, requestUri, items, options: null, cancellationToken);

    /// <inheritdoc cref="PutAsPackStreamAsync{T}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<HttpResponseMessage> PutAsPackStreamAsync<T>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, IAsyncEnumerable<T> items, CancellationToken cancellationToken = default) =>
        SendStreamAsync(client, HttpMethod.Put, CreateUri(requestUri), items, options: null, cancellationToken);

    /// <summary>Sends an <c>HTTP PUT</c> request whose body is <paramref name="items"/> as a Pack stream, and reads the response body as a <typeparamref name="TResult"/>.</summary>
    /// <remarks>See <see cref="PostAsPackStreamAsync{T}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>.</remarks>
    /// <typeparam name="T">The item type.</typeparam>
    /// <typeparam name="TResult">The type to read the response as.</typeparam>
    /// <param name="client">The client that sends the request.</param>
    /// <param name="requestUri">The URI the request is sent to.</param>
    /// <param name="items">The items to send.</param>
    /// <param name="options">The Pack options for the request and the response, or <see langword="null"/> for the client's options or the defaults.</param>
    /// <param name="cancellationToken">Cancels the request, the enumeration of <paramref name="items"/> and the read.</param>
    /// <returns>The response value, or <see langword="default"/> when the response has no body.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="client"/> or <paramref name="items"/> is <see langword="null"/>.</exception>
    /// <exception cref="PackApiException">The response status is not a success.</exception>
    public static Task<TResult?> PutAsPackStreamAsync<T, TResult>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendStreamAsync<T, TResult>(client, HttpMethod.Put, requestUri, items, options, cancellationToken);

    /// <inheritdoc cref="PutAsPackStreamAsync{T, TResult}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TResult?> PutAsPackStreamAsync<T, TResult>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        SendStreamAsync<T, TResult>(client, HttpMethod.Put, CreateUri(requestUri), items, options, cancellationToken);

    /// <inheritdoc cref="PutAsPackStreamAsync{T, TResult}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TResult?> PutAsPackStreamAsync<T, TResult>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<T> items, CancellationToken cancellationToken = default) =>
        SendStreamAsync<T, TResult>(client, HttpMethod.Put, requestUri, items, options: null, cancellationToken);

    /// <inheritdoc cref="PutAsPackStreamAsync{T, TResult}(HttpClient, Uri?, IAsyncEnumerable{T}, PackSerializerOptions?, CancellationToken)"/>
    public static Task<TResult?> PutAsPackStreamAsync<T, TResult>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, IAsyncEnumerable<T> items, CancellationToken cancellationToken = default) =>
        SendStreamAsync<T, TResult>(client, HttpMethod.Put, CreateUri(requestUri), items, options: null, cancellationToken);

    /// <summary>
    /// A bidirectional streaming call: sends <paramref name="items"/> as a Pack stream in an <c>HTTP POST</c> request and
    /// yields the items of the response stream as they arrive, while the upload is still going on.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Over HTTP/2 the two directions are independent (full duplex): a response item can arrive before the next request
    /// item is produced, so a call can be a conversation (each request item answered before the next is sent). Over
    /// HTTP/1.1 the call is half-duplex: <see cref="HttpClient"/> shows the response only after the upload has ended (and
    /// proxies may hold it until then too), so only a call that does not wait for answers before it sends on (an upload
    /// that is echoed, transformed or summarized) works there; a Pack endpoint that streams while it reads answers 400
    /// "Bidirectional streaming needs HTTP/2." (docs/aspnetcore.md).
    /// </para>
    /// <para>
    /// <see cref="HttpClient.Timeout"/> covers only the wait for the response headers, which the server sends with its
    /// first item. Leaving the loop early, or cancelling <paramref name="cancellationToken"/>, disposes the response,
    /// which cancels the upload and the enumeration of <paramref name="items"/>; the server sees its request aborted.
    /// </para>
    /// </remarks>
    /// <typeparam name="TIn">The type of the items sent.</typeparam>
    /// <typeparam name="TOut">The type of the items received.</typeparam>
    /// <param name="client">The client that sends the request.</param>
    /// <param name="requestUri">The URI the request is sent to.</param>
    /// <param name="items">The items to send.</param>
    /// <param name="options">The Pack options for both streams, or <see langword="null"/> for the client's options or the defaults.</param>
    /// <param name="cancellationToken">Cancels the call in both directions.</param>
    /// <returns>The items of the response, in the order the server sent them.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="client"/> or <paramref name="items"/> is <see langword="null"/>.</exception>
    /// <exception cref="PackApiException">The response status is not a success (a rejected request stream is a 400 or 413 problem).</exception>
    /// <exception cref="Streaming.PackStreamException">The server sent an error frame in place of the rest of the stream.</exception>
    /// <exception cref="PackException">The response stream is malformed or ended without an end frame.</exception>
    public static IAsyncEnumerable<TOut?> StreamPackAsync<TIn, TOut>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<TIn> items, PackSerializerOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        ArgumentNullException.ThrowIfNull(items);
        return StreamBothWaysAsync<TIn, TOut>(client, requestUri, items, options, cancellationToken);
    }

    /// <inheritdoc cref="StreamPackAsync{TIn, TOut}(HttpClient, Uri?, IAsyncEnumerable{TIn}, PackSerializerOptions?, CancellationToken)"/>
    public static IAsyncEnumerable<TOut?> StreamPackAsync<TIn, TOut>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, IAsyncEnumerable<TIn> items, PackSerializerOptions? options, CancellationToken cancellationToken = default) =>
        StreamPackAsync<TIn, TOut>(client, CreateUri(requestUri), items, options, cancellationToken);

    /// <inheritdoc cref="StreamPackAsync{TIn, TOut}(HttpClient, Uri?, IAsyncEnumerable{TIn}, PackSerializerOptions?, CancellationToken)"/>
    public static IAsyncEnumerable<TOut?> StreamPackAsync<TIn, TOut>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<TIn> items, CancellationToken cancellationToken = default) =>
        StreamPackAsync<TIn, TOut>(client, requestUri, items, options: null, cancellationToken);

    /// <inheritdoc cref="StreamPackAsync{TIn, TOut}(HttpClient, Uri?, IAsyncEnumerable{TIn}, PackSerializerOptions?, CancellationToken)"/>
    public static IAsyncEnumerable<TOut?> StreamPackAsync<TIn, TOut>(this HttpClient client, [StringSyntax(StringSyntaxAttribute.Uri)] string? requestUri, IAsyncEnumerable<TIn> items, CancellationToken cancellationToken = default) =>
        StreamPackAsync<TIn, TOut>(client, CreateUri(requestUri), items, options: null, cancellationToken);

    private static Task<HttpResponseMessage> SendStreamAsync<T>(HttpClient client, HttpMethod method, Uri? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        ArgumentNullException.ThrowIfNull(items);
        return SendStreamCoreAsync(client, method, requestUri, items, options, cancellationToken);
    }

    private static async Task<HttpResponseMessage> SendStreamCoreAsync<T>(HttpClient client, HttpMethod method, Uri? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        // The request is not disposed here: the response keeps a reference to it, and disposing it would dispose the content.
        using var answered = new CancellationTokenSource();
        var content = PackStreamContent.Create(items, options);
        content.Abandoned = answered.Token;
        HttpRequestMessage request = CreateRequest(client, method, requestUri, PackAccept.Value, content);
        try
        {
            return await SendStreamBodyAsync(client, request, HttpCompletionOption.ResponseContentRead, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            // The whole response is here, so the server reads no more of the upload: over HTTP/2 (full duplex) it may still
            // be running, and it stops now with its producer, whether or not the handler cancels the body when the server
            // resets the stream. Over HTTP/1.1 the upload has already ended.
            await answered.CancelAsync().ConfigureAwait(false);
        }
    }

    private static Task<TResult?> SendStreamAsync<T, TResult>(HttpClient client, HttpMethod method, Uri? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        ArgumentNullException.ThrowIfNull(items);
        return SendStreamCoreAsync<T, TResult>(client, method, requestUri, items, options, cancellationToken);
    }

    private static async Task<TResult?> SendStreamCoreAsync<T, TResult>(HttpClient client, HttpMethod method, Uri? requestUri, IAsyncEnumerable<T> items, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        using var timeout = LinkTimeout(client, cancellationToken);
        var token = timeout?.Token ?? cancellationToken;
        using var answered = new CancellationTokenSource();
        var content = PackStreamContent.Create(items, options);
        content.Abandoned = answered.Token;
        using HttpRequestMessage request = CreateRequest(client, method, requestUri, PackAccept.Value, content);
        try
        {
            using HttpResponseMessage response = await SendStreamBodyAsync(client, request, HttpCompletionOption.ResponseHeadersRead, token).ConfigureAwait(false);
            return await ReadResultAsync<TResult>(client, response, options, clientOptions: null, token).ConfigureAwait(false);
        }
        finally
        {
            // The result has been read (or the call failed): the server reads no more of the upload (see above).
            await answered.CancelAsync().ConfigureAwait(false);
        }
    }

    private static async IAsyncEnumerable<TOut?> StreamBothWaysAsync<TIn, TOut>(
        HttpClient client,
        Uri? requestUri,
        IAsyncEnumerable<TIn> items,
        PackSerializerOptions? options,
        [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        // Leaving the answers early (a break, an exception, a disposed enumerator) stops the upload, its producer and a
        // pending read of the answers before anything is disposed: disposing an HTTP/2 response mid-stream does not
        // always cancel the request body's token, and a read waiting for an answer the server will only send after the
        // next item (which the producer may never give) would keep the disposal waiting.
        using var abandoned = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var content = PackStreamContent.Create(items, options);
        content.Abandoned = abandoned.Token;
        using HttpRequestMessage request = CreateRequest(client, HttpMethod.Post, requestUri, PackAccept.StreamValue, content);
        using HttpResponseMessage response = await SendStreamBodyAsync(client, request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        await response.EnsureSuccessStatusCodeAsync(cancellationToken).ConfigureAwait(false);

        var resolved = PackClientOptions.WithSerializerOptions(options, response.RequestMessage);
        var answers = HttpContentPackExtensions.ReadSequenceCoreAsync<TOut>(response.Content, resolved, response, client, abandoned.Token).GetAsyncEnumerator(abandoned.Token);
        try
        {
            while (await answers.MoveNextAsync().ConfigureAwait(false))
            {
                yield return answers.Current;
            }
        }
        finally
        {
            // Before the answers' enumerator and the response are disposed. After the answers ended normally the upload
            // has ended too (the server read it to its end first), so this cancels nothing then.
            await abandoned.CancelAsync().ConfigureAwait(false);
            await answers.DisposeAsync().ConfigureAwait(false);
        }
    }
}

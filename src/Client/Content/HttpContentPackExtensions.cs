using System.Net;
using System.Runtime.CompilerServices;
using System.Text.Json;
using Pack.Streaming;

namespace Pack.Client;

/// <summary>Reads HTTP content that is Pack, a Pack stream, or JSON from a server that does not speak Pack yet.</summary>
public static class HttpContentPackExtensions
{
    /// <summary>Reads the content as a <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="content">The content to read.</param>
    /// <param name="options">The Pack options, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>
    /// The value. <c>application/x-pack</c> is read with <see cref="PackSerializer"/>; <c>application/x-pack-stream</c>,
    /// when <typeparamref name="T"/> is an array or a collection (<c>List&lt;TItem&gt;</c>, <c>IEnumerable&lt;TItem&gt;</c>,
    /// <c>IReadOnlyList&lt;TItem&gt;</c>, a type with a constructor taking <c>IEnumerable&lt;TItem&gt;</c>), by collecting
    /// its item frames; <c>application/json</c> and any <c>+json</c> type with <see cref="JsonSerializer"/> and
    /// <see cref="JsonSerializerOptions.Web"/>. Empty content (<c>Content-Length: 0</c>) reads as <see langword="default"/>.
    /// </returns>
    /// <exception cref="NotSupportedException">The content type is neither Pack, a Pack stream nor JSON.</exception>
    /// <exception cref="PackContentException">
    /// The body is malformed or does not fit <typeparamref name="T"/> (the decoder's <see cref="PackException"/> or
    /// <see cref="JsonException"/> is the inner exception), or it is a Pack stream and <typeparamref name="T"/> is not a collection.
    /// </exception>
    /// <exception cref="Streaming.PackStreamException">The Pack stream ended with an error frame from the server.</exception>
    public static Task<T?> ReadFromPackAsync<T>(this HttpContent content, PackSerializerOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        return ReadCoreAsync<T>(content, PackClientOptions.WithSerializerOptions(options, request: null), statusCode: null, response: null, schemaClient: null, cancellationToken).AsTask();
    }

    /// <summary>Reads the content as a <typeparamref name="T"/>, with the Pack and JSON options of <paramref name="clientOptions"/>.</summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="content">The content to read.</param>
    /// <param name="clientOptions">The Pack and JSON options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>The value; see <see cref="ReadFromPackAsync{T}(HttpContent, PackSerializerOptions?, CancellationToken)"/>, with <see cref="PackClientOptions.JsonSerializerOptions"/> for JSON.</returns>
    /// <exception cref="NotSupportedException">The content type is neither Pack, a Pack stream nor JSON.</exception>
    /// <exception cref="PackContentException">The body is malformed or does not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="Streaming.PackStreamException">The Pack stream ended with an error frame from the server.</exception>
    public static Task<T?> ReadFromPackAsync<T>(this HttpContent content, PackClientOptions? clientOptions, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        return ReadCoreAsync<T>(content, clientOptions ?? PackClientOptions.Default, statusCode: null, response: null, schemaClient: null, cancellationToken).AsTask();
    }

    /// <summary>
    /// Reads the content of <paramref name="responseSchema"/>'s response as a <typeparamref name="T"/>, after checking the
    /// response's <c>Pack-Schema</c> header against <typeparamref name="T"/> (docs/schema.md §5.1).
    /// </summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="content">The content to read: the response's, or a wrapper around it.</param>
    /// <param name="responseSchema">The response and the client that fetches the server's schema; <see langword="null"/> reads unchecked.</param>
    /// <param name="clientOptions">The Pack and JSON options and the check's options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the check and the read.</param>
    /// <returns>The value; see <see cref="ReadFromPackAsync{T}(HttpContent, PackSerializerOptions?, CancellationToken)"/>.</returns>
    /// <exception cref="PackSchemaMismatchException">The server's contract cannot be read as <typeparamref name="T"/> (for a Pack stream, as its item type); nothing was read.</exception>
    /// <exception cref="NotSupportedException">The content type is neither Pack, a Pack stream nor JSON.</exception>
    /// <exception cref="PackContentException">The body is malformed or does not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="Streaming.PackStreamException">The Pack stream ended with an error frame from the server.</exception>
    public static Task<T?> ReadFromPackAsync<T>(this HttpContent content, PackResponseSchema? responseSchema, PackClientOptions? clientOptions, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        return ReadCoreAsync<T>(
            content,
            clientOptions ?? PackClientOptions.Default,
            responseSchema?.Response.StatusCode,
            responseSchema?.Response,
            responseSchema?.SchemaClient,
            cancellationToken).AsTask();
    }

    /// <inheritdoc cref="ReadFromPackAsync{T}(HttpContent, PackSerializerOptions?, CancellationToken)"/>
    public static Task<T?> ReadFromPackAsync<T>(this HttpContent content, CancellationToken cancellationToken = default) =>
        ReadFromPackAsync<T>(content, options: null, cancellationToken);

    /// <summary>Reads the content as a sequence of <typeparamref name="T"/>, yielding each item as soon as it has arrived.</summary>
    /// <typeparam name="T">The type of the items.</typeparam>
    /// <param name="content">The content to read.</param>
    /// <param name="options">The Pack options, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    /// <returns>
    /// The items. <c>application/x-pack-stream</c> is read frame by frame with <see cref="PackStream"/>; a JSON array is
    /// read element by element; a whole <c>application/x-pack</c> array is read and then yielded.
    /// </returns>
    /// <exception cref="PackStreamException">The server sent an error frame in place of the rest of the stream.</exception>
    /// <exception cref="PackException">The stream is malformed or ended without an end frame.</exception>
    /// <exception cref="NotSupportedException">The content type is neither Pack nor JSON.</exception>
    public static IAsyncEnumerable<T?> ReadFromPackAsAsyncEnumerable<T>(this HttpContent content, PackSerializerOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        return ReadSequenceCoreAsync<T>(content, PackClientOptions.WithSerializerOptions(options, request: null), response: null, schemaClient: null, cancellationToken);
    }

    /// <summary>Reads the content as a sequence of <typeparamref name="T"/>, with the Pack and JSON options of <paramref name="clientOptions"/>.</summary>
    /// <typeparam name="T">The type of the items.</typeparam>
    /// <param name="content">The content to read.</param>
    /// <param name="clientOptions">The Pack and JSON options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    /// <returns>The items; see <see cref="ReadFromPackAsAsyncEnumerable{T}(HttpContent, PackSerializerOptions?, CancellationToken)"/>.</returns>
    public static IAsyncEnumerable<T?> ReadFromPackAsAsyncEnumerable<T>(this HttpContent content, PackClientOptions? clientOptions, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        return ReadSequenceCoreAsync<T>(content, clientOptions ?? PackClientOptions.Default, response: null, schemaClient: null, cancellationToken);
    }

    /// <summary>
    /// Reads the content of <paramref name="responseSchema"/>'s response as a sequence of <typeparamref name="T"/>, after
    /// checking the response's <c>Pack-Schema</c> header against the item type (docs/schema.md §5.1) before the first item.
    /// </summary>
    /// <typeparam name="T">The type of the items.</typeparam>
    /// <param name="content">The content to read: the response's, or a wrapper around it or its stream.</param>
    /// <param name="responseSchema">The response and the client that fetches the server's schema; <see langword="null"/> reads unchecked.</param>
    /// <param name="clientOptions">The Pack and JSON options and the check's options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the check and the enumeration.</param>
    /// <returns>The items; see <see cref="ReadFromPackAsAsyncEnumerable{T}(HttpContent, PackSerializerOptions?, CancellationToken)"/>.</returns>
    /// <exception cref="PackSchemaMismatchException">The server's contract cannot be read as <typeparamref name="T"/>; no item was read.</exception>
    public static IAsyncEnumerable<T?> ReadFromPackAsAsyncEnumerable<T>(this HttpContent content, PackResponseSchema? responseSchema, PackClientOptions? clientOptions, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        return ReadSequenceCoreAsync<T>(content, clientOptions ?? PackClientOptions.Default, responseSchema?.Response, responseSchema?.SchemaClient, cancellationToken);
    }

    /// <inheritdoc cref="ReadFromPackAsAsyncEnumerable{T}(HttpContent, PackSerializerOptions?, CancellationToken)"/>
    public static IAsyncEnumerable<T?> ReadFromPackAsAsyncEnumerable<T>(this HttpContent content, CancellationToken cancellationToken = default) =>
        ReadFromPackAsAsyncEnumerable<T>(content, options: null, cancellationToken);

    /// <summary>Reads <paramref name="content"/>; given the <paramref name="response"/> and a <paramref name="schemaClient"/>, after checking its <c>Pack-Schema</c>.</summary>
    internal static async ValueTask<T?> ReadCoreAsync<T>(
        HttpContent content,
        PackClientOptions options,
        HttpStatusCode? statusCode,
        HttpResponseMessage? response,
        HttpMessageInvoker? schemaClient,
        CancellationToken cancellationToken)
    {
        if (content.Headers.ContentLength == 0)
        {
            return default;
        }

        PackMediaKind kind = PackAccept.Classify(content);
        if (kind == PackMediaKind.Other)
        {
            throw UnsupportedContentType(content);
        }

        var collector = kind == PackMediaKind.PackStream ? PackStreamCollector.Get(typeof(T)) : null;
        if (kind == PackMediaKind.PackStream && collector is null)
        {
            throw new PackContentException(
                $"The response is a Pack stream ({PackMediaTypes.PackStream}), which reads as an array or a collection of its items; "
                + $"{typeof(T)} is neither. Read it as a collection (T[], List<T>, IEnumerable<T>) or item by item with ReadFromPackAsAsyncEnumerable.",
                statusCode,
                RawContentType(content),
                innerException: null);
        }

        if (kind is PackMediaKind.Pack or PackMediaKind.PackStream)
        {
            // Before a byte of the body is decoded: a stream's header describes its items.
            await ResponseSchemaCheck.EnsureReadableAsync(collector?.ItemType ?? typeof(T), response, schemaClient, options, cancellationToken).ConfigureAwait(false);
        }

        Stream stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            if (kind == PackMediaKind.None)
            {
                // No Content-Type and no Content-Length: only an empty body (a 204, say) has a sensible meaning.
                byte[] probe = new byte[1];
                return await stream.ReadAsync(probe, cancellationToken).ConfigureAwait(false) == 0
                    ? default
                    : throw UnsupportedContentType(content);
            }

            try
            {
                return kind switch
                {
                    PackMediaKind.Pack => await PackSerializer.DeserializeAsync<T>(stream, options.SerializerOptions, cancellationToken).ConfigureAwait(false),
                    PackMediaKind.PackStream => (T?)await CollectAsync(content, collector!.Value.Collect, stream, options, cancellationToken).ConfigureAwait(false),
                    _ => await JsonSerializer.DeserializeAsync(stream, JsonTypeInfos.Get<T>(options.JsonSerializerOptions), cancellationToken).ConfigureAwait(false),
                };
            }
            catch (Exception exception) when (exception is PackException or JsonException)
            {
                throw new PackContentException(
                    $"The response body ({RawContentType(content) ?? "no content type"}) could not be read as {typeof(T)}: {exception.Message}",
                    statusCode,
                    RawContentType(content),
                    exception);
            }
        }
    }

    internal static async IAsyncEnumerable<T?> ReadSequenceCoreAsync<T>(
        HttpContent content,
        PackClientOptions options,
        HttpResponseMessage? response,
        HttpMessageInvoker? schemaClient,
        [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        if (content.Headers.ContentLength == 0)
        {
            yield break;
        }

        PackMediaKind kind = PackAccept.Classify(content);
        if (kind is not (PackMediaKind.PackStream or PackMediaKind.Pack or PackMediaKind.Json))
        {
            throw UnsupportedContentType(content);
        }

        Stream stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        bool readToEnd = false;
        long streamItems = 0;
        try
        {
            if (kind != PackMediaKind.Json)
            {
                // Before the first item; a whole Pack array was written as a list of the items.
                await ResponseSchemaCheck.EnsureReadableAsync(kind == PackMediaKind.PackStream ? typeof(T) : typeof(T?[]), response, schemaClient, options, cancellationToken).ConfigureAwait(false);
            }

            IAsyncEnumerable<T?> items = kind switch
            {
                PackMediaKind.PackStream => PackStream.ReadAsync<T>(stream, options.SerializerOptions, cancellationToken),
                PackMediaKind.Json => JsonSerializer.DeserializeAsyncEnumerable(stream, JsonTypeInfos.Get<T>(options.JsonSerializerOptions), cancellationToken),
                _ => ReadWholeArrayAsync<T>(stream, options.SerializerOptions, cancellationToken),
            };
            items = PackDeadlineStreamErrors.TranslateAsync(items, cancellationToken);

            await foreach (T? item in items.ConfigureAwait(false))
            {
                if (kind == PackMediaKind.PackStream)
                {
                    streamItems++;
                }

                yield return item;
            }

            readToEnd = true;
        }
        finally
        {
            (content as MeteredContent)?.RecordStreamItems(streamItems);

            // Left early (break, cancellation, an error): close the connection now, so the server stops producing.
            if (!readToEnd)
            {
                await ResponseStreamAbort.AbortAsync(stream).ConfigureAwait(false);
            }

            await stream.DisposeAsync().ConfigureAwait(false);
        }
    }

    private static async Task<object> CollectAsync(
        HttpContent content,
        Func<Stream, PackSerializerOptions?, CancellationToken, Task<(object Value, int Count)>> collect,
        Stream stream,
        PackClientOptions options,
        CancellationToken cancellationToken)
    {
        var (value, count) = await collect(stream, options.SerializerOptions, cancellationToken).ConfigureAwait(false);
        (content as MeteredContent)?.RecordStreamItems(count);
        return value;
    }

    private static async IAsyncEnumerable<T?> ReadWholeArrayAsync<T>(
        Stream stream,
        PackSerializerOptions? options,
        [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        // A server whose action returns a materialised collection answers application/x-pack, not a stream of frames.
        T?[]? items = await PackSerializer.DeserializeAsync<T?[]>(stream, options, cancellationToken).ConfigureAwait(false);
        if (items is null)
        {
            yield break;
        }

        foreach (T? item in items)
        {
            yield return item;
        }
    }

    private static string? RawContentType(HttpContent content) => content.Headers.ContentType?.ToString();

    private static NotSupportedException UnsupportedContentType(HttpContent content) =>
        new($"The content type '{content.Headers.ContentType?.MediaType ?? "(none)"}' cannot be read; a Pack response is "
            + $"'{PackMediaTypes.Pack}' or '{PackMediaTypes.PackStream}' (read as a collection or item by item), and JSON "
            + "'application/json', 'text/json' or a '+json' type.");
}

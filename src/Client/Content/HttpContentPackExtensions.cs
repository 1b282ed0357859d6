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
    /// The value. <c>application/x-pack</c> is read with <see cref="PackSerializer"/>; <c>application/json</c> and any
    /// <c>+json</c> type with <see cref="JsonSerializer"/> and <see cref="JsonSerializerDefaults.Web"/>. Empty content
    /// (<c>Content-Length: 0</c>) reads as <see langword="default"/>.
    /// </returns>
    /// <exception cref="NotSupportedException">The content type is neither Pack nor JSON.</exception>
    /// <exception cref="PackException">The Pack body is malformed.</exception>
    /// <exception cref="JsonException">The JSON body is malformed or does not fit <typeparamref name="T"/>.</exception>
    public static Task<T?> ReadFromPackAsync<T>(this HttpContent content, PackSerializerOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        return ReadCoreAsync<T>(content, options, cancellationToken);
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
        return ReadSequenceCoreAsync<T>(content, options, cancellationToken);
    }

    /// <inheritdoc cref="ReadFromPackAsAsyncEnumerable{T}(HttpContent, PackSerializerOptions?, CancellationToken)"/>
    public static IAsyncEnumerable<T?> ReadFromPackAsAsyncEnumerable<T>(this HttpContent content, CancellationToken cancellationToken = default) =>
        ReadFromPackAsAsyncEnumerable<T>(content, options: null, cancellationToken);

    private static async Task<T?> ReadCoreAsync<T>(HttpContent content, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        if (content.Headers.ContentLength == 0)
        {
            return default;
        }

        PackMediaKind kind = PackAccept.Classify(content);
        if (kind is PackMediaKind.Other or PackMediaKind.PackStream)
        {
            throw UnsupportedContentType(content);
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

            return kind == PackMediaKind.Pack
                ? await PackSerializer.DeserializeAsync<T>(stream, options, cancellationToken).ConfigureAwait(false)
                : await JsonSerializer.DeserializeAsync<T>(stream, JsonSerializerOptions.Web, cancellationToken).ConfigureAwait(false);
        }
    }

    private static async IAsyncEnumerable<T?> ReadSequenceCoreAsync<T>(
        HttpContent content,
        PackSerializerOptions? options,
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
        try
        {
            IAsyncEnumerable<T?> items = kind switch
            {
                PackMediaKind.PackStream => PackStream.ReadAsync<T>(stream, options, cancellationToken),
                PackMediaKind.Json => JsonSerializer.DeserializeAsyncEnumerable<T>(stream, JsonSerializerOptions.Web, cancellationToken),
                _ => ReadWholeArrayAsync<T>(stream, options, cancellationToken),
            };
            items = PackDeadlineStreamErrors.TranslateAsync(items, cancellationToken);

            await foreach (T? item in items.ConfigureAwait(false))
            {
                yield return item;
            }

            readToEnd = true;
        }
        finally
        {
            // Left early (break, cancellation, an error): close the connection now, so the server stops producing.
            if (!readToEnd)
            {
                await ResponseStreamAbort.AbortAsync(stream).ConfigureAwait(false);
            }

            await stream.DisposeAsync().ConfigureAwait(false);
        }
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

    private static NotSupportedException UnsupportedContentType(HttpContent content) =>
        new($"The content type '{content.Headers.ContentType?.MediaType ?? "(none)"}' is not supported; "
            + $"the supported types are '{PackMediaTypes.Pack}', '{PackMediaTypes.PackStream}', 'application/json' and the '+json' suffix.");
}

using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization;
using Pack.Client;
using Refit;

namespace Pack.Refit;

/// <summary>
/// A Refit content serializer that writes request bodies as Pack (<c>application/x-pack</c>) and reads responses that
/// are Pack, a Pack stream (<c>application/x-pack-stream</c>) or JSON from a server that does not speak Pack yet.
/// </summary>
/// <remarks>
/// <para>
/// Set it as <see cref="RefitSettings.ContentSerializer"/>, or let <c>services.AddPackRefitClient&lt;TApi&gt;()</c> do it.
/// Responses are decoded by <c>Pack.Client</c> (<see cref="HttpContentPackExtensions"/>), so a Refit client and a client
/// built on the <c>HttpClient</c> extensions read the same bodies the same way.
/// </para>
/// <para>
/// Refit adds no <c>Accept</c> header of its own. The <see cref="PackRefitHandler"/> in the client's pipeline asks for
/// Pack, and tells this serializer the media type of a streamed response, which Refit does not pass on.
/// </para>
/// <para>
/// It is also an <see cref="ISynchronousContentSerializer"/>, and <c>AddPackRefitClient</c> sets
/// <see cref="RefitSettings.RequestBodySerialization"/> to <see cref="RequestBodySerializationMode.Streamed"/>: Refit then
/// sends the content this serializer made as it is. In its default mode Refit wraps a streamed body in its own push
/// content, which does not pass the call's cancellation token on (a canceled client-streaming call would leave its
/// <see cref="IAsyncEnumerable{T}"/> producer running) and hides a stream's items from <c>AddPackMetrics</c>. Set it yourself when
/// you build <see cref="RefitSettings"/> by hand.
/// </para>
/// </remarks>
public sealed class PackContentSerializer : IHttpContentSerializer, IStreamingContentSerializer, ISynchronousContentSerializer
{
    private readonly PackSerializerOptions? _packOptions;
    private readonly JsonSerializerOptions? _jsonOptions;
    private readonly PackClientOptions _clientOptions;

    /// <summary>Creates a serializer with <see cref="PackSerializerOptions.Default"/> and, for JSON responses, the web defaults.</summary>
    public PackContentSerializer()
        : this(packOptions: null)
    {
    }

    /// <summary>Creates a serializer with the given options.</summary>
    /// <param name="packOptions">The Pack options, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    /// <param name="jsonOptions">
    /// The options for JSON responses (a server not upgraded yet), or <see langword="null"/> for
    /// <see cref="JsonSerializerOptions.Web"/>, as <c>Pack.Client</c> reads them.
    /// </param>
    public PackContentSerializer(PackSerializerOptions? packOptions, JsonSerializerOptions? jsonOptions = null)
    {
        _packOptions = packOptions;
        _jsonOptions = jsonOptions;
        _clientOptions = new PackClientOptions { SerializerOptions = packOptions, JsonSerializerOptions = jsonOptions ?? JsonTypeInfos.Web };
    }

    /// <summary>
    /// Creates a serializer with a client's options: the Pack options, the options for JSON responses, and those of the
    /// response schema check (<see cref="PackClientOptions.CheckResponseSchema"/>, <see cref="PackClientOptions.SchemaPath"/>,
    /// <see cref="PackClientOptions.SchemaUnavailable"/>, <see cref="PackClientOptions.SchemaNotServed"/>).
    /// </summary>
    /// <param name="clientOptions">The options; treat them as read-only from now on.</param>
    /// <exception cref="ArgumentNullException"><paramref name="clientOptions"/> is <see langword="null"/>.</exception>
    public PackContentSerializer(PackClientOptions clientOptions)
    {
        ArgumentNullException.ThrowIfNull(clientOptions);
        _packOptions = clientOptions.SerializerOptions;
        _jsonOptions = clientOptions.JsonSerializerOptions;
        _clientOptions = clientOptions;
    }

    /// <inheritdoc/>
    /// <remarks>
    /// The value is serialized straight into the request stream when the request is sent (<see cref="PackContent"/>). An
    /// <see cref="IAsyncEnumerable{T}"/> body is sent as a Pack stream (<c>application/x-pack-stream</c>), each item as it
    /// is produced (<see cref="PackStreamContent"/>): client streaming, and with an <see cref="IAsyncEnumerable{T}"/> return
    /// type a bidirectional call.
    /// <para>
    /// Refit calls this in its default <see cref="RefitSettings.RequestBodySerialization"/>, where it copies the content
    /// into content of its own that keeps only the <c>Content-Type</c>; that value carries the body's type along to
    /// <see cref="PackRefitHandler"/>, which announces its schema (docs/schema.md §5.2) without reflection.
    /// </para>
    /// </remarks>
    public HttpContent ToHttpContent<T>(T item) => RefitBodyMediaType.Tag(CreateContent(item));

    /// <inheritdoc/>
    /// <remarks>
    /// The same content as <see cref="ToHttpContent{T}(T)"/>: Pack needs no buffer to be fast. <see cref="PackContent"/>
    /// serializes synchronously into the request stream when it is sent (and again if it is sent again), so errors such
    /// as an unsupported type surface when the request is sent, as with <see cref="ToHttpContent{T}(T)"/>. An
    /// <see cref="IAsyncEnumerable{T}"/> body cannot be serialized now; it is a <see cref="PackStreamContent"/>, sent as it is produced.
    /// </remarks>
    public HttpContent ToHttpContentSynchronous<T>(T item) => CreateContent(item);

    /// <inheritdoc/>
    /// <remarks>
    /// The same content as <see cref="ToHttpContent{T}(T)"/>, which already writes into the request stream when the
    /// request is sent; Refit sends it without wrapping it (see the remarks on <see cref="PackContentSerializer"/>).
    /// </remarks>
    public HttpContent ToStreamingHttpContent<T>(T item) => CreateContent(item);

    /// <inheritdoc/>
    /// <remarks>
    /// Pack, a Pack stream and JSON are read by <c>Pack.Client</c>, a Pack response tagged by <see cref="PackRefitHandler"/>
    /// after its <c>Pack-Schema</c> header has been checked against <typeparamref name="T"/> (docs/schema.md §5.1; an
    /// incompatible contract throws <see cref="PackSchemaMismatchException"/>). Refit also calls this with the error body it kept as
    /// text (<see cref="ApiException.GetContentAsAsync{T}"/> wraps <see cref="ApiException.Content"/> in a
    /// <c>text/plain</c> <see cref="StringContent"/>); errors are <c>application/problem+json</c>, so that text is read as JSON.
    /// </remarks>
    public Task<T?> FromHttpContentAsync<T>(HttpContent content, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        PackMediaKind kind = PackAccept.Classify(content);
        if (kind == PackMediaKind.Json && _jsonOptions is not null)
        {
            return content.ReadFromJsonAsync(JsonTypeInfos.Get<T>(_jsonOptions), cancellationToken);
        }

        return kind == PackMediaKind.Other && content is StringContent
            ? content.ReadFromJsonAsync(JsonTypeInfos.Get<T>(_jsonOptions ?? JsonTypeInfos.Web), cancellationToken)
            : content.ReadFromPackAsync<T>((content as PackResponseContent)?.Schema, _clientOptions, cancellationToken);
    }

    /// <inheritdoc/>
    /// <remarks>Follows <see cref="JsonPropertyNameAttribute"/>, as Refit's JSON serializer does, for query and form keys.</remarks>
    public string? GetFieldNameForProperty(PropertyInfo propertyInfo)
    {
        ArgumentNullException.ThrowIfNull(propertyInfo);
        return propertyInfo.GetCustomAttribute<JsonPropertyNameAttribute>(inherit: true)?.Name;
    }

    /// <inheritdoc/>
    /// <remarks>
    /// Refit picks <paramref name="format"/> from the <c>Content-Type</c> and knows only JSON framings, so it is ignored
    /// for a response tagged by <see cref="PackRefitHandler"/>: a Pack stream is yielded frame by frame (an error frame
    /// raises <see cref="Streaming.PackStreamException"/>), a whole Pack array item by item, and a JSON array element by
    /// element, after the response's <c>Pack-Schema</c> has been checked against <typeparamref name="T"/> (before the first
    /// item). Without that handler the body is read as <paramref name="format"/> says, which must be a JSON array.
    /// </remarks>
    public IAsyncEnumerable<T?> DeserializeStreamAsync<T>(Stream stream, StreamingContentFormat format, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(stream);
        string mediaType;
        PackResponseSchema? schema = null;
        if (stream is PackResponseStream tagged)
        {
            mediaType = tagged.MediaType;
            schema = tagged.Schema;
        }
        else if (format == StreamingContentFormat.JsonArray)
        {
            mediaType = "application/json";
        }
        else
        {
            throw new NotSupportedException(
                $"PackContentSerializer reads Pack streams and JSON arrays, not '{format}'. Use Refit's SystemTextJsonContentSerializer for that endpoint.");
        }

        return ReadStreamAsync<T>(stream, mediaType, schema, cancellationToken);
    }

    private HttpContent CreateContent<T>(T item) =>
        (HttpContent?)PackStreamContent.TryCreate(item, _packOptions) ?? PackContent.Create(item, _packOptions);

    private async IAsyncEnumerable<T?> ReadStreamAsync<T>(Stream stream, string mediaType, PackResponseSchema? schema, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        // Pack.Client reads a sequence from HttpContent; the stream is the response body Refit opened, wrapped without a copy.
        using var content = new StreamContent(stream);
        content.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
        IAsyncEnumerable<T?> items = _jsonOptions is not null && PackAccept.Classify(mediaType) == PackMediaKind.Json
            ? JsonSerializer.DeserializeAsyncEnumerable(stream, JsonTypeInfos.Get<T>(_jsonOptions), cancellationToken)
            : content.ReadFromPackAsAsyncEnumerable<T>(schema, _clientOptions, cancellationToken);
        await foreach (T? item in items.ConfigureAwait(false))
        {
            yield return item;
        }
    }
}

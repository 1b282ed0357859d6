using Pack.Client;
using Pack.Schema;

namespace Pack.Refit;

/// <summary>
/// Asks for Pack on every Refit request and lets <see cref="PackContentSerializer"/> see the media type of a streamed
/// response, which Refit does not pass to the serializer.
/// </summary>
/// <remarks>
/// <para>
/// A request without an <c>Accept</c> header gets <c>Accept: application/x-pack, application/json;q=0.9</c>, as
/// <see cref="PackNegotiationHandler"/> sends. A successful Pack response keeps its headers and bytes; only the stream
/// Refit opens on it carries the media type along.
/// </para>
/// <para>
/// Its <c>Pack-Schema</c> header, a response header the serializer cannot see, rides along too, with an invoker over
/// this handler's inner handlers, so <see cref="PackContentSerializer"/> checks it before it reads (docs/schema.md §5.1)
/// and fetches the server's schema, when it has to, through the same handlers.
/// </para>
/// <para>
/// A Pack request body gets the <c>Pack-Schema</c> header (docs/schema.md §5.2): the wire fingerprint of the type
/// <see cref="PackContentSerializer"/> was called with, the body's declared type (for an <see cref="IAsyncEnumerable{T}"/>
/// body, of <c>T</c>). The serializer's content names it; where Refit copies that content into content of its own (its
/// default <see cref="global::Refit.RefitSettings.RequestBodySerialization"/>; <c>AddPackRefitClient</c> sets
/// <c>Streamed</c>), the <c>Content-Type</c> value Refit keeps carries it, without reflection (also under Native AOT).
/// A server's 412
/// for an unknown schema is answered by registering the schema at the endpoint it names and, for a value body, sending
/// the request once more; a stream body cannot be sent again, so its 412 raises Refit's <see cref="global::Refit.ApiException"/>
/// and the next call finds the schema registered. A 409 (an incompatible body) raises it with the violations.
/// <see cref="PackClientOptions.SendRequestSchema"/> set to <see langword="false"/> in the options the handler was
/// created with turns the header and the registration off.
/// </para>
/// <para>
/// <c>AddPackRefitClient</c> adds it, with the client's options. Without DI, set <see cref="DelegatingHandler.InnerHandler"/> yourself:
/// <c>new HttpClient(new PackRefitHandler { InnerHandler = new SocketsHttpHandler() })</c>.
/// </para>
/// </remarks>
public sealed class PackRefitHandler : DelegatingHandler
{
    private readonly PackClientOptions? _options;
    private HttpMessageInvoker? _schemaClient;

    /// <summary>Creates a handler with the default options: request bodies carry <c>Pack-Schema</c>.</summary>
    public PackRefitHandler()
    {
    }

    /// <summary>
    /// Creates a handler that follows <paramref name="options"/>' <see cref="PackClientOptions.SendRequestSchema"/>: with
    /// <see langword="false"/> request bodies are sent without <c>Pack-Schema</c>, unchecked, and a 412 is not answered.
    /// </summary>
    /// <param name="options">The client's options, as given to its <see cref="PackContentSerializer"/>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is <see langword="null"/>.</exception>
    public PackRefitHandler(PackClientOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        _options = options;
    }

    /// <inheritdoc/>
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        AddAcceptIfMissing(request);
        HttpResponseMessage response = AnnounceRequestSchema(request, out bool canResend) is { } bodyType
            ? await PackRequestSchema.SendAsync(request, bodyType, canResend, (message, token) => base.SendAsync(message, token), cancellationToken)
                .ConfigureAwait(false)
            : await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        TagPackContent(response);
        return response;
    }

    /// <inheritdoc/>
    protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        AddAcceptIfMissing(request);
        AnnounceRequestSchema(request, out _);
        HttpResponseMessage response = base.Send(request, cancellationToken);
        TagPackContent(response);
        return response;
    }

    private static void AddAcceptIfMissing(HttpRequestMessage request)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (!request.Headers.Contains("Accept"))
        {
            request.Headers.TryAddWithoutValidation("Accept", PackAccept.Value);
        }
    }

    /// <summary>
    /// Sets <c>Pack-Schema</c> on a Pack body and returns the type it names, or <see langword="null"/> when the body
    /// announces nothing. <paramref name="canResend"/>: the body is a value, which can be serialized again.
    /// </summary>
    private Type? AnnounceRequestSchema(HttpRequestMessage request, out bool canResend)
    {
        canResend = false;
        if (request.Content is not { } content)
        {
            return null;
        }

        if (_options is { SendRequestSchema: false })
        {
            if (content is PackContent or PackStreamContent)
            {
                content.Headers.Remove(PackSchema.HeaderName);
            }

            return null;
        }

        // Content Refit passed on as the serializer made it (RefitSettings.Buffered) announces itself.
        if (content is PackContent or PackStreamContent)
        {
            canResend = content is PackContent;
            return content.Headers.Contains(PackSchema.HeaderName) ? RefitBodyMediaType.PackBodyType(content) : null;
        }

        PackMediaKind kind = PackAccept.Classify(content);
        if (kind is not (PackMediaKind.Pack or PackMediaKind.PackStream)
            || content.Headers.Contains(PackSchema.HeaderName)
            || RefitBodyMediaType.SchemaTypeOf(content) is not { } bodyType
            || PackRequestSchema.GetFingerprint(bodyType) is not { } fingerprint)
        {
            return null;
        }

        content.Headers.TryAddWithoutValidation(PackSchema.HeaderName, fingerprint);

        // Refit's copy of a value body serializes the serializer's PackContent again each time it is sent.
        canResend = kind == PackMediaKind.Pack;
        return bodyType;
    }

    private void TagPackContent(HttpResponseMessage response)
    {
        // Error bodies (problem+json) and JSON are left as they are: Refit's exception factory and the JSON path read them.
        if (response.IsSuccessStatusCode
            && response.Content is { } content
            && content is not PackResponseContent
            && PackAccept.Classify(content) is PackMediaKind.Pack or PackMediaKind.PackStream)
        {
            PackResponseSchema? schema = null;
            if (response.Headers.NonValidated.Contains(PackSchema.HeaderName))
            {
                // The inner handlers, not the whole client: an invoker over them cannot loop back through this handler.
                _schemaClient ??= new HttpMessageInvoker(InnerHandler!, disposeHandler: false);
                schema = new PackResponseSchema(response, _schemaClient);
            }

            response.Content = new PackResponseContent(content, schema);
        }
    }
}

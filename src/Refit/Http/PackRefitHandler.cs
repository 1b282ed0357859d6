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
/// <c>AddPackRefitClient</c> adds it. Without DI, set <see cref="DelegatingHandler.InnerHandler"/> yourself:
/// <c>new HttpClient(new PackRefitHandler { InnerHandler = new SocketsHttpHandler() })</c>.
/// </para>
/// </remarks>
public sealed class PackRefitHandler : DelegatingHandler
{
    private HttpMessageInvoker? _schemaClient;

    /// <inheritdoc/>
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        AddAcceptIfMissing(request);
        HttpResponseMessage response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        TagPackContent(response);
        return response;
    }

    /// <inheritdoc/>
    protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        AddAcceptIfMissing(request);
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

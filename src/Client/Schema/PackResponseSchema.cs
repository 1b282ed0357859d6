namespace Pack.Client;

/// <summary>
/// What <see cref="HttpContentPackExtensions.ReadFromPackAsync{T}(HttpContent, PackResponseSchema?, PackClientOptions?, CancellationToken)"/>
/// needs to check a response's <c>Pack-Schema</c> header (docs/schema.md §5.1), which its content alone cannot see: the
/// response, and the client that fetches the server's schema set when the fingerprint is new.
/// </summary>
/// <remarks>
/// The <see cref="HttpClient"/> extensions check their responses themselves; this is for a response you sent yourself,
/// and for readers such as <c>Pack.Refit</c>'s serializer that only receive the content.
/// </remarks>
public sealed class PackResponseSchema
{
    /// <summary>Creates the pair.</summary>
    /// <param name="response">The response whose content is read; its headers carry <c>Pack-Schema</c>, its request the URI the schema endpoint is resolved against.</param>
    /// <param name="schemaClient">Sends the request for the server's schema set: the <see cref="HttpClient"/> that sent the call, or an invoker over the same handlers.</param>
    /// <exception cref="ArgumentNullException"><paramref name="response"/> or <paramref name="schemaClient"/> is <see langword="null"/>.</exception>
    public PackResponseSchema(HttpResponseMessage response, HttpMessageInvoker schemaClient)
    {
        ArgumentNullException.ThrowIfNull(response);
        ArgumentNullException.ThrowIfNull(schemaClient);
        Response = response;
        SchemaClient = schemaClient;
    }

    /// <summary>The response whose content is read.</summary>
    public HttpResponseMessage Response { get; }

    /// <summary>The invoker that fetches the server's schema set.</summary>
    public HttpMessageInvoker SchemaClient { get; }
}

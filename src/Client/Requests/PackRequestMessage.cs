namespace Pack.Client;

/// <summary>
/// A request built by <see cref="HttpClientPackExtensions"/>. <see cref="PackNegotiationHandler"/> records the client's
/// <see cref="PackClientOptions"/> in this field as well as in <see cref="HttpRequestMessage.Options"/>, so that reading
/// them back looks at the field: reading <see cref="HttpRequestMessage.Options"/> creates its dictionary, which a call
/// through a client without the handler would otherwise allocate on every request only to find it empty.
/// </summary>
internal sealed class PackRequestMessage(HttpMethod method, Uri? requestUri) : HttpRequestMessage(method, requestUri)
{
    /// <summary>The options <see cref="PackNegotiationHandler"/> recorded, or <see langword="null"/>.</summary>
    public PackClientOptions? ClientOptions { get; set; }
}

namespace Pack.Client;

/// <summary>
/// Adds <c>Accept: application/x-pack, application/json;q=0.9</c> to every request that has no <c>Accept</c> header,
/// so any <see cref="HttpClient"/> or typed client asks for Pack and still understands a server that answers JSON.
/// </summary>
/// <remarks>
/// The handler never sets <see cref="DelegatingHandler.InnerHandler"/>: register it with
/// <c>IHttpClientBuilder.AddPackNegotiation()</c>, or set the inner handler yourself when building a client by hand.
/// A request that already has an <c>Accept</c> header (including one from <see cref="HttpClient.DefaultRequestHeaders"/>)
/// is left alone.
/// </remarks>
public sealed class PackNegotiationHandler : DelegatingHandler
{
    /// <inheritdoc/>
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        AddAcceptIfMissing(request);
        return base.SendAsync(request, cancellationToken);
    }

    /// <inheritdoc/>
    protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        AddAcceptIfMissing(request);
        return base.Send(request, cancellationToken);
    }

    private static void AddAcceptIfMissing(HttpRequestMessage request)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (!request.Headers.Contains("Accept"))
        {
            request.Headers.TryAddWithoutValidation("Accept", PackAccept.Value);
        }
    }
}

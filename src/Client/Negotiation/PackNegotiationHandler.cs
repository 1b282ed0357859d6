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
    private readonly PackClientOptions? _options;

    /// <summary>Creates a handler that only adds the <c>Accept</c> header.</summary>
    public PackNegotiationHandler()
    {
    }

    /// <summary>
    /// Creates a handler that also records <paramref name="options"/> on every request, so the
    /// <see cref="HttpClientPackExtensions"/> methods called without options of their own read and write with them
    /// (Pack options for <see cref="PackContent"/> created without options, JSON options for JSON responses and the 415 retry).
    /// </summary>
    /// <param name="options">The client's options.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is <see langword="null"/>.</exception>
    public PackNegotiationHandler(PackClientOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        _options = options;
    }

    /// <inheritdoc/>
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        Prepare(request);
        return base.SendAsync(request, cancellationToken);
    }

    /// <inheritdoc/>
    protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        Prepare(request);
        return base.Send(request, cancellationToken);
    }

    private void Prepare(HttpRequestMessage request)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (!request.Headers.Contains("Accept"))
        {
            request.Headers.TryAddWithoutValidation("Accept", PackAccept.Value);
        }

        if (_options is not null)
        {
            request.Options.Set(PackClientOptions.RequestKey, _options);
            if (request.Content is PackContent content)
            {
                content.UseClientOptions(_options.SerializerOptions);
            }
        }
    }
}

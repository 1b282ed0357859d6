using System.Diagnostics.CodeAnalysis;

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
/// <para>
/// Registered with <c>AddPackNegotiation()</c>, the handler refuses requests made by a Refit interface: Refit reads
/// responses with its own content serializer, which is JSON unless the client was registered with
/// <c>AddPackRefitClient</c> (package <c>Pack.Refit</c>), and a JSON serializer cannot read the Pack it asked for.
/// </para>
/// </remarks>
public sealed class PackNegotiationHandler : DelegatingHandler
{
    /// <summary>The request option Refit sets on every request it builds (<c>Refit.HttpRequestMessageOptions.InterfaceType</c>).</summary>
    internal const string RefitInterfaceTypeOption = "Refit.InterfaceType";

    /// <summary>
    /// Set by <c>AddPackNegotiation()</c>: that registration cannot see which serializer a Refit client reads with, so a
    /// Refit request without an <c>Accept</c> header fails with a message saying what to do instead of a JSON parse error.
    /// </summary>
    internal bool RejectRefitRequests { get; init; }

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
    /// <remarks>
    /// A Pack body whose schema the server does not know (412, docs/schema.md §5.2) is answered by registering the schema
    /// and, for a <see cref="PackContent"/>, sending the request once more; a stream body cannot be sent again, so its
    /// 412 is returned, and the next request finds the schema registered.
    /// </remarks>
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        Prepare(request);
        var sending = base.SendAsync(request, cancellationToken);
        return RequestSchemaRegistration.Announces(request)
            ? RequestSchemaRegistration.SendAsync(request, sending, (message, token) => base.SendAsync(message, token), cancellationToken)
            : sending;
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
            if (RejectRefitRequests && IsRefitRequest(request))
            {
                ThrowRefitClientNeedsPackSerializer(request);
            }

            request.Headers.TryAddWithoutValidation("Accept", PackAccept.Value);
        }

        if (_options is not null)
        {
            PackClientOptions.SetOn(request, _options);
            RequestSchemaRegistration.Apply(request, _options);
            if (request.Content is PackContent content)
            {
                content.UseClientOptions(_options.SerializerOptions);
            }
            else if (request.Content is PackStreamContent streamContent)
            {
                streamContent.UseClientOptions(_options.SerializerOptions);
            }
        }
    }

    private static bool IsRefitRequest(HttpRequestMessage request) =>
        ((IDictionary<string, object?>)request.Options).ContainsKey(RefitInterfaceTypeOption);

    [DoesNotReturn]
    private static void ThrowRefitClientNeedsPackSerializer(HttpRequestMessage request) =>
        throw new InvalidOperationException(
            $"AddPackNegotiation() was added to a Refit client ({request.Method} {request.RequestUri}). Refit reads "
            + "responses with its ContentSerializer, which is JSON by default and cannot read the Pack this handler would "
            + "ask for. Register the client with services.AddPackRefitClient<TApi>() from the Pack.Refit package (it sets "
            + "PackContentSerializer and the Accept header), or remove AddPackNegotiation() to keep JSON.");
}

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

    private void AddAcceptIfMissing(HttpRequestMessage request)
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

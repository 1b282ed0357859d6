using Pack.Client;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Adds Pack content negotiation to clients built by <see cref="System.Net.Http.IHttpClientFactory"/>.</summary>
public static class PackHttpClientBuilderExtensions
{
    /// <summary>
    /// Adds a <see cref="PackNegotiationHandler"/> to the client's handler pipeline, so every request without an
    /// <c>Accept</c> header asks for Pack and accepts JSON.
    /// </summary>
    /// <remarks>
    /// Not for Refit clients: their requests fail with an <see cref="InvalidOperationException"/> that points to
    /// <c>AddPackRefitClient</c> (package <c>Pack.Refit</c>), because Refit's default JSON serializer cannot read Pack.
    /// </remarks>
    /// <param name="builder">The client builder.</param>
    /// <returns>The same builder, to chain <c>ConfigureHttpClient</c>, resilience handlers and so on.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="builder"/> is <see langword="null"/>.</exception>
    public static IHttpClientBuilder AddPackNegotiation(this IHttpClientBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);

        // The factory builds a new handler per pipeline, as IHttpClientFactory requires: a DelegatingHandler cannot be shared.
        return builder.AddHttpMessageHandler(static () => new PackNegotiationHandler { RejectRefitRequests = true });
    }
}

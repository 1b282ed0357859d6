using Microsoft.Extensions.Options;
using Pack.Client;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Adds Pack content negotiation to clients built by <see cref="System.Net.Http.IHttpClientFactory"/>.</summary>
public static class PackHttpClientBuilderExtensions
{
    /// <summary>
    /// Adds a <see cref="PackNegotiationHandler"/> to the client's handler pipeline, so every request without an
    /// <c>Accept</c> header asks for Pack and accepts JSON, and the client's <see cref="PackClientOptions"/> (named after
    /// the client) apply to the <see cref="HttpClientPackExtensions"/> calls made without options of their own.
    /// </summary>
    /// <remarks>
    /// Not for Refit clients: their requests fail with an <see cref="InvalidOperationException"/> that points to
    /// <c>AddPackRefitClient</c> (package <c>Pack.Refit</c>), because Refit's default JSON serializer cannot read Pack.
    /// </remarks>
    /// <param name="builder">The client builder.</param>
    /// <param name="configureOptions">
    /// Configures the client's <see cref="PackClientOptions"/>, for example the JSON options of a server that still answers
    /// JSON. They can also be set with <c>services.Configure&lt;PackClientOptions&gt;(clientName, ...)</c>.
    /// </param>
    /// <returns>The same builder, to chain <c>ConfigureHttpClient</c>, resilience handlers and so on.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="builder"/> is <see langword="null"/>.</exception>
    public static IHttpClientBuilder AddPackNegotiation(this IHttpClientBuilder builder, Action<PackClientOptions>? configureOptions = null)
    {
        ArgumentNullException.ThrowIfNull(builder);

        if (configureOptions is not null)
        {
            builder.Services.Configure(builder.Name, configureOptions);
        }

        // The factory builds a new handler per pipeline, as IHttpClientFactory requires: a DelegatingHandler cannot be shared.
        string name = builder.Name;
        return builder.AddHttpMessageHandler(services =>
            new PackNegotiationHandler(services.GetRequiredService<IOptionsMonitor<PackClientOptions>>().Get(name)) { RejectRefitRequests = true });
    }
}

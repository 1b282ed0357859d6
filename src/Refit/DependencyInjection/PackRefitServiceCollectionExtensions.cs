using Pack;
using Pack.Client;
using Pack.Refit;
using Refit;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Refit clients that speak Pack.</summary>
public static class PackRefitServiceCollectionExtensions
{
    /// <summary>
    /// Registers the Refit interface <typeparamref name="TApi"/> (its requests built by Refit's source generator) with
    /// <see cref="PackContentSerializer"/> as the content serializer and a <see cref="PackRefitHandler"/> that asks for Pack.
    /// </summary>
    /// <typeparam name="TApi">The Refit interface.</typeparam>
    /// <param name="services">The service collection.</param>
    /// <param name="configureClient">Configures the <see cref="HttpClient"/>, for example its <see cref="HttpClient.BaseAddress"/>.</param>
    /// <param name="configureSettings">
    /// Adjusts the <see cref="RefitSettings"/> (for example <see cref="RefitSettings.ExceptionFactory"/>). The content
    /// serializer is already a <see cref="PackContentSerializer"/>; replacing it turns Pack off for this client.
    /// <see cref="RefitSettings.RequestBodySerialization"/> starts as <see cref="RequestBodySerializationMode.Streamed"/>,
    /// so that Refit sends the serializer's content as it is: the call's cancellation token reaches an
    /// <see cref="IAsyncEnumerable{T}"/> body's producer, and <see cref="PackRefitHandler"/> and <c>AddPackMetrics</c>
    /// see the body's type and items.
    /// </param>
    /// <param name="packOptions">The Pack options, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    /// <param name="configureOptions">
    /// Configures the client's <see cref="PackClientOptions"/>: the check of responses' <c>Pack-Schema</c>
    /// (<see cref="PackClientOptions.CheckResponseSchema"/> turns it off), the <c>Pack-Schema</c> of request bodies and
    /// the registration after a 412 (<see cref="PackClientOptions.SendRequestSchema"/> turns them off), the JSON options
    /// for JSON responses, and the Pack options, which start as <paramref name="packOptions"/>.
    /// </param>
    /// <returns>The client builder, to chain <c>ConfigureHttpClient</c>, resilience handlers, <c>AddHttpMessageHandler</c> and so on.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is <see langword="null"/>.</exception>
    public static IHttpClientBuilder AddPackRefitClient<TApi>(
        this IServiceCollection services,
        Action<HttpClient>? configureClient = null,
        Action<RefitSettings>? configureSettings = null,
        PackSerializerOptions? packOptions = null,
        Action<PackClientOptions>? configureOptions = null)
        where TApi : class
    {
        ArgumentNullException.ThrowIfNull(services);

        var clientOptions = new PackClientOptions { SerializerOptions = packOptions };
        configureOptions?.Invoke(clientOptions);
        var settings = new RefitSettings
        {
            ContentSerializer = new PackContentSerializer(clientOptions),
            RequestBodySerialization = RequestBodySerializationMode.Streamed,
        };
        configureSettings?.Invoke(settings);

        IHttpClientBuilder builder = services.AddRefitGeneratedClient<TApi>(settings);
        if (configureClient is not null)
        {
            builder.ConfigureHttpClient(configureClient);
        }

        // The factory builds a new handler per pipeline, as IHttpClientFactory requires: a DelegatingHandler cannot be shared.
        return builder.AddHttpMessageHandler(() => new PackRefitHandler(clientOptions));
    }
}

using System.Diagnostics.CodeAnalysis;
using Pack.Client;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers HTTP clients that speak Pack, with the standard <see cref="System.Net.Http.IHttpClientFactory"/> patterns.</summary>
public static class PackHttpClientServiceCollectionExtensions
{
    /// <summary>
    /// Registers <typeparamref name="TClient"/> as a typed client whose <see cref="HttpClient"/> asks for Pack on every
    /// request (see <see cref="PackHttpClientBuilderExtensions.AddPackNegotiation"/>).
    /// </summary>
    /// <typeparam name="TClient">The typed client. Its constructor takes an <see cref="HttpClient"/>.</typeparam>
    /// <param name="services">The service collection.</param>
    /// <param name="configureClient">Configures the <see cref="HttpClient"/>, for example its <see cref="HttpClient.BaseAddress"/>.</param>
    /// <param name="configureOptions">Configures the client's <see cref="PackClientOptions"/> (Pack and JSON fallback options).</param>
    /// <returns>The client builder, to chain <c>ConfigureHttpClient</c>, resilience handlers and so on.</returns>
    public static IHttpClientBuilder AddPackHttpClient<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] TClient>(
        this IServiceCollection services,
        Action<HttpClient>? configureClient = null,
        Action<PackClientOptions>? configureOptions = null)
        where TClient : class
    {
        ArgumentNullException.ThrowIfNull(services);
        IHttpClientBuilder builder = configureClient is null
            ? services.AddHttpClient<TClient>()
            : services.AddHttpClient<TClient>(configureClient);
        return builder.AddPackNegotiation(configureOptions);
    }

    /// <summary>
    /// Registers <typeparamref name="TImplementation"/> as the typed client for <typeparamref name="TClient"/>, with an
    /// <see cref="HttpClient"/> that asks for Pack on every request.
    /// </summary>
    /// <typeparam name="TClient">The service type consumers depend on.</typeparam>
    /// <typeparam name="TImplementation">The implementation. Its constructor takes an <see cref="HttpClient"/>.</typeparam>
    /// <param name="services">The service collection.</param>
    /// <param name="configureClient">Configures the <see cref="HttpClient"/>, for example its <see cref="HttpClient.BaseAddress"/>.</param>
    /// <param name="configureOptions">Configures the client's <see cref="PackClientOptions"/> (Pack and JSON fallback options).</param>
    /// <returns>The client builder, to chain <c>ConfigureHttpClient</c>, resilience handlers and so on.</returns>
    public static IHttpClientBuilder AddPackHttpClient<TClient, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] TImplementation>(
        this IServiceCollection services,
        Action<HttpClient>? configureClient = null,
        Action<PackClientOptions>? configureOptions = null)
        where TClient : class
        where TImplementation : class, TClient
    {
        ArgumentNullException.ThrowIfNull(services);
        IHttpClientBuilder builder = configureClient is null
            ? services.AddHttpClient<TClient, TImplementation>()
            : services.AddHttpClient<TClient, TImplementation>(configureClient);
        return builder.AddPackNegotiation(configureOptions);
    }

    /// <summary>
    /// Registers a named <see cref="HttpClient"/> that asks for Pack on every request. Get it with
    /// <see cref="System.Net.Http.IHttpClientFactory.CreateClient(string)"/>.
    /// </summary>
    /// <param name="services">The service collection.</param>
    /// <param name="name">The client name.</param>
    /// <param name="configureClient">Configures the <see cref="HttpClient"/>, for example its <see cref="HttpClient.BaseAddress"/>.</param>
    /// <param name="configureOptions">Configures the client's <see cref="PackClientOptions"/> (Pack and JSON fallback options).</param>
    /// <returns>The client builder, to chain <c>ConfigureHttpClient</c>, resilience handlers and so on.</returns>
    public static IHttpClientBuilder AddPackHttpClient(this IServiceCollection services, string name, Action<HttpClient>? configureClient = null, Action<PackClientOptions>? configureOptions = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(name);
        IHttpClientBuilder builder = configureClient is null
            ? services.AddHttpClient(name)
            : services.AddHttpClient(name, configureClient);
        return builder.AddPackNegotiation(configureOptions);
    }
}

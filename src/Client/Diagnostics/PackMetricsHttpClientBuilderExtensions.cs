using System.Diagnostics.Metrics;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Pack.Client;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Adds the <c>Pack.Client</c> meter to clients built by <see cref="System.Net.Http.IHttpClientFactory"/>.</summary>
public static class PackMetricsHttpClientBuilderExtensions
{
    /// <summary>Adds a <see cref="PackClientMetricsHandler"/> whose meter comes from the container's <see cref="IMeterFactory"/>. Add it before <c>AddPackDeadline()</c>.</summary>
    /// <param name="builder">The client builder.</param>
    /// <returns>The same builder.</returns>
    public static IHttpClientBuilder AddPackMetrics(this IHttpClientBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddMetrics();
        builder.Services.TryAddSingleton<PackClientMetrics>();
        return builder.AddHttpMessageHandler(static services => new PackClientMetricsHandler(services.GetRequiredService<PackClientMetrics>()));
    }
}

using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Pack.Client;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Adds Pack body logging to clients built by <see cref="System.Net.Http.IHttpClientFactory"/> (and Refit clients).</summary>
public static class PackLoggingHttpClientBuilderExtensions
{
    /// <summary>
    /// Adds a <see cref="PackLoggingHandler"/> that logs Pack bodies decoded as JSON text to the category
    /// <c>System.Net.Http.HttpClient.{name}.PackBody</c> at <see cref="LogLevel.Information"/>. Add it last, after the
    /// other Pack handlers, so it logs what goes on the wire.
    /// </summary>
    /// <param name="builder">The client builder.</param>
    /// <param name="configure">Sets the limits and what is left out (options named after the client).</param>
    /// <returns>The same builder.</returns>
    public static IHttpClientBuilder AddPackLogging(this IHttpClientBuilder builder, Action<PackClientLoggingOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        var options = builder.Services.AddOptions<PackClientLoggingOptions>(builder.Name);
        if (configure is not null)
        {
            options.Configure(configure);
        }

        string name = builder.Name;
        return builder.AddHttpMessageHandler(services => new PackLoggingHandler(
            services.GetRequiredService<ILoggerFactory>().CreateLogger("System.Net.Http.HttpClient." + name + ".PackBody"),
            services.GetRequiredService<IOptionsMonitor<PackClientLoggingOptions>>().Get(name)));
    }
}

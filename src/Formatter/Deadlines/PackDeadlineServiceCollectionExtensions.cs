using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;
using Pack.AspNetCore;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Pack deadlines: <c>builder.Services.AddPackDeadlines();</c> then <c>app.UsePackDeadlines();</c></summary>
public static class PackDeadlineServiceCollectionExtensions
{
    /// <summary>Adds ASP.NET Core's request timeouts and the <see cref="PackDeadlineOptions"/> that cap a client's <c>Pack-Timeout</c>.</summary>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Changes to the default options, if any.</param>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    public static IServiceCollection AddPackDeadlines(this IServiceCollection services, Action<PackDeadlineOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);

        services.AddRequestTimeouts();
        // Checked when the host starts, so a bad value fails start-up instead of the first request.
        services.AddOptions<PackDeadlineOptions>().ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<PackDeadlineOptions>, PackDeadlineOptionsValidator>());
        if (configure is not null)
        {
            services.Configure(configure);
        }

        return services;
    }
}

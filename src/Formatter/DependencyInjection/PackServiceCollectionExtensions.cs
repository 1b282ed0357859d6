using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;
using Pack.AspNetCore;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Pack's services for minimal APIs and for MVC.</summary>
public static class PackServiceCollectionExtensions
{
    /// <summary>
    /// Registers <see cref="PackFormatterOptions"/> (read by <see cref="PackResults"/> and <see cref="PackBody{T}"/>) and a
    /// problem-details writer that answers clients whose <c>Accept</c> names only Pack with <c>application/problem+json</c>,
    /// and, for apps that use ASP.NET Core's output cache, a base policy that keys cached responses by <c>Accept</c>.
    /// Calling it more than once is safe; <see cref="PackMvcBuilderExtensions.AddPackFormatters(IMvcBuilder, Action{PackFormatterOptions}?)"/> calls it.
    /// </summary>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Changes to the default options, if any.</param>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    public static IServiceCollection AddPack(this IServiceCollection services, Action<PackFormatterOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);

        // Checked when the host starts, so a bad value fails start-up instead of the first request.
        services.AddOptions<PackFormatterOptions>().ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<PackFormatterOptions>, PackFormatterOptionsValidator>());
        if (configure is not null)
        {
            services.Configure(configure);
        }

        services.TryAddEnumerable(ServiceDescriptor.Singleton<IProblemDetailsWriter, PackProblemDetailsWriter>());
        services.TryAddEnumerable(ServiceDescriptor.Transient<IConfigureOptions<OutputCacheOptions>, PackOutputCacheOptionsSetup>());
        services.AddPackMetrics();
        return services;
    }
}

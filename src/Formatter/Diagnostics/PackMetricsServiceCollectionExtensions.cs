using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Pack.AspNetCore;

/// <summary>Registers the <c>Pack.AspNetCore</c> meter; <c>AddPack</c> calls it.</summary>
internal static class PackMetricsServiceCollectionExtensions
{
    public static IServiceCollection AddPackMetrics(this IServiceCollection services)
    {
        services.AddMetrics();
        services.TryAddSingleton<PackServerMetrics>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IStartupFilter, PackMetricsStartupFilter>());
        return services;
    }
}

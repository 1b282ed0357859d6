using Microsoft.AspNetCore.HttpLogging;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Pack.AspNetCore;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Pack bodies in ASP.NET Core's HTTP logging.</summary>
public static class PackHttpLoggingServiceCollectionExtensions
{
    /// <summary>
    /// Logs Pack request and response bodies (<c>application/x-pack</c>, and <c>application/x-pack-stream</c> item by item)
    /// decoded as JSON text in the JSON mapping of docs/wire-format.md §14, where <c>AddHttpLogging</c> would print them
    /// as unreadable bytes. Nothing is done unless HTTP logging logs bodies (<c>HttpLoggingFields.RequestBody</c> or
    /// <c>ResponseBody</c>) for the request; the body log limits apply. The lines go to the HTTP logging middleware's
    /// category (<c>Microsoft.AspNetCore.HttpLogging.HttpLoggingMiddleware</c>), as <c>RequestBody: …</c> and
    /// <c>ResponseBody: …</c>, so the filter that shows its lines shows them. See docs/aspnetcore.md.
    /// </summary>
    /// <param name="services">The services.</param>
    /// <param name="configure">Sets what is left out (<see cref="PackHttpLoggingOptions"/>).</param>
    /// <returns>The same services.</returns>
    public static IServiceCollection AddPackHttpLogging(this IServiceCollection services, Action<PackHttpLoggingOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        var options = services.AddOptions<PackHttpLoggingOptions>();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHttpLoggingInterceptor, PackHttpLoggingInterceptor>());
        return services;
    }
}

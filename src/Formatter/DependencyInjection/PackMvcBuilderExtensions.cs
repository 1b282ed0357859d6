using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;
using Pack.AspNetCore;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Adds Pack to MVC: <c>builder.Services.AddControllers().AddPackFormatters();</c></summary>
public static class PackMvcBuilderExtensions
{
    /// <summary>
    /// Adds a Pack input and output formatter for <c>application/x-pack</c> (after JSON, which stays the default),
    /// the <c>pack</c> format mapping for <c>?format=pack</c> and <c>[FormatFilter]</c> routes, and <c>Vary: Accept</c> on negotiated responses.
    /// </summary>
    /// <param name="builder">The MVC builder.</param>
    /// <param name="configure">Changes to the default options, if any.</param>
    /// <returns><paramref name="builder"/>, for chaining.</returns>
    public static IMvcBuilder AddPackFormatters(this IMvcBuilder builder, Action<PackFormatterOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        AddServices(builder.Services, configure);
        return builder;
    }

    /// <summary>Adds the Pack formatters to an MVC core builder; see <see cref="AddPackFormatters(IMvcBuilder, Action{PackFormatterOptions}?)"/>.</summary>
    /// <param name="builder">The MVC core builder.</param>
    /// <param name="configure">Changes to the default options, if any.</param>
    /// <returns><paramref name="builder"/>, for chaining.</returns>
    public static IMvcCoreBuilder AddPackFormatters(this IMvcCoreBuilder builder, Action<PackFormatterOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        AddServices(builder.Services, configure);
        return builder;
    }

    private static void AddServices(IServiceCollection services, Action<PackFormatterOptions>? configure)
    {
        services.AddPack(configure);
        services.TryAddEnumerable(ServiceDescriptor.Transient<IConfigureOptions<MvcOptions>, PackMvcOptionsSetup>());
        services.TryAddEnumerable(ServiceDescriptor.Transient<IPostConfigureOptions<MvcOptions>, PackMvcOptionsSetup>());
        services.TryAddEnumerable(ServiceDescriptor.Transient<IActionDescriptorProvider, PackBodyFilterPlacement>());
        WrapOutputFormatterSelector(services);
    }

    /// <summary>
    /// Puts <see cref="PackOutputFormatterSelector"/> in front of the registered <see cref="OutputFormatterSelector"/>
    /// (MVC's, or one the application registered before this call), once.
    /// </summary>
    private static void WrapOutputFormatterSelector(IServiceCollection services)
    {
        ServiceDescriptor? registered = null;
        for (var i = services.Count - 1; i >= 0; i--)
        {
            if (services[i].ServiceType == typeof(OutputFormatterSelector) && !services[i].IsKeyedService)
            {
                registered = services[i];
                break;
            }
        }

        if (registered is null || registered.ImplementationFactory?.Target is SelectorWrapper)
        {
            return;
        }

        var wrapper = new SelectorWrapper(registered);
        services.Remove(registered);
        services.Add(ServiceDescriptor.Describe(typeof(OutputFormatterSelector), wrapper.Create, registered.Lifetime));
    }

    /// <summary>Creates the wrapped selector as its own registration would have, then the Pack selector around it.</summary>
    private sealed class SelectorWrapper(ServiceDescriptor inner)
    {
        public object Create(IServiceProvider services)
        {
            var selector = (OutputFormatterSelector)(inner.ImplementationInstance
                ?? inner.ImplementationFactory?.Invoke(services)
                ?? ActivatorUtilities.CreateInstance(services, inner.ImplementationType!));
            return new PackOutputFormatterSelector(selector, services.GetRequiredService<IOptions<MvcOptions>>());
        }
    }
}

using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Pack.AspNetCore;

/// <summary>
/// The app's <see cref="PackFormatterOptions"/>, put in a minimal-API endpoint's metadata when the endpoint is built, so
/// a request finds them without touching <see cref="HttpContext.RequestServices"/>, which creates a service scope (and
/// allocates) on the first use in each request; a JSON endpoint that returns its value never pays for one.
/// </summary>
internal sealed class PackEndpointOptions(PackFormatterOptions options)
{
    public PackFormatterOptions Options { get; } = options;

    /// <summary>Adds the options to an endpoint being built, once.</summary>
    public static void AddTo(EndpointBuilder builder)
    {
        foreach (var metadata in builder.Metadata)
        {
            if (metadata is PackEndpointOptions)
            {
                return;
            }
        }

        if (builder.ApplicationServices.GetService<IOptions<PackFormatterOptions>>() is { } options)
        {
            builder.Metadata.Add(new PackEndpointOptions(options.Value));
        }
    }

    /// <summary>The options of the request's endpoint; from the request's services when the endpoint has none (a result returned as <see cref="IResult"/>).</summary>
    public static PackFormatterOptions Get(HttpContext httpContext)
        => httpContext.GetEndpoint()?.Metadata.GetMetadata<PackEndpointOptions>()?.Options
           ?? httpContext.RequestServices.GetService<IOptions<PackFormatterOptions>>()?.Value
           ?? new PackFormatterOptions();
}

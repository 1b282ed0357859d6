using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Json;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Pack.AspNetCore;

/// <summary>
/// The app's <see cref="PackFormatterOptions"/> and minimal-API JSON options, put in a minimal-API endpoint's metadata
/// when the endpoint is built, so a request finds them without touching <see cref="HttpContext.RequestServices"/>, which
/// creates a service scope (and allocates) on the first use in each request; a JSON endpoint that returns its value
/// never pays for one, and neither does a Pack endpoint, whether it answers Pack or JSON.
/// </summary>
internal sealed class PackEndpointOptions(PackFormatterOptions? options, IOptions<JsonOptions>? jsonOptions)
{
    /// <summary>The app's Pack options, or <see langword="null"/> when the app has none registered.</summary>
    public PackFormatterOptions? Options { get; } = options;

    /// <summary>The app's minimal-API JSON options (a singleton, read when a request needs them), or <see langword="null"/>.</summary>
    public IOptions<JsonOptions>? JsonOptions { get; } = jsonOptions;

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

        var services = builder.ApplicationServices;
        var options = services.GetService<IOptions<PackFormatterOptions>>();
        var jsonOptions = services.GetService<IOptions<JsonOptions>>();
        if (options is not null || jsonOptions is not null)
        {
            builder.Metadata.Add(new PackEndpointOptions(options?.Value, jsonOptions));
        }
    }

    /// <summary>The options of the request's endpoint; from the request's services when the endpoint has none (a result returned as <see cref="IResult"/>).</summary>
    public static PackFormatterOptions Get(HttpContext httpContext)
        => Of(httpContext)?.Options
           ?? httpContext.RequestServices.GetService<IOptions<PackFormatterOptions>>()?.Value
           ?? new PackFormatterOptions();

    /// <summary>The metadata of the request's endpoint, or <see langword="null"/>.</summary>
    public static PackEndpointOptions? Of(HttpContext httpContext)
        => httpContext.GetEndpoint()?.Metadata.GetMetadata<PackEndpointOptions>();
}

using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Pack.Samples.Tests.Rolling;

/// <summary>The rolling profile's apps (replicas, proxy) on Kestrel at 127.0.0.1, on a free port each.</summary>
internal static class KestrelApps
{
    public static void Quiet(WebApplicationBuilder builder) => builder.Logging.ClearProviders();

    public static async Task<WebApplication> StartAsync(WebApplication app, Action<WebApplication>? configure = null)
    {
        configure?.Invoke(app);
        app.Urls.Add("http://127.0.0.1:0");
        await app.StartAsync(CancellationToken.None);
        return app;
    }

    public static string Address(WebApplication app) =>
        app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.First() + "/";
}

using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Caching;

/// <summary>
/// The test app on Kestrel (127.0.0.1, free port) behind ASP.NET Core's response cache (which honours <c>Vary</c>, as a
/// shared cache does) and output cache, with MVC actions and minimal APIs under both.
/// </summary>
public sealed class CachingTestHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private CachingTestHost(WebApplication app, Uri baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    public static async Task<CachingTestHost> StartAsync()
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = "Development", ContentRootPath = AppContext.BaseDirectory });
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        PackTestApp.ConfigureServices(builder.Services);
        builder.Services.AddResponseCaching();
        builder.Services.AddOutputCache();

        var app = builder.Build();
        app.UseResponseCaching();
        app.UseRouting();
        app.UseOutputCache();
        app.MapControllers();

        // A proxy convention or a middleware that varies on Accept-Encoding before the result is written.
        app.MapGet("/minimal/cached/response-cache/{id:int}", (int id, HttpContext context) =>
        {
            context.Response.Headers.CacheControl = "public, max-age=60";
            context.Response.Headers.Vary = "Accept-Encoding";
            return PackResults.Ok(SampleData.Organization(id));
        });
        app.MapGet("/minimal/cached/output-cache/{id:int}", (int id) => PackResults.Ok(SampleData.Organization(id))).CacheOutput();

        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new CachingTestHost(app, new Uri(address));
    }

    public HttpClient CreateClient() => new() { BaseAddress = BaseAddress, Timeout = TimeSpan.FromSeconds(30) };

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}

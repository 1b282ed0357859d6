using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;

namespace Pack.Benchmarks.Http;

/// <summary>
/// One real Kestrel server in the benchmark process, on two loopback ports chosen by the OS: HTTP/1.1 only, and HTTP/2
/// only (h2c with prior knowledge; no TLS). MVC controllers with System.Text.Json and the Pack formatters
/// (<c>AddControllers().AddPackFormatters()</c>), plus the ceiling endpoint. Logging is off.
/// </summary>
public sealed class HttpBenchmarkServer : IAsyncDisposable
{
    private readonly WebApplication app;

    private HttpBenchmarkServer(WebApplication app, Uri http1, Uri http2)
    {
        this.app = app;
        Http1 = http1;
        Http2 = http2;
    }

    /// <summary>The HTTP/1.1 endpoint.</summary>
    public Uri Http1 { get; }

    /// <summary>The HTTP/2 (h2c) endpoint.</summary>
    public Uri Http2 { get; }

    /// <summary>Starts the server.</summary>
    public static async Task<HttpBenchmarkServer> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = [] });
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            // The order of these two is the order of the bound addresses below.
            kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http1);
            kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http2);
        });
        builder.Services.AddControllers()
            .AddApplicationPart(typeof(HttpWorkloadController).Assembly)
            .AddPackFormatters();

        var app = builder.Build();
        app.MapGet(HttpWorkloadPaths.Ceiling, static context =>
        {
            context.Response.StatusCode = StatusCodes.Status200OK;
            return Task.CompletedTask;
        });
        app.MapControllers();
        await app.StartAsync();

        var addresses = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()?.Addresses.ToArray() ?? [];
        if (addresses.Length != 2)
        {
            throw new InvalidOperationException($"Expected two bound addresses, got: {string.Join(", ", addresses)}");
        }

        Console.WriteLine($"Kestrel listening: HTTP/1.1 {addresses[0]}, HTTP/2 {addresses[1]}");
        return new HttpBenchmarkServer(app, new Uri(addresses[0]), new Uri(addresses[1]));
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        await app.StopAsync();
        await app.DisposeAsync();
    }
}

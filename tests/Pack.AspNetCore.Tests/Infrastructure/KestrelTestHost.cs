using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests;

/// <summary><see cref="PackTestApp"/> on real Kestrel, bound to 127.0.0.1 on a free port, for HTTP/2 (h2c) and socket-level tests.</summary>
public sealed class KestrelTestHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private KestrelTestHost(WebApplication app, Uri baseAddress, HttpProtocols protocols)
    {
        _app = app;
        BaseAddress = baseAddress;
        Protocols = protocols;
    }

    public Uri BaseAddress { get; }

    public HttpProtocols Protocols { get; }

    public IServiceProvider Services => _app.Services;

    public static async Task<KestrelTestHost> StartAsync(HttpProtocols protocols, Action<PackFormatterOptions>? configurePack = null, Action<KestrelServerOptions>? configureKestrel = null, ILoggerProvider? logger = null, Action<IServiceCollection>? configureServices = null)
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = "Development", ContentRootPath = AppContext.BaseDirectory });
        builder.Logging.ClearProviders();
        if (logger is not null)
        {
            builder.Logging.AddProvider(logger);
            builder.Logging.SetMinimumLevel(LogLevel.Debug);
        }

        builder.WebHost.UseKestrel(options =>
        {
            options.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = protocols);
            configureKestrel?.Invoke(options);
        });
        PackTestApp.ConfigureServices(builder.Services, configurePack);
        configureServices?.Invoke(builder.Services);

        var app = builder.Build();
        PackTestApp.Configure(app);
        await app.StartAsync();

        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new KestrelTestHost(app, new Uri(address), protocols);
    }

    /// <summary>A client speaking exactly the host's protocol: HTTP/2 with prior knowledge (h2c) or HTTP/1.1.</summary>
    public HttpClient CreateClient()
    {
        var version = Protocols == HttpProtocols.Http2 ? HttpVersion.Version20 : HttpVersion.Version11;
        // No response draining: disposing an abandoned response closes the connection at once, so tests of client
        // disconnects observe the server's reaction rather than the handler's drain heuristic (up to 2 s by default).
        return new HttpClient(new ExactVersionHandler(version) { InnerHandler = new SocketsHttpHandler { MaxResponseDrainSize = 0 } })
        {
            BaseAddress = BaseAddress,
            DefaultRequestVersion = version,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Timeout = TimeSpan.FromSeconds(30),
        };
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }

    /// <summary>Applies the version to requests built by hand too; HttpClient's defaults only reach its own helper methods.</summary>
    private sealed class ExactVersionHandler(Version version) : DelegatingHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            request.Version = version;
            request.VersionPolicy = HttpVersionPolicy.RequestVersionExact;
            return base.SendAsync(request, cancellationToken);
        }
    }
}

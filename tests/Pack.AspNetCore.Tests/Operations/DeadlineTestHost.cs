using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Operations;

/// <summary>The test app on Kestrel (127.0.0.1, free port) with <c>AddPackDeadlines</c>/<c>UsePackDeadlines</c>.</summary>
public sealed class DeadlineTestHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private DeadlineTestHost(WebApplication app, Uri baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    public IServiceProvider Services => _app.Services;

    public static async Task<DeadlineTestHost> StartAsync(Action<PackDeadlineOptions>? configure = null, Action<IServiceCollection>? configureServices = null, ILoggerProvider? logger = null)
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = "Development", ContentRootPath = AppContext.BaseDirectory });
        builder.Logging.ClearProviders();
        if (logger is not null)
        {
            builder.Logging.AddProvider(logger);
            builder.Logging.SetMinimumLevel(LogLevel.Debug);
        }

        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        PackTestApp.ConfigureServices(builder.Services);
        builder.Services.AddPackDeadlines(configure);
        configureServices?.Invoke(builder.Services);

        var app = builder.Build();
        app.UseRouting();
        app.UsePackDeadlines();
        app.MapControllers();
        MinimalEndpoints.Map(app);
        await app.StartAsync();

        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new DeadlineTestHost(app, new Uri(address));
    }

    public HttpClient CreateClient() =>
        new(new SocketsHttpHandler { MaxResponseDrainSize = 0 }) { BaseAddress = BaseAddress, Timeout = TimeSpan.FromSeconds(30) };

    public StreamProbe Probe(string id) => _app.Services.GetRequiredService<StreamProbes>().Get(id);

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}

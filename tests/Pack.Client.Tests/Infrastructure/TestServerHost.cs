using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Pack.Client.Tests.Infrastructure;

/// <summary>A real Kestrel server on 127.0.0.1 with an ephemeral port, disposed by the test that started it.</summary>
public sealed class TestServerHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private TestServerHost(WebApplication app, Uri baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    public ServerProbe Probe => _app.Services.GetRequiredService<ServerProbe>();

    public static async Task<TestServerHost> StartAsync(ServerKind kind)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton<ServerProbe>();

        switch (kind)
        {
            case ServerKind.JsonControllers:
                builder.Services.AddControllers().AddApplicationPart(typeof(ItemsController).Assembly);
                break;
            case ServerKind.PackControllers:
                builder.Services.AddControllers().AddApplicationPart(typeof(ItemsController).Assembly).AddPackFormatters();
                break;
            default:
                builder.Services.AddProblemDetails();
                break;
        }

        WebApplication app = builder.Build();
        if (kind == ServerKind.PackMinimalApi)
        {
            PackMinimalApi.Map(app);
        }
        else
        {
            app.MapControllers();
        }

        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        return new TestServerHost(app, new Uri(address + "/"));
    }

    /// <summary>A plain client: no negotiation handler, so requests carry only the headers the code under test adds.</summary>
    public HttpClient CreateClient() => new(CreateSocketsHandler()) { BaseAddress = BaseAddress, Timeout = ServerProbe.Timeout };

    /// <summary>A client whose pipeline has the negotiation handler, built by hand as a user without DI would.</summary>
    public HttpClient CreateNegotiatingClient() =>
        new(new PackNegotiationHandler { InnerHandler = CreateSocketsHandler() }) { BaseAddress = BaseAddress, Timeout = ServerProbe.Timeout };

    // By default SocketsHttpHandler drains an abandoned response for up to 2 s before closing the connection, which would
    // let an early-exit test pass late even if the client never aborted. A drain longer than every test timeout makes
    // "the server saw RequestAborted" prove that the client closed the connection itself.
    private static SocketsHttpHandler CreateSocketsHandler() => new() { ResponseDrainTimeout = TimeSpan.FromMinutes(10) };

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}

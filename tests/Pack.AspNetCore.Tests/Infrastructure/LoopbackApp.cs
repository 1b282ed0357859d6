using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;

namespace Pack.AspNetCore.Tests;

/// <summary>Starts and stops a test's own <see cref="WebApplication"/> on Kestrel (bound to 127.0.0.1, port 0) with a client for it.</summary>
public static class LoopbackApp
{
    /// <summary>Starts the app and returns a client whose base address is the port Kestrel picked.</summary>
    public static async Task<HttpClient> StartAsync(WebApplication app)
    {
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new HttpClient { BaseAddress = new Uri(address), Timeout = TimeSpan.FromSeconds(30) };
    }

    /// <summary>Disposes the client, then stops and disposes the app (either may be missing if start-up failed).</summary>
    public static async Task StopAsync(WebApplication? app, HttpClient? client)
    {
        client?.Dispose();
        if (app is not null)
        {
            await app.StopAsync();
            await app.DisposeAsync();
        }
    }
}

using System.Diagnostics;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace Pack.Client.Tests;

/// <summary>Responses are read as they stream in, so <see cref="HttpClient.Timeout"/> must still cover the body, not just the headers.</summary>
public class HttpClientPackExtensionsTimeoutTests
{
    [Fact]
    public async Task GetFromPackAsync_BodyStallsAfterHeaders_FailsWithinTheClientTimeout()
    {
        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        await using var app = builder.Build();
        var released = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        app.MapGet("/stall", async (HttpContext context) =>
        {
            context.Response.ContentType = PackMediaTypes.Pack;
            await context.Response.Body.WriteAsync(new byte[] { 0xFE, 0xFF }, context.RequestAborted);
            await context.Response.Body.FlushAsync(context.RequestAborted);
            try
            {
                await Task.Delay(Timeout.Infinite, context.RequestAborted);
            }
            catch (OperationCanceledException)
            {
                released.TrySetResult();
            }
        });
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        using var http = new HttpClient { BaseAddress = new Uri(address), Timeout = TimeSpan.FromSeconds(1) };

        var stopwatch = Stopwatch.StartNew();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => http.GetFromPackAsync<int[]>("stall"));

        Assert.InRange(stopwatch.Elapsed, TimeSpan.FromSeconds(0.9), TimeSpan.FromSeconds(15));
        await released.Task.WaitAsync(TimeSpan.FromSeconds(15));
        await app.StopAsync();
    }
}

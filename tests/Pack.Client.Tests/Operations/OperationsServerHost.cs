using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Client.Tests.Operations;

/// <summary>
/// Kestrel on 127.0.0.1 (free port) with Pack minimal APIs for the deadline and metrics tests: a slow call, a quick call,
/// a paced stream, and a JSON-only endpoint; with or without <c>UsePackDeadlines()</c>.
/// </summary>
public sealed class OperationsServerHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private OperationsServerHost(WebApplication app, Uri baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    /// <summary>Completed when the slow call or the stream saw its RequestAborted fire.</summary>
    public TaskCompletionSource ServerCanceled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public int ItemsProduced;

    public static async Task<OperationsServerHost> StartAsync(bool packDeadlines)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddPack();
        builder.Services.AddProblemDetails();
        if (packDeadlines)
        {
            builder.Services.AddPackDeadlines();
        }

        var app = builder.Build();
        OperationsServerHost? host = null;
        app.UseRouting();
        if (packDeadlines)
        {
            app.UsePackDeadlines();
        }

        app.MapGet("/slow", async (HttpContext http) =>
        {
            try
            {
                await Task.Delay(TimeSpan.FromSeconds(30), http.RequestAborted);
            }
            catch (OperationCanceledException)
            {
                host!.ServerCanceled.TrySetResult();
                throw;
            }

            return PackResults.Ok(Item(1));
        });
        app.MapGet("/quick", () => PackResults.Ok(Item(1)));
        app.MapGet("/json", () => Results.Json(Item(1)));
        app.MapGet("/stream", (HttpContext http) => PackResults.Ok(Produce(host!, http.RequestAborted)));

        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        host = new OperationsServerHost(app, new Uri(address + "/"));
        return host;
    }

    public static Item Item(int id) => new() { Id = id, Name = $"item {id}", Price = id * 2.5, Tags = ["a", "b"] };

    public HttpClient CreateClient(params DelegatingHandler[] handlers)
    {
        HttpMessageHandler handler = new SocketsHttpHandler { MaxResponseDrainSize = 0 };
        for (var i = handlers.Length - 1; i >= 0; i--)
        {
            handlers[i].InnerHandler = handler;
            handler = handlers[i];
        }

        return new HttpClient(handler) { BaseAddress = BaseAddress, Timeout = ServerProbe.Timeout };
    }

    private static async IAsyncEnumerable<Item> Produce(OperationsServerHost host, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        // The registration alone can miss it: when the cancellation's callbacks resume this producer inline,
        // it can end and dispose the registration before its own callback has run.
        using var registration = cancellationToken.Register(() => host.ServerCanceled.TrySetResult());
        try
        {
            for (var i = 1; i <= 100_000; i++)
            {
                Interlocked.Increment(ref host.ItemsProduced);
                yield return Item(i);

                // Paces the producer so the deadline falls mid-stream; it is not synchronization.
                await Task.Delay(TimeSpan.FromMilliseconds(20), cancellationToken);
            }
        }
        finally
        {
            if (cancellationToken.IsCancellationRequested)
            {
                host.ServerCanceled.TrySetResult();
            }
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}

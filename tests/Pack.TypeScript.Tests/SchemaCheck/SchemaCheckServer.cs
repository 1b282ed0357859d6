using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using static Pack.TypeScript.Tests.SchemaCheck.SchemaCheckContracts;

namespace Pack.TypeScript.Tests.SchemaCheck;

/// <summary>
/// Kestrel on 127.0.0.1 (a free port) for the TypeScript client's schema check: minimal APIs that write and read
/// <see cref="Item"/> as Pack (value and stream), <c>MapPackSchema</c>, and <c>GET /counts</c> with the number of
/// requests per method and path.
/// </summary>
public sealed class SchemaCheckServer : IAsyncDisposable
{
    private readonly WebApplication _app;

    private SchemaCheckServer(WebApplication app, string baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
    }

    public string BaseAddress { get; }

    public static async Task<SchemaCheckServer> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddPack();
        builder.Services.AddProblemDetails();
        var app = builder.Build();
        var counts = new ConcurrentDictionary<string, int>(StringComparer.Ordinal);
        app.Use((context, next) =>
        {
            counts.AddOrUpdate(context.Request.Method + " " + context.Request.Path, 1, (_, n) => n + 1);
            return next(context);
        });
        app.MapGet("/counts", () => Results.Json(counts.ToDictionary()));
        app.MapGet("/items/1", () => PackResults.Ok(new Item { Id = 1, Name = "one", Note = "first" }));
        app.MapGet("/items/stream", () => PackResults.Stream(ItemsAsync()));
        app.MapPost("/items", (PackBody<Item> item) => PackResults.Ok(item.Value));
        app.MapPost("/items/stream", async (PackStreamBody<Item> items) =>
        {
            int count = 0;
            await foreach (var item in items)
            {
                count++;
            }

            return PackResults.Ok(count);
        });
        app.MapPackSchema();
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new SchemaCheckServer(app, address + "/");
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }

    private static async IAsyncEnumerable<Item> ItemsAsync()
    {
        for (int i = 1; i <= 3; i++)
        {
            await Task.Yield();
            yield return new Item { Id = i, Name = "item " + i, Note = null };
        }
    }
}

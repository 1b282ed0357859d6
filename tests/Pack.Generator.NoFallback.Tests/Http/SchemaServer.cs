using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Client.Tests.Schema;
using Pack.Schema;

namespace Pack.Generator.NoFallback.Tests.Http;

/// <summary>
/// Kestrel on 127.0.0.1 (free port) with Pack.AspNetCore minimal APIs writing each version of the order and reading a
/// <see cref="ServerOrder"/> body, the schema endpoint, and the <c>Pack-Schema</c> header of every request it received.
/// </summary>
public sealed class SchemaServer : IAsyncDisposable
{
    public const string Order = "/orders";

    private readonly WebApplication _app;

    private SchemaServer(WebApplication app, Uri baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    /// <summary>"METHOD path" and the request's <c>Pack-Schema</c> header ("" when absent), in order.</summary>
    public ConcurrentQueue<(string Request, string Header)> Requests { get; } = new();

    public static async Task<SchemaServer> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddPack();
        builder.Services.AddProblemDetails();
        var app = builder.Build();
        SchemaServer? server = null;
        app.Use((context, next) =>
        {
            server!.Requests.Enqueue((context.Request.Method + " " + context.Request.Path, context.Request.Headers[PackSchema.HeaderName].ToString()));
            return next(context);
        });
        app.MapGet("/orders/same", () => PackResults.Ok(new ServerOrder { Id = 1, Customer = "Ada", Quantity = 3 }));
        app.MapGet("/orders/appended", () => PackResults.Ok(new ServerOrderAppended { Id = 1, Customer = "Ada", Quantity = 3, Note = "new" }));
        app.MapGet("/orders/retyped", () => PackResults.Ok(new ServerOrderRetyped { Id = 1, Customer = "Ada", Quantity = 3 }));
        app.MapPost(Order, (PackBody<ServerOrder> order) => PackResults.Ok(new ServerOrder { Id = order.Value.Id + 1, Customer = order.Value.Customer, Quantity = order.Value.Quantity }));
        app.MapPackSchema();
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        server = new SchemaServer(app, new Uri(address + "/"));
        return server;
    }

    public HttpClient CreateClient() => new() { BaseAddress = BaseAddress, Timeout = TimeSpan.FromSeconds(30) };

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}

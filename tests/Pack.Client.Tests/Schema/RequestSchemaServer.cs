using System.Collections.Concurrent;
using System.Globalization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;

namespace Pack.Client.Tests.Schema;

/// <summary>
/// Kestrel on 127.0.0.1 with minimal APIs that read <see cref="SchemaServerOrder"/> bodies and streams, the schema
/// endpoint, and a count of the requests each path received.
/// </summary>
public sealed class RequestSchemaServer : IAsyncDisposable
{
    public const string Order = "/schema/order";
    public const string Orders = "/schema/orders";
    public const string Header = "/schema/header";

    private readonly WebApplication _app;

    private RequestSchemaServer(WebApplication app, Uri baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    public ConcurrentDictionary<string, int> Requests { get; } = new(StringComparer.Ordinal);

    public int Registrations => Requests.GetValueOrDefault("POST " + PackSchemaEndpointRouteBuilderExtensions.DefaultPattern);

    public static async Task<RequestSchemaServer> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddPack();
        builder.Services.AddProblemDetails();
        var app = builder.Build();
        RequestSchemaServer? server = null;
        app.Use((context, next) =>
        {
            server!.Requests.AddOrUpdate(context.Request.Method + " " + context.Request.Path, 1, (_, count) => count + 1);
            return next(context);
        });
        app.MapPost(Order, (PackBody<SchemaServerOrder> order) => PackResults.Ok(Describe(order.Value)));
        app.MapPost(Orders, async (PackStreamBody<SchemaServerOrder> orders) =>
        {
            var read = new List<string>();
            await foreach (var order in orders)
            {
                read.Add(Describe(order!));
            }

            return PackResults.Ok(string.Join(";", read));
        });
        app.MapPost(Header, (HttpRequest request) => PackResults.Ok(request.Headers["Pack-Schema"].ToString()));
        app.MapPackSchema();
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        server = new RequestSchemaServer(app, new Uri(address + "/"));
        return server;
    }

    public HttpClient CreateClient() => new() { BaseAddress = BaseAddress, Timeout = TimeSpan.FromSeconds(30) };

    public HttpClient CreateNegotiatingClient() =>
        new(new PackNegotiationHandler { InnerHandler = new SocketsHttpHandler() }) { BaseAddress = BaseAddress, Timeout = TimeSpan.FromSeconds(30) };

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }

    private static string Describe(SchemaServerOrder order) =>
        string.Create(CultureInfo.InvariantCulture, $"{order.Id}|{order.Customer}|{order.Total}");
}

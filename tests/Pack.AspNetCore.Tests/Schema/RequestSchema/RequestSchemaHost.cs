using System.Buffers;
using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Schema;
using Pack.Streaming;

namespace Pack.AspNetCore.Tests.Schema.RequestSchema;

/// <summary>
/// A Kestrel app on 127.0.0.1 that reads <see cref="ServerOrder"/> bodies through every Pack path (MVC body and stream,
/// minimal-API <see cref="PackBody{T}"/> and <see cref="PackStreamBody{T}"/>) with strict negotiation, and maps the
/// schema endpoint; each endpoint answers what it read as text.
/// </summary>
public sealed class RequestSchemaHost : IAsyncDisposable
{
    public const string MvcOrder = "/request-schema/mvc/order";
    public const string MvcOrders = "/request-schema/mvc/orders";
    public const string MinimalOrder = "/request-schema/minimal/order";
    public const string MinimalOrders = "/request-schema/minimal/orders";

    private readonly WebApplication _app;

    private RequestSchemaHost(WebApplication app, HttpClient client)
    {
        _app = app;
        Client = client;
    }

    public HttpClient Client { get; }

    public static async Task<RequestSchemaHost> StartAsync(Action<PackFormatterOptions>? configure = null, bool mapSchema = true, Action<IServiceCollection>? services = null)
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = "Development", ContentRootPath = AppContext.BaseDirectory });
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        builder.Services.AddPack(configure);
        services?.Invoke(builder.Services);
        builder.Services.AddProblemDetails();
        builder.Services.AddControllers(options => options.ReturnHttpNotAcceptable = true)
            .AddApplicationPart(typeof(RequestSchemaController).Assembly)
            .AddPackFormatters();
        var app = builder.Build();
        app.MapControllers();
        app.MapPost(MinimalOrder, (PackBody<ServerOrder> order) => Describe(order.Value));
        app.MapPost(MinimalOrders, async (PackStreamBody<ServerOrder> orders) =>
        {
            var read = new List<string>();
            await foreach (var order in orders)
            {
                read.Add(Describe(order!));
            }

            return string.Join(";", read);
        });
        if (mapSchema)
        {
            app.MapPackSchema();
        }

        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new RequestSchemaHost(app, new HttpClient { BaseAddress = new Uri(address), Timeout = TimeSpan.FromSeconds(30) });
    }

    public static string Describe(ServerOrder order) =>
        string.Create(CultureInfo.InvariantCulture, $"{order.Id}|{order.Customer}|{order.Total}");

    public static string Fingerprint<T>() => PackSchema.For(typeof(T)).WireFingerprint;

    /// <summary>A Pack body (or, for the stream paths, a stream of two items) of <paramref name="value"/>, with <c>Pack-Schema</c> of <typeparamref name="T"/>.</summary>
    public static HttpRequestMessage Post<T>(string path, T value, string? fingerprint = "", string accept = "text/plain")
    {
        bool stream = path.EndsWith('s');
        byte[] body;
        if (stream)
        {
            var buffer = new ArrayBufferWriter<byte>();
            PackStream.WriteItem(buffer, value);
            PackStream.WriteItem(buffer, value);
            PackStream.WriteEnd(buffer);
            body = buffer.WrittenSpan.ToArray();
        }
        else
        {
            body = PackSerializer.Serialize(value);
        }

        var request = PackHttp.Post(path, PackHttp.Bytes(body, stream ? PackMediaTypes.PackStream : PackMediaTypes.Pack), accept);
        fingerprint = fingerprint == string.Empty ? Fingerprint<T>() : fingerprint;
        if (fingerprint is not null)
        {
            request.Headers.TryAddWithoutValidation(PackSchema.HeaderName, fingerprint);
        }

        return request;
    }

    public async Task<HttpResponseMessage> RegisterAsync(params Type[] types)
    {
        var set = new PackSchemaSet(types.Select(PackSchema.For));
        var content = new StringContent(set.ToJsonString(), Encoding.UTF8);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        return await Client.PostAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern, content);
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}

using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore;

namespace Pack.Client.Tests;

/// <summary>Regression: the extensions built requests that ignored <see cref="HttpClient.DefaultRequestVersion"/>, so they always went out as HTTP/1.1.</summary>
public class HttpClientPackExtensionsHttpVersionTests
{
    public record ProtocolEcho(string Protocol, int Value);

    [Fact]
    public async Task Extensions_OnAnHttp2OnlyServer_UseTheClientsDefaultVersion()
    {
        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseKestrel(k => k.Listen(IPAddress.Loopback, 0, o => o.Protocols = HttpProtocols.Http2));
        builder.Services.AddPack();
        await using var app = builder.Build();
        app.MapGet("/echo", (HttpContext context) => PackResults.Ok(new ProtocolEcho(context.Request.Protocol, 1)));
        app.MapPost("/echo", (HttpContext context, PackBody<ProtocolEcho> body) => PackResults.Ok(new ProtocolEcho(context.Request.Protocol, body.Value.Value + 1)));
        app.MapGet("/stream", (HttpContext context) => PackResults.Ok(Items(context.Request.Protocol)));
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        using var http = new HttpClient
        {
            BaseAddress = new Uri(address),
            DefaultRequestVersion = HttpVersion.Version20,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));

        var got = await http.GetFromPackAsync<ProtocolEcho>("echo", timeout.Token);
        var posted = await http.PostAsPackAsync<ProtocolEcho, ProtocolEcho>("echo", new ProtocolEcho("client", 41), timeout.Token);
        var streamed = new List<ProtocolEcho?>();
        await foreach (var item in http.GetFromPackAsAsyncEnumerable<ProtocolEcho>("stream", timeout.Token))
        {
            streamed.Add(item);
        }

        Assert.Equal(new ProtocolEcho("HTTP/2", 1), got);
        Assert.Equal(new ProtocolEcho("HTTP/2", 42), posted);
        Assert.Equal(["HTTP/2", "HTTP/2"], streamed.Select(s => s!.Protocol));
        await app.StopAsync(timeout.Token);
    }

    private static async IAsyncEnumerable<ProtocolEcho> Items(string protocol)
    {
        await Task.Yield();
        yield return new ProtocolEcho(protocol, 1);
        yield return new ProtocolEcho(protocol, 2);
    }
}

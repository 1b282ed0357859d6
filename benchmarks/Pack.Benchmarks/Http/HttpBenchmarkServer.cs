using System.Globalization;
using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Benchmarks.Http.Grpc;
using ProtoBuf.Grpc.Server;

namespace Pack.Benchmarks.Http;

/// <summary>
/// The HTTP benchmark server: one Kestrel on two loopback ports, HTTP/1.1 only and HTTP/2 only (h2c with prior knowledge;
/// no TLS), with the same Kestrel settings for every peer. It serves H0–H5 through MVC controllers
/// (<c>AddControllers().AddPackFormatters()</c>, JSON or Pack by <c>Accept</c>) and minimal APIs (<c>/m/</c> with
/// <see cref="PackResults"/>, <c>/mj/</c> plain System.Text.Json), and H1, H2, H5 through Grpc.AspNetCore and
/// protobuf-net.Grpc code-first. Logging is off. <c>--server</c> runs it in a process of its own.
/// </summary>
public sealed class HttpBenchmarkServer : IAsyncDisposable
{
    private const string Usage = "usage: --server [--urls \"http://127.0.0.1:PORT[;http://127.0.0.1:PORT2]\"] (HTTP/1.1 on PORT, h2c on PORT2, default PORT+1; 0 = any free port)";

    private readonly WebApplication app;

    private HttpBenchmarkServer(WebApplication app, Uri http1, Uri http2)
    {
        this.app = app;
        Http1 = http1;
        Http2 = http2;
    }

    /// <summary>The HTTP/1.1 endpoint.</summary>
    public Uri Http1 { get; }

    /// <summary>The HTTP/2 (h2c) endpoint.</summary>
    public Uri Http2 { get; }

    /// <summary>Starts the server on two loopback ports (0 = chosen by the OS).</summary>
    public static async Task<HttpBenchmarkServer> StartAsync(IPAddress address, int http1Port, int http2Port)
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = [] });
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            // The order of these two is the order of the bound addresses below.
            kestrel.Listen(address, http1Port, listen => listen.Protocols = HttpProtocols.Http1);
            kestrel.Listen(address, http2Port, listen => listen.Protocols = HttpProtocols.Http2);
        });
        builder.Services.AddControllers()
            .AddApplicationPart(typeof(HttpWorkloadController).Assembly)
            .AddPackFormatters();
        builder.Services.AddGrpc();
        builder.Services.AddCodeFirstGrpc();

        var app = builder.Build();
        app.MapGet(HttpWorkloadPaths.Ceiling, static context =>
        {
            context.Response.StatusCode = StatusCodes.Status200OK;
            return Task.CompletedTask;
        });
        app.MapGet(ServerStats.Path, static () => TypedResults.Ok(ServerStats.Capture()));
        app.MapPost(ServerStats.ResetPath, static () => TypedResults.Ok(ServerStats.ResetPeak()));
        app.MapPost(ServerStats.PreparePath, static (int members) => TypedResults.Ok(HttpWorkloadData.Organization(members).Members?.Count));
        app.MapControllers();
        MinimalApiEndpoints.Map(app);
        app.MapGrpcService<GrpcWorkloadService>();
        app.MapGrpcService<CodeFirstWorkloadService>();
        await app.StartAsync().ConfigureAwait(false);

        var addresses = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()?.Addresses.ToArray() ?? [];
        if (addresses.Length != 2)
        {
            throw new InvalidOperationException($"Expected two bound addresses, got: {string.Join(", ", addresses)}");
        }

        return new HttpBenchmarkServer(app, new Uri(addresses[0]), new Uri(addresses[1]));
    }

    /// <summary>
    /// The <c>--server</c> mode: starts the server, prints <c>listening: HTTP/1.1 URL, HTTP/2 URL</c>, and runs until
    /// SIGTERM/Ctrl+C, or until standard input closes when <c>--exit-with-stdin</c> is given (so that a parent runner that
    /// dies takes the server with it).
    /// </summary>
    public static async Task<int> RunAsync(string[] args)
    {
        var index = Array.IndexOf(args, "--urls");
        var urls = index >= 0 && index + 1 < args.Length ? args[index + 1] : "http://127.0.0.1:0;http://127.0.0.1:0";
        Uri[] parsed;
        try
        {
            parsed = [.. urls.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Select(u => new Uri(u))];
        }
        catch (UriFormatException exception)
        {
            Console.Error.WriteLine(exception.Message);
            Console.Error.WriteLine(Usage);
            return 2;
        }

        if (parsed.Length is < 1 or > 2 || parsed.Any(u => u.Scheme != Uri.UriSchemeHttp))
        {
            Console.Error.WriteLine(Usage);
            return 2;
        }

        var address = IPAddress.Parse(parsed[0].Host);
        var http2Port = parsed.Length == 2 ? parsed[1].Port : parsed[0].Port == 0 ? 0 : parsed[0].Port + 1;
        await using var server = await StartAsync(address, parsed[0].Port, http2Port).ConfigureAwait(false);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"listening: HTTP/1.1 {server.Http1}, HTTP/2 {server.Http2}, pid {Environment.ProcessId}"));

        var lifetime = server.app.Lifetime;
        if (args.Contains("--exit-with-stdin"))
        {
            _ = Task.Run(async () =>
            {
                while (await Console.In.ReadLineAsync().ConfigureAwait(false) is not null)
                {
                }

                lifetime.StopApplication();
            });
        }

        await server.app.WaitForShutdownAsync().ConfigureAwait(false);
        return 0;
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        await app.StopAsync().ConfigureAwait(false);
        await app.DisposeAsync().ConfigureAwait(false);
    }
}

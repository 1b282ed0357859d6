using System.Net;
using System.Net.Sockets;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;

namespace Pack.Client.Tests.Streaming;

/// <summary>
/// Kestrel on 127.0.0.1 (a free port) speaking exactly HTTP/1.1 or HTTP/2 without TLS (h2c), with Pack formatters,
/// Pack deadlines, <see cref="StreamingController"/> and <see cref="StreamingEndpoints"/>.
/// </summary>
public sealed class StreamingServerHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private StreamingServerHost(WebApplication app, Uri baseAddress, HttpProtocols protocols)
    {
        _app = app;
        BaseAddress = baseAddress;
        Protocols = protocols;
    }

    public Uri BaseAddress { get; }

    public HttpProtocols Protocols { get; }

    public StreamingProbe Probe => _app.Services.GetRequiredService<StreamingProbe>();

    public IServiceProvider Services => _app.Services;

    /// <summary>Starts the host.</summary>
    /// <param name="protocols">The one protocol the endpoint speaks.</param>
    /// <param name="configurePack">Changes to the Pack formatter options.</param>
    /// <param name="configureKestrel">Changes to Kestrel's options.</param>
    /// <param name="socketReceiveBufferSize">
    /// A fixed receive buffer for accepted connections, or <see langword="null"/> for the kernel's. A set size turns Linux's
    /// receive autotuning off (which on loopback can grow a buffer to many MiB), so what the server can hold unread is bounded.
    /// </param>
    public static async Task<StreamingServerHost> StartAsync(
        HttpProtocols protocols,
        Action<PackFormatterOptions>? configurePack = null,
        Action<KestrelServerOptions>? configureKestrel = null,
        int? socketReceiveBufferSize = null)
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { EnvironmentName = "Development" });
        builder.WebHost.UseKestrel(options =>
        {
            options.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = protocols);
            configureKestrel?.Invoke(options);
        });
        if (socketReceiveBufferSize is int receiveBufferSize)
        {
            builder.WebHost.UseSockets(sockets => sockets.CreateBoundListenSocket = endpoint =>
            {
                // Accepted sockets inherit the listening socket's SO_RCVBUF; it is set before listen() so the window scale fits it.
                var socket = SocketTransportOptions.CreateDefaultBoundListenSocket(endpoint);
                socket.ReceiveBufferSize = receiveBufferSize;
                return socket;
            });
        }
        builder.Logging.ClearProviders();
        if (Environment.GetEnvironmentVariable("PACK_TEST_LOG") == "1")
        {
            builder.Logging.AddSimpleConsole().SetMinimumLevel(LogLevel.Debug);
        }
        builder.Services.AddSingleton<StreamingProbe>();
        builder.Services.AddProblemDetails();
        builder.Services.AddPackDeadlines();
        builder.Services.AddControllers().AddApplicationPart(typeof(StreamingController).Assembly).AddPackFormatters(configurePack);

        var app = builder.Build();
        app.UseRouting();
        app.UsePackDeadlines();
        app.MapControllers();
        StreamingEndpoints.Map(app);
        await app.StartAsync();

        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        return new StreamingServerHost(app, new Uri(address + "/"), protocols);
    }

    /// <summary>A client that speaks exactly the host's protocol (HTTP/2 with prior knowledge, or HTTP/1.1).</summary>
    public HttpClient CreateClient(HttpMessageHandler? handler = null) => new(handler ?? new SocketsHttpHandler())
    {
        BaseAddress = BaseAddress,
        DefaultRequestVersion = Protocols == HttpProtocols.Http2 ? HttpVersion.Version20 : HttpVersion.Version11,
        DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        Timeout = StreamingProbe.Timeout,
    };

    /// <summary>
    /// A handler whose connections have a fixed send buffer, so what the client's kernel can hold unsent is bounded (see
    /// <see cref="StartAsync"/>'s socket receive buffer for the server's side).
    /// </summary>
    public static SocketsHttpHandler CreateHandlerWithSendBuffer(int sendBufferSize) => new()
    {
        ConnectCallback = async (context, cancellationToken) =>
        {
            // The host is the server's literal address (127.0.0.1): a socket of its own family, not a dual-mode one that
            // needs IPv6 on the machine.
            var address = IPAddress.Parse(context.DnsEndPoint.Host);
            var socket = new Socket(address.AddressFamily, SocketType.Stream, ProtocolType.Tcp)
            {
                NoDelay = true,
                SendBufferSize = sendBufferSize,
            };
            try
            {
                await socket.ConnectAsync(new IPEndPoint(address, context.DnsEndPoint.Port), cancellationToken);
                return new NetworkStream(socket, ownsSocket: true);
            }
            catch
            {
                socket.Dispose();
                throw;
            }
        },
    };

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}

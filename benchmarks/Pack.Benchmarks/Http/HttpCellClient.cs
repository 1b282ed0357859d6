using Grpc.Net.Client;
using Pack.Benchmarks.Http.Grpc;
using ProtoBuf.Grpc.Client;

namespace Pack.Benchmarks.Http;

/// <summary>
/// What one cell's workers share: one <see cref="HttpClient"/> (over one pooled <see cref="SocketsHttpHandler"/>), and
/// for the gRPC peers one <see cref="GrpcChannel"/> over the same kind of handler with their clients.
/// </summary>
public sealed class HttpCellClient : IDisposable
{
    private readonly GrpcChannel? channel;

    /// <summary>Creates the clients for one cell.</summary>
    public HttpCellClient(HttpFormat format, HttpApi api, string action, Uri baseAddress, Version protocol, string? expectedMediaType)
    {
        Format = format;
        Path = format is HttpFormat.Grpc ? HttpWorkloadPaths.GrpcService + action
            : format is HttpFormat.GrpcCodeFirst ? HttpWorkloadPaths.CodeFirstService + action
            : action.StartsWith('/') ? action
            : HttpWorkloadPaths.Of(api, format, action);
        Http = new HttpClient(new ResponseCheckHandler(format, expectedMediaType, protocol) { InnerHandler = CreateHandler() })
        {
            BaseAddress = baseAddress,
            DefaultRequestVersion = protocol,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Timeout = TimeSpan.FromSeconds(60),
        };
        if (format is HttpFormat.Grpc or HttpFormat.GrpcCodeFirst)
        {
            channel = GrpcChannel.ForAddress(baseAddress, new GrpcChannelOptions
            {
                HttpHandler = new ResponseCheckHandler(format, expectedMediaType, protocol) { InnerHandler = CreateHandler() },
                DisposeHttpClient = true,
                MaxReceiveMessageSize = null,
            });
            Grpc = new HttpWorkloads.HttpWorkloadsClient(channel);
            CodeFirst = channel.CreateGrpcService<ICodeFirstWorkloads>();
        }
    }

    /// <summary>The format of the cell.</summary>
    public HttpFormat Format { get; }

    /// <summary>The request path (for gRPC, the method's path).</summary>
    public string Path { get; }

    /// <summary>The HTTP client (JSON, Pack, the ceiling, and the byte-count probe of every cell).</summary>
    public HttpClient Http { get; }

    /// <summary>The Grpc.AspNetCore generated client, for gRPC cells.</summary>
    public HttpWorkloads.HttpWorkloadsClient? Grpc { get; }

    /// <summary>The protobuf-net.Grpc code-first client, for gRPC cells.</summary>
    public ICodeFirstWorkloads? CodeFirst { get; }

    /// <inheritdoc/>
    public void Dispose()
    {
        Http.Dispose();
        channel?.Dispose();
    }

    private static SocketsHttpHandler CreateHandler() => new()
    {
        PooledConnectionLifetime = Timeout.InfiniteTimeSpan,
        PooledConnectionIdleTimeout = TimeSpan.FromMinutes(5),
        MaxConnectionsPerServer = int.MaxValue,
        AutomaticDecompression = System.Net.DecompressionMethods.None,
        UseCookies = false,
        UseProxy = false,

        // One HTTP/2 connection per cell for every peer (GrpcChannel would otherwise allow more).
        EnableMultipleHttp2Connections = false,
    };
}

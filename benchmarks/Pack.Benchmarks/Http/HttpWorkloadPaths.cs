namespace Pack.Benchmarks.Http;

/// <summary>The routes of the HTTP workloads.</summary>
public static class HttpWorkloadPaths
{
    /// <summary>The MVC controller's route prefix (JSON or Pack by <c>Accept</c>).</summary>
    public const string Prefix = "h";

    /// <summary>The minimal APIs answering with <c>PackResults</c> (the Pack cells).</summary>
    public const string MinimalPack = "m";

    /// <summary>The minimal APIs returning values as System.Text.Json (the JSON cells).</summary>
    public const string MinimalJson = "mj";

    /// <summary>H1.</summary>
    public const string Small = "small";

    /// <summary>H2.</summary>
    public const string List100 = "list100";

    /// <summary>H3.</summary>
    public const string Organization10k = "organization10k";

    /// <summary>H3 at any size: <c>?members=N</c> (the <c>--memory</c> mode).</summary>
    public const string Organization = "organization";

    /// <summary>H4.</summary>
    public const string Echo = "echo";

    /// <summary>H5.</summary>
    public const string Stream100k = "stream100k";

    /// <summary>H6: client streaming (the gRPC method of the same name, <c>Upload</c>).</summary>
    public const string Upload = "upload";

    /// <summary>H7_PingPong1k: bidirectional (gRPC <c>PingPong</c>).</summary>
    public const string PingPong = "pingpong";

    /// <summary>H7_Echo100k: bidirectional (gRPC <c>EchoStream</c>).</summary>
    public const string EchoStream = "echostream";

    /// <summary>The Kestrel ceiling: an empty 200 straight from a request delegate, no MVC and no body.</summary>
    public const string Ceiling = "/ceiling";

    /// <summary>The Grpc.AspNetCore service (<c>Protos/http_workloads.proto</c>).</summary>
    public const string GrpcService = "/pack.benchmarks.http.HttpWorkloads/";

    /// <summary>The protobuf-net.Grpc code-first service.</summary>
    public const string CodeFirstService = "/pack.benchmarks.http.CodeFirstWorkloads/";

    /// <summary>The request path of an MVC action.</summary>
    public static string Of(string action) => "/" + Prefix + "/" + action;

    /// <summary>The request path of <paramref name="action"/> for a host style and format.</summary>
    public static string Of(HttpApi api, HttpFormat format, string action) => api switch
    {
        HttpApi.Minimal => "/" + (format is HttpFormat.Pack or HttpFormat.PackProducer ? MinimalPack : MinimalJson) + "/" + action,
        _ => Of(action),
    };
}

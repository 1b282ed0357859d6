namespace Pack.Benchmarks.Http;

/// <summary>The wire format (and peer) a cell uses.</summary>
public enum HttpFormat
{
    /// <summary>No body (the Kestrel ceiling).</summary>
    None,

    /// <summary><c>Accept: application/json</c>; System.Net.Http.Json on the client.</summary>
    Json,

    /// <summary>Pack through Pack.Client's extensions, which send <c>Accept: application/x-pack, application/json;q=0.9</c>.</summary>
    Pack,

    /// <summary>
    /// H7_PingPong1k only: Pack's bidirectional call from an <see cref="IAsyncEnumerable{T}"/> producer
    /// (<c>StreamPackAsync</c>), beside <see cref="Pack"/>'s caller-driven <c>PackDuplexCall</c>, so both are reported.
    /// </summary>
    PackProducer,

    /// <summary>Grpc.AspNetCore with <c>.proto</c>-generated messages; Grpc.Net.Client's generated client. h2c only.</summary>
    Grpc,

    /// <summary>protobuf-net.Grpc code-first (C# contracts, no <c>.proto</c>); its client over Grpc.Net.Client. h2c only.</summary>
    GrpcCodeFirst,
}

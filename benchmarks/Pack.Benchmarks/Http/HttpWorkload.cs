using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using Grpc.Core;
using Pack.Benchmarks.Http.Grpc;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;
using Pack.Client;
using ProtoBuf.Grpc;

namespace Pack.Benchmarks.Http;

/// <summary>
/// One HTTP workload: how to make one request (or, for H6 and H7, one streaming call) with each format and check the
/// answer. <see cref="ExecuteAsync"/> returns the number of items decoded; with <c>deep</c> it also compares the decoded
/// value with the data the server holds (the streaming calls check every item on every call). H7_PingPong1k adds the time
/// of each round trip to the list it is given.
/// </summary>
public sealed partial record HttpWorkload(
    string Id,
    string Action,
    int ExpectedItems,
    Func<HttpCellClient, bool, List<long>?, CancellationToken, Task<int>> ExecuteAsync)
{
    /// <summary>H6_Upload100k's and H7_Echo100k's members per call, as the workloads define them.</summary>
    public const int DefaultStreamItems = 100_000;

    /// <summary>H7_PingPong1k's round trips per call, as the workload defines them.</summary>
    public const int DefaultRoundTrips = 1_000;

    private static readonly JsonSerializerOptions WebJson = JsonSerializerOptions.Web;

    /// <summary>
    /// Every workload, the Kestrel ceiling first, with <paramref name="streamItems"/> members per H6/H7_Echo call and
    /// <paramref name="roundTrips"/> round trips per H7_PingPong call (the workload IDs keep the defined sizes).
    /// </summary>
    public static IReadOnlyList<HttpWorkload> Create(int streamItems = DefaultStreamItems, int roundTrips = DefaultRoundTrips) =>
    [
        new("H0_KestrelCeiling", HttpWorkloadPaths.Ceiling, 0, Unary(CeilingAsync)),
        new("H1_Small", HttpWorkloadPaths.Small, 1, Unary(SmallAsync)),
        new("H2_List100", HttpWorkloadPaths.List100, 100, Unary(List100Async)),
        new("H3_Organization10k", HttpWorkloadPaths.Organization10k, 10_000, Unary((c, d, t) => GetAsync(c, HttpWorkloadData.Organization10k, v => v.Members?.Count ?? -1, d, t))),
        new("H4_EchoPost1k", HttpWorkloadPaths.Echo, 1_000, Unary(EchoAsync)),
        new("H5_Stream100k", HttpWorkloadPaths.Stream100k, 100_000, Unary(StreamAsync)),
        .. Streaming(streamItems, roundTrips),
    ];

    /// <summary>Whether the request carries a body (H4).</summary>
    public bool IsPost => Id.StartsWith("H4_", StringComparison.Ordinal);

    /// <summary>Whether the workload has gRPC peers (H1, H2, H5, H6, H7).</summary>
    public bool HasGrpc => Id is "H1_Small" or "H2_List100" or "H5_Stream100k" || IsStreamingCall;

    /// <summary>The formats this workload runs with.</summary>
    public IReadOnlyList<HttpFormat> Formats => ExpectedItems == 0 ? [HttpFormat.None]
        : RecordsRoundTrips ? [HttpFormat.Pack, HttpFormat.PackProducer, HttpFormat.Grpc, HttpFormat.GrpcCodeFirst]
        : IsBidirectional ? [HttpFormat.Pack, HttpFormat.Grpc, HttpFormat.GrpcCodeFirst]
        : HasGrpc ? [HttpFormat.Json, HttpFormat.Pack, HttpFormat.Grpc, HttpFormat.GrpcCodeFirst]
        : [HttpFormat.Json, HttpFormat.Pack];

    /// <summary>
    /// Whether the cell exists: gRPC and the bidirectional calls (H7) need HTTP/2 (on HTTP/1.1 a bidirectional call is
    /// half-duplex, the upload first, which is not the workload), and H6's JSON peer is a minimal API only (MVC's JSON
    /// input formatter would buffer the whole array before the action runs).
    /// </summary>
    public bool Runs(HttpFormat format, HttpApi api, Version protocol) =>
        (protocol == HttpVersion.Version20 || (format is not (HttpFormat.Grpc or HttpFormat.GrpcCodeFirst) && !IsBidirectional))
        && !(IsStreamingCall && format == HttpFormat.Json && api != HttpApi.Minimal);

    /// <summary>The response media type the server must send for <paramref name="format"/>.</summary>
    public string? ExpectedMediaType(HttpFormat format) => format switch
    {
        HttpFormat.Json => "application/json",
        HttpFormat.Pack => Id.StartsWith("H5", StringComparison.Ordinal) || IsBidirectional ? PackMediaTypes.PackStream : PackMediaTypes.Pack,
        HttpFormat.PackProducer => PackMediaTypes.PackStream,
        HttpFormat.Grpc or HttpFormat.GrpcCodeFirst => "application/grpc",
        _ => null,
    };

    /// <summary>A request equivalent to the one <see cref="ExecuteAsync"/> sends, to count the bytes on the wire.</summary>
    public HttpRequestMessage CreateProbeRequest(HttpFormat format, string path)
    {
        if (format is HttpFormat.Grpc or HttpFormat.GrpcCodeFirst)
        {
            // One empty message: no compression flag, zero length.
            var grpc = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(new byte[5]) };
            grpc.Content.Headers.ContentType = new MediaTypeHeaderValue("application/grpc");
            grpc.Headers.TryAddWithoutValidation("TE", "trailers");
            return grpc;
        }

        var request = new HttpRequestMessage(IsPost ? HttpMethod.Post : HttpMethod.Get, path);
        if (request.Method == HttpMethod.Post)
        {
            request.Content = format == HttpFormat.Pack
                ? PackContent.Create(HttpWorkloadData.Organization1k)
                : JsonContent.Create(HttpWorkloadData.Organization1k, mediaType: null, WebJson);
        }

        if (ExpectedMediaType(format) is { } mediaType)
        {
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(mediaType));
        }

        return request;
    }

    private static CallContext Context(CancellationToken cancellationToken) => new(new CallOptions(cancellationToken: cancellationToken));

    private static Func<HttpCellClient, bool, List<long>?, CancellationToken, Task<int>> Unary(Func<HttpCellClient, bool, CancellationToken, Task<int>> execute) =>
        (client, deep, _, cancellationToken) => execute(client, deep, cancellationToken);

    private static async Task<int> CeilingAsync(HttpCellClient client, bool deep, CancellationToken cancellationToken)
    {
        using var response = await client.Http.GetAsync(client.Path, HttpCompletionOption.ResponseContentRead, cancellationToken);
        response.EnsureSuccessStatusCode();
        return 0;
    }

    private static async Task<int> SmallAsync(HttpCellClient client, bool deep, CancellationToken cancellationToken)
    {
        switch (client.Format)
        {
            case HttpFormat.Grpc:
                var message = await client.Grpc!.SmallAsync(new EmptyRequest(), cancellationToken: cancellationToken);
                return Check(HttpWorkloadData.ToSmallObject(message), HttpWorkloadData.Small, _ => 1, deep);
            case HttpFormat.GrpcCodeFirst:
                var contract = await client.CodeFirst!.SmallAsync(new EmptyContract(), Context(cancellationToken));
                return Check<object>(contract, HttpWorkloadData.Small, _ => 1, deep);
            default:
                return await GetAsync(client, HttpWorkloadData.Small, _ => 1, deep, cancellationToken);
        }
    }

    private static async Task<int> List100Async(HttpCellClient client, bool deep, CancellationToken cancellationToken)
    {
        switch (client.Format)
        {
            case HttpFormat.Grpc:
                var message = await client.Grpc!.List100Async(new EmptyRequest(), cancellationToken: cancellationToken);
                return deep ? Check(message.Members.Select(HttpWorkloadData.ToMember).ToList(), HttpWorkloadData.List100, v => v.Count, deep) : message.Members.Count;
            case HttpFormat.GrpcCodeFirst:
                var contract = await client.CodeFirst!.List100Async(new EmptyContract(), Context(cancellationToken));
                return Check<object>(contract.Members, HttpWorkloadData.List100, _ => contract.Members.Count, deep);
            default:
                return await GetAsync(client, HttpWorkloadData.List100, v => v.Count, deep, cancellationToken);
        }
    }

    private static async Task<int> GetAsync<T>(HttpCellClient client, T expected, Func<T, int> count, bool deep, CancellationToken cancellationToken)
    {
        var value = client.Format == HttpFormat.Pack
            ? await client.Http.GetFromPackAsync<T>(client.Path, cancellationToken)
            : await client.Http.GetFromJsonAsync<T>(client.Path, WebJson, cancellationToken);
        return Check(value, expected, count, deep);
    }

    private static async Task<int> EchoAsync(HttpCellClient client, bool deep, CancellationToken cancellationToken)
    {
        var expected = HttpWorkloadData.Organization1k;
        Organization? value;
        if (client.Format == HttpFormat.Pack)
        {
            value = await client.Http.PostAsPackAsync<Organization, Organization>(client.Path, expected, cancellationToken);
        }
        else
        {
            using var response = await client.Http.PostAsJsonAsync(client.Path, expected, WebJson, cancellationToken);
            response.EnsureSuccessStatusCode();
            value = await response.Content.ReadFromJsonAsync<Organization>(WebJson, cancellationToken);
        }

        return Check(value, expected, v => v.Members?.Count ?? -1, deep);
    }

    private static async Task<int> StreamAsync(HttpCellClient client, bool deep, CancellationToken cancellationToken)
    {
        var received = deep ? new List<object>() : null;
        var count = 0;
        switch (client.Format)
        {
            case HttpFormat.Grpc:
                using (var call = client.Grpc!.Stream100k(new EmptyRequest(), cancellationToken: cancellationToken))
                {
                    await foreach (var item in call.ResponseStream.ReadAllAsync(cancellationToken))
                    {
                        received?.Add(HttpWorkloadData.ToMember(item));
                        count++;
                    }
                }

                break;
            case HttpFormat.GrpcCodeFirst:
                await foreach (var item in client.CodeFirst!.Stream100kAsync(new EmptyContract(), Context(cancellationToken)))
                {
                    received?.Add(item);
                    count++;
                }

                break;
            default:
                var items = client.Format == HttpFormat.Pack
                    ? client.Http.GetFromPackAsAsyncEnumerable<Member>(client.Path, cancellationToken)
                    : client.Http.GetFromJsonAsAsyncEnumerable<Member>(client.Path, WebJson, cancellationToken);
                await foreach (var item in items)
                {
                    if (item is null)
                    {
                        throw new InvalidDataException($"{client.Path}: item {count} decoded as null");
                    }

                    received?.Add(item);
                    count++;
                }

                break;
        }

        return received is null ? count : Check<object>(received, HttpWorkloadData.Stream100k, _ => received.Count, deep: true);
    }

    private static int Check<T>(T? value, T expected, Func<T, int> count, bool deep)
    {
        if (value is null)
        {
            throw new InvalidDataException("The response decoded as null.");
        }

        // Serialized by runtime type, so a gRPC message's POCO or a code-first contract compares with the server's POCO.
        if (deep && JsonSerializer.Serialize<object>(value, WebJson) != JsonSerializer.Serialize<object?>(expected, WebJson))
        {
            throw new InvalidDataException($"The decoded {value.GetType().Name} differs from the server's data.");
        }

        return count(value);
    }
}

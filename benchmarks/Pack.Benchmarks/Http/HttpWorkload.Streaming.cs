using System.Diagnostics;
using System.Net.Http.Json;
using Grpc.Core;
using Pack.Benchmarks.Http.Grpc;
using Pack.Benchmarks.Workloads;
using Pack.Client;

namespace Pack.Benchmarks.Http;

/// <summary>
/// The streaming calls: H6_Upload100k (client streaming) and H7 (bidirectional, HTTP/2). Each peer sends the same items
/// as a user of its library would: Pack through <c>PostAsPackStreamAsync</c> and <c>StreamPackAsync</c> from an
/// <see cref="IAsyncEnumerable{T}"/>, except H7_PingPong1k, which Pack runs through its caller-driven
/// <see cref="PackDuplexCall{TRequest, TResponse}"/> (<c>WriteAsync</c>, then <c>MoveNextAsync</c>, as the gRPC client does)
/// and, as the separate format <see cref="HttpFormat.PackProducer"/>, through <c>StreamPackAsync</c>; JSON (H6 only) as one array serialized from an <see cref="IAsyncEnumerable{T}"/>,
/// Grpc.AspNetCore with the generated client's <c>RequestStream.WriteAsync</c>, protobuf-net.Grpc from an
/// <see cref="IAsyncEnumerable{T}"/>. Every call checks every item (<see cref="StreamChecks"/>).
/// </summary>
public sealed partial record HttpWorkload
{
    // A call that hangs (a peer that never answers a ping) fails its cell rather than the whole run.
    private static readonly TimeSpan CallTimeout = TimeSpan.FromMinutes(2);

    /// <summary>Whether one execution is a streaming call of many items (H6, H7) rather than a request.</summary>
    public bool IsStreamingCall => Id.StartsWith("H6_", StringComparison.Ordinal) || IsBidirectional;

    /// <summary>Whether the call streams both ways (H7).</summary>
    public bool IsBidirectional => Id.StartsWith("H7_", StringComparison.Ordinal);

    /// <summary>Whether the latencies are per round trip within a call (H7_PingPong1k) rather than per call.</summary>
    public bool RecordsRoundTrips => Id.StartsWith("H7_PingPong", StringComparison.Ordinal);

    /// <summary>For the streaming calls, the bytes of one call's request stream in a format (computed, not sent).</summary>
    public Func<HttpFormat, long>? RequestStreamBytes { get; private init; }

    private static IEnumerable<HttpWorkload> Streaming(int streamItems, int roundTrips)
    {
        var data = new StreamingWorkloadData(streamItems);
        yield return new("H6_Upload100k", HttpWorkloadPaths.Upload, streamItems, (c, _, _, t) => UploadAsync(c, data, t))
        {
            RequestStreamBytes = format => data.RequestStreamBytes(format),
        };
        yield return new("H7_PingPong1k", HttpWorkloadPaths.PingPong, roundTrips, (c, _, l, t) => PingPongAsync(c, roundTrips, l, t))
        {
            RequestStreamBytes = format => data.RequestStreamBytes(format, roundTrips),
        };
        yield return new("H7_Echo100k", HttpWorkloadPaths.EchoStream, streamItems, (c, _, _, t) => EchoStreamAsync(c, data, t))
        {
            RequestStreamBytes = format => data.RequestStreamBytes(format),
        };
    }

    private static async Task<int> UploadAsync(HttpCellClient client, StreamingWorkloadData data, CancellationToken cancellationToken)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(CallTimeout);
        var token = timeout.Token;
        var expectedCount = data.Members.Count;
        switch (client.Format)
        {
            case HttpFormat.Grpc:
                using (var call = client.Grpc!.Upload(cancellationToken: token))
                {
                    foreach (var message in data.Messages)
                    {
                        await call.RequestStream.WriteAsync(message, token);
                    }

                    await call.RequestStream.CompleteAsync();
                    var summary = await call.ResponseAsync;
                    return StreamChecks.Summary(summary.Count, summary.Sum, expectedCount, data.ExpectedSum);
                }

            case HttpFormat.GrpcCodeFirst:
                var contract = await client.CodeFirst!.UploadAsync(data.Contracts.ToAsyncEnumerable(), Context(token));
                return StreamChecks.Summary(contract.Count, contract.Sum, expectedCount, data.ExpectedSum);
            case HttpFormat.Pack:
                var packed = await client.Http.PostAsPackStreamAsync<Member, UploadSummary>(client.Path, data.Members.ToAsyncEnumerable(), token);
                return StreamChecks.Summary(packed?.Count, packed?.Sum, expectedCount, data.ExpectedSum);
            default:
                // System.Text.Json writes an IAsyncEnumerable<T> as one JSON array, item by item (chunked on HTTP/1.1).
                using (var response = await client.Http.PostAsJsonAsync(client.Path, data.Members.ToAsyncEnumerable(), WebJson, token))
                {
                    var json = await response.Content.ReadFromJsonAsync<UploadSummary>(WebJson, token);
                    return StreamChecks.Summary(json?.Count, json?.Sum, expectedCount, data.ExpectedSum);
                }
        }
    }

    private static async Task<int> EchoStreamAsync(HttpCellClient client, StreamingWorkloadData data, CancellationToken cancellationToken)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(CallTimeout);
        var token = timeout.Token;
        var count = 0;
        switch (client.Format)
        {
            case HttpFormat.Grpc:
                using (var call = client.Grpc!.EchoStream(cancellationToken: token))
                {
                    var sending = WriteAllAsync(call.RequestStream, data.Messages, token);
                    await foreach (var echoed in call.ResponseStream.ReadAllAsync(token))
                    {
                        StreamChecks.Echoed(echoed, data.Messages, count++, StreamChecks.Same);
                    }

                    await sending;
                }

                break;
            case HttpFormat.GrpcCodeFirst:
                await foreach (var echoed in client.CodeFirst!.EchoStreamAsync(data.Contracts.ToAsyncEnumerable(), Context(token)))
                {
                    StreamChecks.Echoed(echoed, data.Contracts, count++, StreamChecks.Same);
                }

                break;
            default:
                await foreach (var echoed in client.Http.StreamPackAsync<Member, Member>(client.Path, data.Members.ToAsyncEnumerable(), token))
                {
                    StreamChecks.Echoed(echoed, data.Members, count++, StreamChecks.Same);
                }

                break;
        }

        return count;
    }

    private static async Task<int> PingPongAsync(HttpCellClient client, int roundTrips, List<long>? latencies, CancellationToken cancellationToken)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(CallTimeout);
        var token = timeout.Token;
        switch (client.Format)
        {
            case HttpFormat.Grpc:
                var message = HttpWorkloadData.SmallMessage;
                using (var call = client.Grpc!.PingPong(cancellationToken: token))
                {
                    for (var i = 0; i < roundTrips; i++)
                    {
                        var start = Stopwatch.GetTimestamp();
                        await call.RequestStream.WriteAsync(message, token);
                        if (!await call.ResponseStream.MoveNext(token))
                        {
                            throw new InvalidDataException($"The call ended after {i} of {roundTrips} answers.");
                        }

                        StreamChecks.Echoed(call.ResponseStream.Current, message, i, StreamChecks.Same);
                        latencies?.Add(Stopwatch.GetTimestamp() - start);
                    }

                    await call.RequestStream.CompleteAsync();
                    if (await call.ResponseStream.MoveNext(token))
                    {
                        throw new InvalidDataException($"More than the {roundTrips} items sent were echoed.");
                    }
                }

                return roundTrips;
            case HttpFormat.GrpcCodeFirst:
                var contracts = new RoundTrips(roundTrips, latencies);
                var contract = HttpWorkloadData.SmallContract;
                await foreach (var echoed in client.CodeFirst!.PingPongAsync(contracts.SendAsync(contract, token), Context(token)))
                {
                    StreamChecks.Echoed(echoed, contract, contracts.Answers, StreamChecks.Same);
                    contracts.Answered();
                }

                return contracts.Answers;
            case HttpFormat.Pack:
                var item = HttpWorkloadData.Small;
                await using (var call = await client.Http.OpenPackStreamAsync<SmallObject, SmallObject>(client.Path, token))
                {
                    for (var i = 0; i < roundTrips; i++)
                    {
                        var start = Stopwatch.GetTimestamp();
                        await call.WriteAsync(item);
                        if (!await call.MoveNextAsync())
                        {
                            throw new InvalidDataException($"The call ended after {i} of {roundTrips} answers.");
                        }

                        StreamChecks.Echoed(call.Current, item, i, StreamChecks.Same);
                        latencies?.Add(Stopwatch.GetTimestamp() - start);
                    }

                    await call.CompleteAsync();
                    if (await call.MoveNextAsync())
                    {
                        throw new InvalidDataException($"More than the {roundTrips} items sent were echoed.");
                    }
                }

                return roundTrips;
            default:
                var pings = new RoundTrips(roundTrips, latencies);
                var small = HttpWorkloadData.Small;
                await foreach (var echoed in client.Http.StreamPackAsync<SmallObject, SmallObject>(client.Path, pings.SendAsync(small, token), token))
                {
                    StreamChecks.Echoed(echoed, small, pings.Answers, StreamChecks.Same);
                    pings.Answered();
                }

                return pings.Answers;
        }
    }

    private static async Task WriteAllAsync<T>(IClientStreamWriter<T> requestStream, List<T> items, CancellationToken cancellationToken)
    {
        foreach (var item in items)
        {
            await requestStream.WriteAsync(item, cancellationToken);
        }

        await requestStream.CompleteAsync();
    }
}

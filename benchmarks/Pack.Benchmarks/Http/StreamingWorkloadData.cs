using System.Buffers;
using System.Text.Json;
using Google.Protobuf;
using Pack.Benchmarks.Http.Grpc;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;
using Pack.Streaming;

namespace Pack.Benchmarks.Http;

/// <summary>
/// What H6_Upload100k and H7_Echo100k send: the first <c>count</c> W4 members of <see cref="HttpWorkloadData.Stream100k"/>
/// (100,000 in the measured runs, fewer in the smoke pass), the same data as POCOs (Pack, JSON), Grpc.AspNetCore messages
/// and protobuf-net contracts, built before anything is timed; and the sum H6's server must report.
/// </summary>
public sealed class StreamingWorkloadData
{
    /// <summary>Takes the first <paramref name="count"/> members (at most 100,000).</summary>
    public StreamingWorkloadData(int count)
    {
        if (count is < 1 or > 100_000)
        {
            throw new ArgumentOutOfRangeException(nameof(count), count, "Between 1 and 100,000 members.");
        }

        Members = HttpWorkloadData.Stream100k.GetRange(0, count);
        Messages = [.. HttpWorkloadData.Stream100kMessages.Take(count)];
        Contracts = [.. HttpWorkloadData.Stream100kContracts.Take(count)];
        foreach (var member in Members)
        {
            ExpectedSum += member.Value;
        }
    }

    /// <summary>The members as POCOs (Pack, JSON).</summary>
    public List<Member> Members { get; }

    /// <summary>The members as Grpc.AspNetCore messages.</summary>
    public List<MemberMessage> Messages { get; }

    /// <summary>The members as protobuf-net contracts.</summary>
    public List<MemberContract> Contracts { get; }

    /// <summary>The sum of the members' values in sending order, as the server adds them.</summary>
    public double ExpectedSum { get; }

    /// <summary>The bytes of one call's request stream in <paramref name="format"/>: the members, or <paramref name="roundTrips"/> W6 objects.</summary>
    public long RequestStreamBytes(HttpFormat format, int? roundTrips = null) => (format, roundTrips) switch
    {
        (HttpFormat.Pack, null) => PackStreamBytes(Members),
        (HttpFormat.Pack or HttpFormat.PackProducer, { } n) => PackStreamBytes(Enumerable.Repeat(HttpWorkloadData.Small, n)),
        (HttpFormat.Json, null) => JsonSerializer.SerializeToUtf8Bytes(Members, JsonSerializerOptions.Web).Length,
        (HttpFormat.Grpc, null) => GrpcBytes(Messages),
        (HttpFormat.Grpc, { } n) => GrpcBytes(Enumerable.Repeat(HttpWorkloadData.SmallMessage, n)),
        (HttpFormat.GrpcCodeFirst, null) => CodeFirstBytes(Contracts),
        (HttpFormat.GrpcCodeFirst, { } n) => CodeFirstBytes(Enumerable.Repeat(HttpWorkloadData.SmallContract, n)),
        _ => -1,
    };

    // Frames as Pack.Client writes them, and the End frame.
    private static long PackStreamBytes<T>(IEnumerable<T> items)
    {
        var buffer = new ArrayBufferWriter<byte>();
        foreach (var item in items)
        {
            PackStream.WriteItem(buffer, item);
        }

        PackStream.WriteEnd(buffer);
        return buffer.WrittenCount;
    }

    // gRPC's length-prefixed messages: a compression flag and a 4-byte length before each.
    private static long GrpcBytes(IEnumerable<IMessage> messages) => messages.Sum(message => 5L + message.CalculateSize());

    private static long CodeFirstBytes<T>(IEnumerable<T> contracts) => contracts.Sum(contract =>
    {
        using var measure = ProtoBuf.Serializer.Measure(contract);
        return 5L + measure.Length;
    });
}

using Pack.Benchmarks.Http.Grpc;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Http;

/// <summary>
/// The payloads of H1–H5, from the W4 and W6 builders (<c>new Random(42)</c>), built once per process, with the same data
/// as Grpc.AspNetCore messages and protobuf-net.Grpc contracts. H3's larger sizes (the <c>--memory</c> mode) are built
/// on first use and kept.
/// </summary>
public static class HttpWorkloadData
{
    private static readonly Dictionary<int, Organization> Organizations = [];

    /// <summary>H1.</summary>
    public static SmallObject Small { get; } = WorkloadData.SmallObject();

    /// <summary>H2.</summary>
    public static List<Member> List100 { get; } = WorkloadData.Organization(100).Members!;

    /// <summary>H3.</summary>
    public static Organization Organization10k { get; } = WorkloadData.Organization(10_000);

    /// <summary>H4, the request body.</summary>
    public static Organization Organization1k { get; } = WorkloadData.Organization(1_000);

    /// <summary>H5.</summary>
    public static List<Member> Stream100k { get; } = WorkloadData.Organization(100_000).Members!;

    /// <summary>H1 for Grpc.AspNetCore.</summary>
    public static SmallObjectMessage SmallMessage { get; } = ToMessage(Small);

    /// <summary>H2 for Grpc.AspNetCore.</summary>
    public static MemberListMessage List100Message { get; } = new() { Members = { List100.Select(ToMessage) } };

    /// <summary>H5 for Grpc.AspNetCore.</summary>
    public static IReadOnlyList<MemberMessage> Stream100kMessages { get; } = [.. Stream100k.Select(ToMessage)];

    /// <summary>H1 for protobuf-net.Grpc.</summary>
    public static SmallObjectContract SmallContract { get; } = ContractMapper.ToContract(Small);

    /// <summary>H2 for protobuf-net.Grpc.</summary>
    public static MemberListContract List100Contract { get; } = new() { Members = [.. List100.Select(ContractMapper.ToContract)] };

    /// <summary>H5 for protobuf-net.Grpc.</summary>
    public static IReadOnlyList<MemberContract> Stream100kContracts { get; } = [.. Stream100k.Select(ContractMapper.ToContract)];

    /// <summary>A W4 organization of <paramref name="members"/> members, built once (H3 at 10,000 is <see cref="Organization10k"/>).</summary>
    public static Organization Organization(int members)
    {
        if (members == 10_000)
        {
            return Organization10k;
        }

        lock (Organizations)
        {
            if (!Organizations.TryGetValue(members, out var organization))
            {
                organization = WorkloadData.Organization(members);
                Organizations.Add(members, organization);
            }

            return organization;
        }
    }

    /// <summary>The POCO a gRPC member message stands for.</summary>
    public static Member ToMember(MemberMessage message) => new()
    {
        Id = message.Id,
        Name = message.Name,
        Description = message.Description,
        Address = message.Address,
        Value = message.Value,
        UpdateTime = message.UpdateTime,
    };

    /// <summary>The POCO a gRPC small-object message stands for.</summary>
    public static SmallObject ToSmallObject(SmallObjectMessage message) => new()
    {
        Id = message.Id, Age = message.Age, Score = message.Score, Name = message.Name, Greeting = message.Greeting,
    };

    private static SmallObjectMessage ToMessage(SmallObject value) => new()
    {
        Id = value.Id, Age = value.Age, Score = value.Score, Name = value.Name, Greeting = value.Greeting,
    };

    private static MemberMessage ToMessage(Member value) => new()
    {
        Id = value.Id,
        Name = value.Name,
        Description = value.Description,
        Address = value.Address,
        Value = value.Value,
        UpdateTime = value.UpdateTime,
    };
}

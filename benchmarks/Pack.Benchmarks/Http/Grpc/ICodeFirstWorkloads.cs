using Pack.Benchmarks.Peers.Contracts;
using ProtoBuf.Grpc;
using ProtoBuf.Grpc.Configuration;

namespace Pack.Benchmarks.Http.Grpc;

/// <summary>
/// The protobuf-net.Grpc code-first peer of H1, H2, H5, H6 and H7: a C# contract and no <c>.proto</c>, the closest rival
/// to Pack's "use the POCOs you have" (here the attributed copies of the workload types).
/// </summary>
[Service("pack.benchmarks.http.CodeFirstWorkloads")]
public interface ICodeFirstWorkloads
{
    /// <summary>H1_Small: one W6 object.</summary>
    [Operation("Small")]
    ValueTask<SmallObjectContract> SmallAsync(EmptyContract request, CallContext context = default);

    /// <summary>H2_List100: 100 W4 members.</summary>
    [Operation("List100")]
    ValueTask<MemberListContract> List100Async(EmptyContract request, CallContext context = default);

    /// <summary>H5_Stream100k: 100,000 W4 members, server streaming.</summary>
    [Operation("Stream100k")]
    IAsyncEnumerable<MemberContract> Stream100kAsync(EmptyContract request, CallContext context = default);

    /// <summary>H6_Upload100k: W4 members, client streaming; answered with their count and sum.</summary>
    [Operation("Upload")]
    ValueTask<UploadSummaryContract> UploadAsync(IAsyncEnumerable<MemberContract> members, CallContext context = default);

    /// <summary>H7_PingPong1k: W6 objects, bidirectional; each echoed as soon as it arrives.</summary>
    [Operation("PingPong")]
    IAsyncEnumerable<SmallObjectContract> PingPongAsync(IAsyncEnumerable<SmallObjectContract> items, CallContext context = default);

    /// <summary>H7_Echo100k: W4 members, bidirectional; each echoed as soon as it arrives.</summary>
    [Operation("EchoStream")]
    IAsyncEnumerable<MemberContract> EchoStreamAsync(IAsyncEnumerable<MemberContract> members, CallContext context = default);
}

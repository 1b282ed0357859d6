using Pack.Benchmarks.Peers.Contracts;
using ProtoBuf.Grpc;

namespace Pack.Benchmarks.Http.Grpc;

/// <summary>The server side of <see cref="ICodeFirstWorkloads"/>: the same prebuilt data as the other cells.</summary>
public sealed class CodeFirstWorkloadService : ICodeFirstWorkloads
{
    /// <inheritdoc/>
    public ValueTask<SmallObjectContract> SmallAsync(EmptyContract request, CallContext context = default) =>
        ValueTask.FromResult(HttpWorkloadData.SmallContract);

    /// <inheritdoc/>
    public ValueTask<MemberListContract> List100Async(EmptyContract request, CallContext context = default) =>
        ValueTask.FromResult(HttpWorkloadData.List100Contract);

    /// <inheritdoc/>
    public IAsyncEnumerable<MemberContract> Stream100kAsync(EmptyContract request, CallContext context = default) =>
        HttpWorkloadData.Stream100kContracts.ToAsyncEnumerable();

    /// <inheritdoc/>
    public async ValueTask<UploadSummaryContract> UploadAsync(IAsyncEnumerable<MemberContract> members, CallContext context = default)
    {
        var summary = new UploadSummaryContract();
        await foreach (var member in members.WithCancellation(context.CancellationToken).ConfigureAwait(false))
        {
            summary.Count++;
            summary.Sum += member.Value;
        }

        return summary;
    }

    /// <inheritdoc/>
    public IAsyncEnumerable<SmallObjectContract> PingPongAsync(IAsyncEnumerable<SmallObjectContract> items, CallContext context = default) => items;

    /// <inheritdoc/>
    public IAsyncEnumerable<MemberContract> EchoStreamAsync(IAsyncEnumerable<MemberContract> members, CallContext context = default) => members;
}

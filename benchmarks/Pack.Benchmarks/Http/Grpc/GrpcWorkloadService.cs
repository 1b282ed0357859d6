using Grpc.Core;

namespace Pack.Benchmarks.Http.Grpc;

/// <summary>The Grpc.AspNetCore peer of H1, H2, H5, H6 and H7 (service base generated from <c>Protos/http_workloads.proto</c>).</summary>
public sealed class GrpcWorkloadService : HttpWorkloads.HttpWorkloadsBase
{
    /// <inheritdoc/>
    public override Task<SmallObjectMessage> Small(EmptyRequest request, ServerCallContext context) =>
        Task.FromResult(HttpWorkloadData.SmallMessage);

    /// <inheritdoc/>
    public override Task<MemberListMessage> List100(EmptyRequest request, ServerCallContext context) =>
        Task.FromResult(HttpWorkloadData.List100Message);

    /// <inheritdoc/>
    public override async Task Stream100k(EmptyRequest request, IServerStreamWriter<MemberMessage> responseStream, ServerCallContext context)
    {
        foreach (var member in HttpWorkloadData.Stream100kMessages)
        {
            await responseStream.WriteAsync(member, context.CancellationToken).ConfigureAwait(false);
        }
    }

    /// <inheritdoc/>
    public override async Task<UploadSummaryMessage> Upload(IAsyncStreamReader<MemberMessage> requestStream, ServerCallContext context)
    {
        var summary = new UploadSummaryMessage();
        await foreach (var member in requestStream.ReadAllAsync(context.CancellationToken).ConfigureAwait(false))
        {
            summary.Count++;
            summary.Sum += member.Value;
        }

        return summary;
    }

    /// <inheritdoc/>
    public override Task PingPong(IAsyncStreamReader<SmallObjectMessage> requestStream, IServerStreamWriter<SmallObjectMessage> responseStream, ServerCallContext context) =>
        EchoAsync(requestStream, responseStream, context.CancellationToken);

    /// <inheritdoc/>
    public override Task EchoStream(IAsyncStreamReader<MemberMessage> requestStream, IServerStreamWriter<MemberMessage> responseStream, ServerCallContext context) =>
        EchoAsync(requestStream, responseStream, context.CancellationToken);

    // Each message is written (and so flushed, as WriteAsync does) as soon as it has been read.
    private static async Task EchoAsync<T>(IAsyncStreamReader<T> requestStream, IServerStreamWriter<T> responseStream, CancellationToken cancellationToken)
    {
        await foreach (var item in requestStream.ReadAllAsync(cancellationToken).ConfigureAwait(false))
        {
            await responseStream.WriteAsync(item, cancellationToken).ConfigureAwait(false);
        }
    }
}

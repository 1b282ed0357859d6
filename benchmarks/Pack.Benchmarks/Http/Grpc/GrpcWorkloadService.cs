using Grpc.Core;

namespace Pack.Benchmarks.Http.Grpc;

/// <summary>The Grpc.AspNetCore peer of H1, H2 and H5 (service base generated from <c>Protos/http_workloads.proto</c>).</summary>
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
}

using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Http;

/// <summary>H6_Upload100k's answer: how many members the server read and the sum of their <see cref="Member.Value"/>s.</summary>
public sealed class UploadSummary
{
    /// <summary>The members read.</summary>
    public int Count { get; set; }

    /// <summary>The sum of their values, added in arrival order.</summary>
    public double Sum { get; set; }

    /// <summary>Reads <paramref name="members"/> to the end as they arrive and sums them (the server side of every H6 peer but gRPC).</summary>
    public static async Task<UploadSummary> SumAsync(IAsyncEnumerable<Member?> members, CancellationToken cancellationToken)
    {
        var summary = new UploadSummary();
        await foreach (var member in members.WithCancellation(cancellationToken).ConfigureAwait(false))
        {
            if (member is null)
            {
                throw new InvalidDataException($"Member {summary.Count} arrived as null.");
            }

            summary.Count++;
            summary.Sum += member.Value;
        }

        return summary;
    }
}

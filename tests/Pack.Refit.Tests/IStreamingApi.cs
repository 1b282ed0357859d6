using Pack.Client.Tests.Streaming;
using Refit;

namespace Pack.Refit.Tests;

/// <summary>Client streaming and bidirectional streaming as plain Refit methods: an <see cref="IAsyncEnumerable{T}"/> <c>[Body]</c>.</summary>
public interface IStreamingApi
{
    [Post("/mvc/sum")]
    Task<ReadingSummary> SumAsync([Body] IAsyncEnumerable<Reading> readings, CancellationToken cancellationToken = default);

    [Post("/minimal/sum")]
    Task<ReadingSummary> SumMinimalAsync([Body] IAsyncEnumerable<Reading> readings, CancellationToken cancellationToken = default);

    [Post("/mvc/echo")]
    IAsyncEnumerable<Reading> EchoAsync([Body] IAsyncEnumerable<Reading> readings, CancellationToken cancellationToken = default);
}

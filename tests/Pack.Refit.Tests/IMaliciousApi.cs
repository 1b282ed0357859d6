using Pack.Client.Tests.Budget;
using Refit;

namespace Pack.Refit.Tests;

/// <summary>The crafted responses of <see cref="MaliciousServerHost"/>, read as plain Refit results.</summary>
public interface IMaliciousApi
{
    [Get("/" + MaliciousServerHost.NullFrames)]
    Task<List<decimal?>> GetNullFramesAsync(CancellationToken cancellationToken = default);

    [Get("/" + MaliciousServerHost.NullFrames)]
    Task<decimal?[]> GetNullFramesAsArrayAsync(CancellationToken cancellationToken = default);

    [Get("/" + MaliciousServerHost.AllocatingFrames)]
    Task<List<AllocatingItem>> GetAllocatingFramesAsync(CancellationToken cancellationToken = default);

    [Get("/" + MaliciousServerHost.AllocatingList)]
    Task<List<AllocatingItem>> GetAllocatingListAsync(CancellationToken cancellationToken = default);

    [Get("/" + MaliciousServerHost.Small)]
    Task<int> GetSmallAsync(CancellationToken cancellationToken = default);

    [Get("/" + MaliciousServerHost.SmallOnNewConnection)]
    Task<int> GetSmallOnNewConnectionAsync(CancellationToken cancellationToken = default);
}

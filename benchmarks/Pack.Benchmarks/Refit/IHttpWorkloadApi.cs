using Pack.Benchmarks.Http;
using Pack.Benchmarks.Workloads;
using Refit;

namespace Pack.Benchmarks.Refit;

/// <summary>H1 and H2 of the HTTP workloads as a Refit interface, as a Refit user would declare them.</summary>
public interface IHttpWorkloadApi
{
    /// <summary>H1_Small.</summary>
    [Get("/" + HttpWorkloadPaths.Prefix + "/" + HttpWorkloadPaths.Small)]
    Task<SmallObject> SmallAsync(CancellationToken cancellationToken = default);

    /// <summary>H2_List100.</summary>
    [Get("/" + HttpWorkloadPaths.Prefix + "/" + HttpWorkloadPaths.List100)]
    Task<List<Member>> List100Async(CancellationToken cancellationToken = default);
}

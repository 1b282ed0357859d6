using Microsoft.AspNetCore.Mvc;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Http;

/// <summary>
/// The actions behind H1–H7. Each is called once with <c>Accept: application/json</c> and once asking for Pack; MVC's
/// content negotiation picks System.Text.Json or the Pack formatters. The payloads are built once, so a request measures
/// routing, negotiation, formatting and transport, not building the data.
/// </summary>
[ApiController]
[Route(HttpWorkloadPaths.Prefix)]
public sealed class HttpWorkloadController : ControllerBase
{
    /// <summary>H1_Small: one W6 object.</summary>
    [HttpGet(HttpWorkloadPaths.Small)]
    public SmallObject Small() => HttpWorkloadData.Small;

    /// <summary>H2_List100: 100 W4 members.</summary>
    [HttpGet(HttpWorkloadPaths.List100)]
    public List<Member> List100() => HttpWorkloadData.List100;

    /// <summary>H3_Organization10k: a W4 organization with 10,000 members.</summary>
    [HttpGet(HttpWorkloadPaths.Organization10k)]
    public Organization Organization10k() => HttpWorkloadData.Organization10k;

    /// <summary>H3 at any size (the <c>--memory</c> mode): a W4 organization with <paramref name="members"/> members.</summary>
    [HttpGet(HttpWorkloadPaths.Organization)]
    public Organization Organization([FromQuery] int members) => HttpWorkloadData.Organization(members);

    /// <summary>H4_EchoPost1k: the posted organization (1,000 members), read by the input formatter and written back.</summary>
    [HttpPost(HttpWorkloadPaths.Echo)]
    public Organization Echo(Organization organization) => organization;

    /// <summary>H5_Stream100k: 100,000 members as an <see cref="IAsyncEnumerable{T}"/>, streamed as they are enumerated.</summary>
    [HttpGet(HttpWorkloadPaths.Stream100k)]
    public IAsyncEnumerable<Member> Stream100k() => HttpWorkloadData.Stream100k.ToAsyncEnumerable();

    /// <summary>H6_Upload100k: a Pack request stream of members, each read as its frame arrives; answers their count and sum.</summary>
    [HttpPost(HttpWorkloadPaths.Upload)]
    [DisableRequestSizeLimit]
    public Task<UploadSummary> Upload([FromBody] IAsyncEnumerable<Member> members) =>
        UploadSummary.SumAsync(members, HttpContext.RequestAborted);

    /// <summary>H7_PingPong1k: bidirectional (HTTP/2); each W6 object is written back as soon as it has been read.</summary>
    [HttpPost(HttpWorkloadPaths.PingPong)]
    [DisableRequestSizeLimit]
    public IAsyncEnumerable<SmallObject> PingPong([FromBody] IAsyncEnumerable<SmallObject> items) => items;

    /// <summary>H7_Echo100k: bidirectional (HTTP/2); each member is written back as soon as it has been read.</summary>
    [HttpPost(HttpWorkloadPaths.EchoStream)]
    [DisableRequestSizeLimit]
    public IAsyncEnumerable<Member> EchoStream([FromBody] IAsyncEnumerable<Member> members) => members;
}

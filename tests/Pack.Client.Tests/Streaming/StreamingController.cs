using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace Pack.Client.Tests.Streaming;

/// <summary>Client streaming and bidirectional streaming through MVC: <c>[FromBody] IAsyncEnumerable&lt;T&gt;</c>.</summary>
[ApiController]
[Route("mvc")]
public sealed class StreamingController(StreamingProbe probe) : ControllerBase
{
    [HttpPost("sum")]
    public async Task<ReadingSummary> SumAsync([FromBody] IAsyncEnumerable<Reading> readings) =>
        await StreamingEndpoints.SumAsync(readings, probe, HttpContext.RequestAborted);

    [HttpPost("echo")]
    public IAsyncEnumerable<Reading> Echo([FromBody] IAsyncEnumerable<Reading> readings) =>
        StreamingEndpoints.EchoAsync(readings, probe, HttpContext.RequestAborted);

    [HttpPost("first")]
    public async Task<Reading?> FirstAsync([FromBody] IAsyncEnumerable<Reading> readings) =>
        await StreamingEndpoints.FirstAsync(readings, probe, HttpContext.RequestAborted);

    [HttpPost("slow")]
    public async Task<ReadingSummary> SlowAsync([FromBody] IAsyncEnumerable<Reading> readings) =>
        await StreamingEndpoints.SlowAsync(readings, probe, HttpContext.RequestAborted);

    [HttpPost("slowecho")]
    public IAsyncEnumerable<Reading> SlowEcho([FromBody] IAsyncEnumerable<Reading> readings) =>
        StreamingEndpoints.SlowEchoAsync(readings, probe, HttpContext.RequestAborted);

    [HttpPost("echofirst")]
    public IAsyncEnumerable<Reading> EchoFirst([FromBody] IAsyncEnumerable<Reading> readings) =>
        StreamingEndpoints.EchoFirstAsync(readings, probe, HttpContext.RequestAborted);

    [HttpPost("flood")]
    public IAsyncEnumerable<Reading> Flood([FromBody] IAsyncEnumerable<Reading> readings) =>
        StreamingEndpoints.FloodAsync(readings, probe, HttpContext.RequestAborted);

    [HttpPost("count")]
    public async Task<int> CountWholeAsync([FromBody] Reading[] readings) => await Task.FromResult(readings.Length);
}

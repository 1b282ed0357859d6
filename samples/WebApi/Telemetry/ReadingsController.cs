using Microsoft.AspNetCore.Mvc;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Telemetry;

/// <summary>Client streaming through MVC: the readings arrive as an <see cref="IAsyncEnumerable{T}"/>, each as soon as its frame does.</summary>
[ApiController]
[Route("api/readings")]
public sealed class ReadingsController : ControllerBase
{
    /// <summary>Sums an upload of readings (<c>application/x-pack-stream</c>) without ever holding it whole.</summary>
    [HttpPost]
    [ProducesResponseType<ReadingSummary>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public async Task<ReadingSummary> UploadAsync([FromBody] IAsyncEnumerable<Reading> readings, CancellationToken cancellationToken)
    {
        int count = 0;
        double total = 0;
        double max = double.MinValue;
        await foreach (Reading reading in readings.WithCancellation(cancellationToken))
        {
            count++;
            total += reading.Value;
            max = Math.Max(max, reading.Value);
        }

        return new ReadingSummary(count, total, count == 0 ? 0 : max);
    }
}

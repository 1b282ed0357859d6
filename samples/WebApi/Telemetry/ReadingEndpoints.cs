using System.Runtime.CompilerServices;
using Pack.AspNetCore;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Telemetry;

/// <summary>
/// Bidirectional streaming as a minimal API: each reading is answered, scaled, as soon as it arrives (HTTP/2). Tagged
/// <c>Readings</c> like <see cref="ReadingsController"/>, so one generated client group has both (<c>readingsScale</c>,
/// <c>readingsUpload</c>).
/// </summary>
public static class ReadingEndpoints
{
    public static void Map(IEndpointRouteBuilder endpoints) =>
        endpoints.MapPost("/minimal/readings/scale", (PackStreamBody<Reading> readings, double factor, CancellationToken cancellationToken) =>
            PackResults.Stream(ScaleAsync(readings, factor, cancellationToken)))
            .WithTags("Readings")
            .WithName("Scale");

    private static async IAsyncEnumerable<Reading> ScaleAsync(IAsyncEnumerable<Reading?> readings, double factor, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (Reading? reading in readings.WithCancellation(cancellationToken))
        {
            yield return reading! with { Value = reading.Value * factor };
        }
    }
}

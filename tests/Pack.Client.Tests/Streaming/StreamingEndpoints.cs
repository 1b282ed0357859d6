using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Pack.AspNetCore;

namespace Pack.Client.Tests.Streaming;

/// <summary>The same endpoints as <see cref="StreamingController"/>, as minimal APIs taking <see cref="PackStreamBody{T}"/>.</summary>
public static class StreamingEndpoints
{
    public static void Map(IEndpointRouteBuilder app)
    {
        app.MapPost("/minimal/sum", (PackStreamBody<Reading> readings, StreamingProbe probe, HttpContext http) =>
            SumAsync(readings, probe, http.RequestAborted));
        app.MapPost("/minimal/echo", (PackStreamBody<Reading> readings, StreamingProbe probe, HttpContext http) =>
            PackResults.Stream(EchoAsync(readings, probe, http.RequestAborted)));
        app.MapPost("/minimal/first", (PackStreamBody<Reading> readings, StreamingProbe probe, HttpContext http) =>
            FirstAsync(readings, probe, http.RequestAborted));
        app.MapPost("/minimal/slow", (PackStreamBody<Reading> readings, StreamingProbe probe, HttpContext http) =>
            SlowAsync(readings, probe, http.RequestAborted));
    }

    public static async Task<ReadingSummary> SumAsync(IAsyncEnumerable<Reading?> readings, StreamingProbe probe, CancellationToken cancellationToken)
    {
        int count = 0;
        double total = 0;
        await foreach (var reading in Observe(readings, probe, cancellationToken))
        {
            count++;
            total += reading.Value;
        }

        return new ReadingSummary(count, total);
    }

    public static async IAsyncEnumerable<Reading> EchoAsync(IAsyncEnumerable<Reading?> readings, StreamingProbe probe, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var reading in Observe(readings, probe, cancellationToken))
        {
            yield return reading with { Value = reading.Value * 2 };
        }
    }

    public static async Task<Reading?> FirstAsync(IAsyncEnumerable<Reading?> readings, StreamingProbe probe, CancellationToken cancellationToken)
    {
        await foreach (var reading in Observe(readings, probe, cancellationToken))
        {
            return reading; // Stops reading after one item: the client's producer must be told.
        }

        return null;
    }

    public static async Task<ReadingSummary> SlowAsync(IAsyncEnumerable<Reading?> readings, StreamingProbe probe, CancellationToken cancellationToken)
    {
        int count = 0;
        double total = 0;
        await foreach (var reading in Observe(readings, probe, cancellationToken))
        {
            if (count++ == 0)
            {
                await probe.Gate.Task.WaitAsync(cancellationToken);
            }

            total += reading.Value;
        }

        return new ReadingSummary(count, total);
    }

    private static async IAsyncEnumerable<Reading> Observe(IAsyncEnumerable<Reading?> readings, StreamingProbe probe, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var enumerator = readings.GetAsyncEnumerator(cancellationToken);
        try
        {
            while (true)
            {
                try
                {
                    if (!await enumerator.MoveNextAsync())
                    {
                        break;
                    }
                }
                catch (OperationCanceledException exception)
                {
                    probe.ServerCanceled.TrySetResult();
                    probe.ServerFailed.TrySetResult(exception);
                    throw;
                }
                catch (Exception exception)
                {
                    probe.ServerFailed.TrySetResult(exception);
                    throw;
                }

                var reading = enumerator.Current!;
                probe.Received.Writer.TryWrite(reading);
                yield return reading;
            }
        }
        finally
        {
            await enumerator.DisposeAsync();
        }
    }
}

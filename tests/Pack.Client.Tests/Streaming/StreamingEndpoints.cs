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
        app.MapPost("/minimal/slowecho", (PackStreamBody<Reading> readings, StreamingProbe probe, HttpContext http) =>
            PackResults.Stream(SlowEchoAsync(readings, probe, http.RequestAborted)));
        app.MapPost("/minimal/echofirst", (PackStreamBody<Reading> readings, StreamingProbe probe, HttpContext http) =>
            PackResults.Stream(EchoFirstAsync(readings, probe, http.RequestAborted)));
        app.MapPost("/minimal/flood", (PackStreamBody<Reading> readings, StreamingProbe probe, HttpContext http) =>
            PackResults.Stream(FloodAsync(readings, probe, http.RequestAborted)));
        app.MapPost("/minimal/echofail", (PackStreamBody<Reading> readings, StreamingProbe probe, HttpContext http) =>
            PackResults.Stream(EchoOrFailAsync(readings, probe, http.RequestAborted)));
        app.MapGet("/minimal/readings", (int count) => PackResults.Stream(ReadingsAsync(count)));
    }

    /// <summary>The padding of each flood item: 32 KiB, so a few items fill a flow-control window.</summary>
    public static readonly string FloodPadding = new('x', 32 * 1024);

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

    /// <summary>Echoes the first item, then waits at the gate before it reads on: a slow reader of a bidirectional call.</summary>
    public static async IAsyncEnumerable<Reading> SlowEchoAsync(IAsyncEnumerable<Reading?> readings, StreamingProbe probe, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        bool first = true;
        await foreach (var reading in Observe(readings, probe, cancellationToken))
        {
            yield return reading with { Value = reading.Value * 2, Padding = null };
            if (first)
            {
                first = false;
                await probe.Gate.Task.WaitAsync(cancellationToken);
            }
        }
    }

    /// <summary>Answers the first item and ends its response without reading on: the client's producer must be told.</summary>
    public static async IAsyncEnumerable<Reading> EchoFirstAsync(IAsyncEnumerable<Reading?> readings, StreamingProbe probe, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var reading in Observe(readings, probe, cancellationToken))
        {
            yield return reading with { Value = reading.Value * 2 };
            yield break;
        }
    }

    /// <summary>Echoes items until one has a negative <see cref="Reading.Id"/>, then fails: the response ends with an error frame.</summary>
    public static async IAsyncEnumerable<Reading> EchoOrFailAsync(IAsyncEnumerable<Reading?> readings, StreamingProbe probe, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var reading in Observe(readings, probe, cancellationToken))
        {
            if (reading.Id < 0)
            {
                throw new InvalidOperationException("The endpoint refuses negative ids.");
            }

            yield return reading with { Value = reading.Value * 2 };
        }
    }

    /// <summary>Answers each item with <see cref="Reading.Value"/> items of <see cref="FloodPadding"/>, as fast as the response takes them.</summary>
    public static async IAsyncEnumerable<Reading> FloodAsync(IAsyncEnumerable<Reading?> readings, StreamingProbe probe, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var reading in Observe(readings, probe, cancellationToken))
        {
            for (int i = 1; i <= (int)reading.Value; i++)
            {
                probe.CountProduced();
                yield return new Reading(i, i, FloodPadding);
            }
        }
    }

    /// <summary>A server stream of <paramref name="count"/> readings (<c>Reading(i, i)</c>).</summary>
    public static async IAsyncEnumerable<Reading> ReadingsAsync(int count)
    {
        for (int i = 1; i <= count; i++)
        {
            await Task.Yield();
            yield return new Reading(i, i);
        }
    }

    private static async IAsyncEnumerable<Reading> Observe(IAsyncEnumerable<Reading?> readings, StreamingProbe probe, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        // Not disposed with the enumeration: a client that goes away may end the enumeration (its body read fails) before
        // the server's RequestAborted fires, and the test waits for both.
        cancellationToken.UnsafeRegister(static state => ((StreamingProbe)state!).Aborted.TrySetResult(), probe);
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

using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Mvc;

namespace Pack.AspNetCore.Tests.TestApp;

/// <summary>Actions for the deadline tests: one that never finishes in time, one that is quick, and an endless stream.</summary>
[ApiController]
[Route("api/deadlines")]
public sealed class DeadlinesController(StreamProbes probes) : ControllerBase
{
    [HttpGet("slow")]
    public async Task<ActionResult<SmallObject>> Slow(string probe, int ms = 30_000)
    {
        var state = probes.Get(probe);
        state.Started.TrySetResult();
        try
        {
            await Task.Delay(TimeSpan.FromMilliseconds(ms), HttpContext.RequestAborted);
        }
        catch (OperationCanceledException)
        {
            state.Canceled.TrySetResult();
            throw;
        }

        return SampleData.Small();
    }

    /// <summary>Binds a Pack body; the deadline tests send it slowly.</summary>
    [HttpPost("body")]
    public ActionResult<Organization> Body(Organization organization) => organization;

    [HttpGet("quick")]
    public async Task<ActionResult<SmallObject>> Quick()
    {
        await Task.Delay(TimeSpan.FromMilliseconds(50), HttpContext.RequestAborted);
        return SampleData.Small();
    }

    [HttpGet("stream")]
    public IAsyncEnumerable<Member> Stream(string probe) => Produce(probes.Get(probe));

    private static async IAsyncEnumerable<Member> Produce(StreamProbe state, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        // The registration alone can miss it: when the cancellation's callbacks resume this producer inline (the
        // delay below), it can end and dispose the registration before its own callback has run.
        using var registration = cancellationToken.Register(() => state.Canceled.TrySetResult());
        try
        {
            for (var i = 1; i <= 100_000; i++)
            {
                yield return SampleData.Member(i);
                state.FirstYielded.TrySetResult();

                // Paces the producer so the deadline falls mid-stream; it is not synchronization.
                await Task.Delay(TimeSpan.FromMilliseconds(20), cancellationToken);
            }
        }
        finally
        {
            if (cancellationToken.IsCancellationRequested)
            {
                state.Canceled.TrySetResult();
            }
        }
    }
}

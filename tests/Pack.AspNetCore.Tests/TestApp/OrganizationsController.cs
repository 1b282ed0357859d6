using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Pack.AspNetCore.Tests.TestApp;

[ApiController]
[Route("api/organizations")]
public sealed class OrganizationsController(StreamProbes probes) : ControllerBase
{
    public const int MissingId = 404;

    [HttpGet("{id:int}")]
    [HttpGet("{id:int}.{format}")]
    [FormatFilter]
    public ActionResult<Organization> Get(int id) => id == MissingId ? NotFound() : SampleData.Organization(id);

    [HttpGet("large")]
    public ActionResult<Organization> GetLarge(int members) => SampleData.Organization(1, members);

    [HttpPost]
    public ActionResult<Organization> Post(Organization organization) => organization;

    [HttpPost("small")]
    public ActionResult<SmallObject> PostSmall(SmallObject value) => value;

    [HttpPost("optional")]
    public ActionResult<string> PostOptional([FromBody(EmptyBodyBehavior = EmptyBodyBehavior.Allow)] Organization? organization) =>
        organization is null ? "null" : $"organization {organization.Id}";

    [HttpGet("throw")]
    public ActionResult<Organization> Throw() => throw new InvalidOperationException("Boom from the action.");

    [HttpGet("problem")]
    public IActionResult GetProblem() => Problem("A problem returned by the action.", statusCode: StatusCodes.Status409Conflict);

    [HttpGet("members")]
    public async IAsyncEnumerable<Member> Stream(string probe, int count = 3)
    {
        var state = probes.Get(probe);
        for (var i = 1; i < count; i++)
        {
            yield return SampleData.Member(i);
            state.FirstYielded.TrySetResult();
        }

        await state.ReleaseLast.Task.WaitAsync(TimeSpan.FromSeconds(30));
        yield return SampleData.Member(count);
    }

    [HttpGet("members/failing")]
    public async IAsyncEnumerable<Member> StreamFailing()
    {
        yield return SampleData.Member(1);
        yield return SampleData.Member(2);
        await Task.Yield();
        throw new InvalidOperationException("The producer failed after two items.");
    }

    [HttpGet("members/endless")]
    public IAsyncEnumerable<Member> StreamEndless(string probe) => Endless(probes.Get(probe));

    // Only the formatter's WithCancellation token reaches this iterator, so its cancellation proves the formatter passes RequestAborted.
    private static async IAsyncEnumerable<Member> Endless(StreamProbe state, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        // The registration alone can miss it: when the cancellation's callbacks resume this producer inline (the
        // delay below), it can end and dispose the registration before its own callback has run.
        using var registration = cancellationToken.Register(() => state.Canceled.TrySetResult());
        try
        {
            for (var i = 1; ; i++)
            {
                yield return SampleData.Member(i);
                state.FirstYielded.TrySetResult();

                // Paces the producer; it is not synchronization.
                await Task.Delay(TimeSpan.FromMilliseconds(5), cancellationToken);
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

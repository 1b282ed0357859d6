using System.ComponentModel.DataAnnotations;
using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Mvc;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Members;

/// <summary>
/// Streams members as they are produced: <c>application/x-pack-stream</c> frames for Pack clients, a JSON array
/// otherwise.
/// </summary>
[ApiController]
[Route("api/members")]
public sealed class MembersController : ControllerBase
{
    public const int MaxCount = 100_000;

    // Lists the action in /pack/schema with its route and query (docs/schema.md §5.3), for the generated client.
    [HttpGet("stream")]
    [ProducesResponseType<IAsyncEnumerable<Member>>(StatusCodes.Status200OK, "application/json", PackMediaTypes.PackStream)]
    public async IAsyncEnumerable<Member> Stream(
        [Range(0, MaxCount)] int count = 100,
        [Range(0, 1000)] int delayMs = 0,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (var i = 1; i <= count; i++)
        {
            if (delayMs > 0)
            {
                await Task.Delay(delayMs, cancellationToken);
            }
            else if (i % 256 == 0)
            {
                // Let the response flush now and then, so even an undelayed stream arrives in pieces.
                await Task.Yield();
            }

            yield return SampleData.Member(i);
        }
    }
}

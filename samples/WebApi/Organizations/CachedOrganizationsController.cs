using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Caching.Hybrid;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Organizations;

/// <summary>
/// The read-heavy endpoint: the W4 organization built once per size and then served from HybridCache, stored as a Pack
/// cache entry (in Redis when the app has one). The response is negotiated as usual (JSON or Pack); the cache entry is
/// Pack either way.
/// </summary>
[ApiController]
[Route("api/organizations")]
public sealed class CachedOrganizationsController(HybridCache cache) : ControllerBase
{
    [HttpGet("{members:int}/hybrid")]
    [ProducesResponseType<Organization>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public async Task<ActionResult<Organization>> Get([Range(0, OrganizationsController.MaxMembers)] int members, CancellationToken cancellationToken) =>
        await cache.GetOrCreatePackAsync(
            $"organization:{members}",
            members,
            static (members, _) => ValueTask.FromResult(SampleData.Organization(members)),
            cancellationToken: cancellationToken).ConfigureAwait(false);
}

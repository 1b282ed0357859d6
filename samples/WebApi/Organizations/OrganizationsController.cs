using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Organizations;

/// <summary>The W4 payload, sized by the caller.</summary>
[ApiController]
[Route("api/organizations")]
public sealed class OrganizationsController : ControllerBase
{
    /// <summary>Caps the work one request can ask for.</summary>
    public const int MaxMembers = 100_000;

    [HttpGet("{members:int}")]
    [ProducesResponseType<Organization>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public ActionResult<Organization> Get([Range(0, MaxMembers)] int members) => SampleData.Organization(members);

    /// <summary>
    /// The same, cacheable by shared caches for 30 s and declared to vary on <c>Accept-Encoding</c> before the format is
    /// negotiated; Pack adds <c>Accept</c> to that <c>Vary</c>. The compose demo's caching-proxy check (nginx
    /// <c>proxy_cache</c>, docker/cache-check.sh) alternates JSON and Pack clients on it.
    /// </summary>
    [HttpGet("{members:int}/cached")]
    [ProducesResponseType<Organization>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    [ResponseCache(Duration = 30, Location = ResponseCacheLocation.Any, VaryByHeader = "Accept-Encoding")]
    public ActionResult<Organization> GetCached([Range(0, MaxMembers)] int members) => SampleData.Organization(members);
}

using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.OutputCaching;

namespace Pack.AspNetCore.Tests.TestApp;

/// <summary>Negotiated actions behind the response cache and the output cache, for the shared-cache tests.</summary>
[ApiController]
[Route("api/cached")]
public sealed class CachedController : ControllerBase
{
    /// <summary><c>Vary: Accept-Encoding</c> from the attribute, set before the result is negotiated.</summary>
    [HttpGet("response-cache/{id:int}")]
    [ResponseCache(Duration = 60, Location = ResponseCacheLocation.Any, VaryByHeader = "Accept-Encoding")]
    public ActionResult<Organization> ResponseCached(int id) => SampleData.Organization(id);

    [HttpGet("output-cache/{id:int}")]
    [OutputCache(Duration = 60)]
    public ActionResult<Organization> OutputCached(int id) => SampleData.Organization(id);
}

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
    public ActionResult<Organization> Get([Range(0, MaxMembers)] int members) => SampleData.Organization(members);
}

using Microsoft.AspNetCore.Mvc;

namespace Pack.AspNetCore.Tests.TestApp;

/// <summary>A controller without <c>[ApiController]</c>: model-state errors reach the action unless a filter answers first.</summary>
[Route("api/plain")]
public sealed class PlainController : ControllerBase
{
    /// <summary>No <c>[FormatFilter]</c>: <c>?format=pack</c> must still work.</summary>
    [HttpGet("{id:int}")]
    public ActionResult<Organization> Get(int id) => SampleData.Organization(id);

    [HttpPost]
    public IActionResult Post([FromBody] Organization organization) =>
        ModelState.IsValid ? Ok(organization.Id) : BadRequest(ModelState);
}

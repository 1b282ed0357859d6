using Microsoft.AspNetCore.Mvc;

namespace Pack.AspNetCore.Tests.TestApp;

[ApiController]
[Route("api/readings")]
public sealed class ReadingsController : ControllerBase
{
    [HttpGet("{sensor:int}")]
    public ActionResult<Reading> Get(int sensor) => new Reading(sensor, 1.5);
}

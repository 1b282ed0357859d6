using Microsoft.AspNetCore.Mvc;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Fuzzing;

/// <summary>
/// The MVC side of the HTTP coverage-fuzz target: one action per fuzzed type, bound through the Pack input formatter.
/// <see cref="NonControllerAttribute"/> keeps it out of the shared test app; <see cref="HttpCoverageTarget"/> adds it
/// to its own app explicitly.
/// </summary>
[NonController]
[ApiController]
[Route("mvc")]
public sealed class HttpFuzzController : ControllerBase
{
    [HttpPost("organization")]
    public IActionResult Organization(Organization value) => Ok(value.Id);

    [HttpPost("small")]
    public IActionResult Small(SmallObject value) => Ok(value.A);

    [HttpPost("nullable-longs")]
    public IActionResult NullableLongs(long?[] value) => Ok(value.Length);

    [HttpPost("set")]
    public IActionResult Set(HashSet<long> value) => Ok(value.Count);

    [HttpPost("map")]
    public IActionResult Map(Dictionary<string, List<int>> value) => Ok(value.Count);

    [HttpPost("decimals")]
    public IActionResult Decimals(decimal?[] value) => Ok(value.Length);
}

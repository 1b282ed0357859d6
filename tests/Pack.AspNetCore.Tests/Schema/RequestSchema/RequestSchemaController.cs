using Microsoft.AspNetCore.Mvc;

namespace Pack.AspNetCore.Tests.Schema.RequestSchema;

[ApiController]
[Route("request-schema/mvc")]
public sealed class RequestSchemaController : ControllerBase
{
    [HttpPost("order")]
    public string Order([FromBody] ServerOrder order) => RequestSchemaHost.Describe(order);

    [HttpPost("orders")]
    public async Task<string> Orders([FromBody] IAsyncEnumerable<ServerOrder> orders)
    {
        var read = new List<string>();
        await foreach (var order in orders)
        {
            read.Add(RequestSchemaHost.Describe(order!));
        }

        return string.Join(";", read);
    }
}

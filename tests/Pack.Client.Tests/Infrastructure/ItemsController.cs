using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace Pack.Client.Tests.Infrastructure;

/// <summary>The same API as <see cref="PackMinimalApi"/>, as a controller, for hosts with and without AddPackFormatters.</summary>
[ApiController]
public sealed class ItemsController : ControllerBase
{
    [HttpGet("items/{id:int}")]
    public ActionResult<Item> Get(int id, string? suffix) =>
        id == ItemCatalog.MissingId ? NotFound() : ItemCatalog.Get(id, suffix);

    [HttpGet("items")]
    public List<Item> Search(string? name, int take) => ItemCatalog.Search(name, take);

    [HttpPost("items")]
    public ActionResult<Item> Create(Item item) => StatusCode(StatusCodes.Status201Created, ItemCatalog.Create(item));

    [HttpPut("items/{id:int}")]
    public Item Replace(int id, Item item) => ItemCatalog.Replace(id, item);

    [HttpPatch("items/{id:int}")]
    public Item Patch(int id, ItemPatch patch) => ItemCatalog.Patch(id, patch);

    [HttpDelete("items/{id:int}")]
    public Item Delete(int id, string? reason) => ItemCatalog.Delete(id, reason);

    [HttpDelete("items/{id:int}/silent")]
    public NoContentResult DeleteSilently(int id) => NoContent();

    [HttpGet("items/stream")]
    public IAsyncEnumerable<Item> Stream(int count) => ItemCatalog.Stream(count);

    [HttpGet("items/stream-error")]
    public IAsyncEnumerable<Item> StreamThenFail() => ItemCatalog.StreamThenFail();

    [HttpGet("items/stream-until-aborted")]
    public IAsyncEnumerable<Item> StreamUntilAborted([FromServices] ServerProbe probe) =>
        ItemCatalog.StreamUntilAborted(probe, HttpContext.RequestAborted);

    [HttpGet("fail")]
    public ObjectResult Fail() => Problem(title: "Boom", detail: "It broke.", statusCode: 500);

    [HttpGet("fail-text")]
    public ContentResult FailText() => new() { StatusCode = 503, Content = "Down for maintenance", ContentType = "text/plain" };

    [HttpGet("echo-accept")]
    public Item EchoAccept() => new() { Name = Request.Headers.Accept.ToString() };
}

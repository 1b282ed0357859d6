using Microsoft.AspNetCore.Mvc;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Orders;

/// <summary>
/// CRUD over <see cref="OrderStore"/>. Each action answers JSON or Pack, whichever the client asks for. The Pack media
/// type in the response metadata lists the actions in /pack/schema with their routes (docs/schema.md §5.3), from which
/// `pack ts` writes the typed client the web page uses; it does not restrict the negotiated format.
/// </summary>
[ApiController]
[Route("api/orders")]
public sealed class OrdersController(OrderStore store) : ControllerBase
{
    [HttpGet]
    [ProducesResponseType<IReadOnlyList<Order>>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public IReadOnlyList<Order> List() => store.List();

    [HttpGet("{id:int}")]
    [ProducesResponseType<Order>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public ActionResult<Order> Get(int id) => store.Find(id) is { } order ? order : NotFound();

    // An invalid body never reaches the action: [ApiController] answers 400 ValidationProblemDetails.
    [HttpPost]
    [ProducesResponseType<Order>(StatusCodes.Status201Created, "application/json", PackMediaTypes.Pack)]
    public ActionResult<Order> Create(CreateOrderRequest request)
    {
        Order order = store.Add(request);
        return CreatedAtAction(nameof(Get), new { id = order.Id }, order);
    }

    [HttpPut("{id:int}")]
    [ProducesResponseType<Order>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public ActionResult<Order> Replace(int id, CreateOrderRequest request) =>
        store.Replace(id, request) is { } order ? order : NotFound();

    [HttpDelete("{id:int}")]
    [ProducesResponseType<Order>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public ActionResult<Order> Delete(int id) => store.Remove(id) is { } order ? order : NotFound();
}

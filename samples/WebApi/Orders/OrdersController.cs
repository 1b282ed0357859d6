using Microsoft.AspNetCore.Mvc;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Orders;

/// <summary>CRUD over <see cref="OrderStore"/>. Each action answers JSON or Pack, whichever the client asks for.</summary>
[ApiController]
[Route("api/orders")]
public sealed class OrdersController(OrderStore store) : ControllerBase
{
    [HttpGet]
    public IReadOnlyList<Order> List() => store.List();

    [HttpGet("{id:int}")]
    public ActionResult<Order> Get(int id) => store.Find(id) is { } order ? order : NotFound();

    // An invalid body never reaches the action: [ApiController] answers 400 ValidationProblemDetails.
    [HttpPost]
    public ActionResult<Order> Create(CreateOrderRequest request)
    {
        Order order = store.Add(request);
        return CreatedAtAction(nameof(Get), new { id = order.Id }, order);
    }

    [HttpPut("{id:int}")]
    public ActionResult<Order> Replace(int id, CreateOrderRequest request) =>
        store.Replace(id, request) is { } order ? order : NotFound();

    [HttpDelete("{id:int}")]
    public ActionResult<Order> Delete(int id) => store.Remove(id) is { } order ? order : NotFound();
}

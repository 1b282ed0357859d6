// Context "orders": a client program, compile only. In scope: `builder` (a generic host builder, for DI),
// `cancellationToken`, `command` (a CreateOrder), `patch` (an OrderPatch), `ordersUri`, and the types below.
var builder = global::Microsoft.Extensions.Hosting.Host.CreateApplicationBuilder(args);
var cancellationToken = CancellationToken.None;
var command = new CreateOrder("Ada");
var patch = new OrderPatch(null);
var ordersUri = new Uri("https://orders.example/");
// <snippet>

public sealed record Order(int Id, string Customer);

public sealed record CreateOrder(string Customer);

public sealed record OrderPatch(string? Customer);

public sealed record OrderEvent(int OrderId, string Kind);

public interface IOrdersClient
{
    Task<Order?> GetAsync(int id, CancellationToken cancellationToken);
}

public sealed class BillingClient(HttpClient http)
{
    public HttpClient Http { get; } = http;
}

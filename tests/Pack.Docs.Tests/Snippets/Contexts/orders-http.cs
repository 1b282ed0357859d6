// Context "orders-http": the "orders" context plus `http`, an HttpClient whose BaseAddress is the orders API.
using var http = new HttpClient { BaseAddress = new Uri("https://orders.example/") };
var cancellationToken = CancellationToken.None;
var command = new CreateOrder("Ada");
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

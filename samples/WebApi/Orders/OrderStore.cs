using System.Collections.Concurrent;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Orders;

/// <summary>
/// An in-memory order store, safe for concurrent requests. Every read hands out a copy, so a caller can never change a
/// stored order behind the store's back.
/// </summary>
public sealed class OrderStore
{
    private static readonly DateTimeOffset SeedTime = new(2025, 1, 1, 12, 0, 0, TimeSpan.Zero);

    private readonly ConcurrentDictionary<int, Order> _orders = new();
    private int _lastId;

    public OrderStore()
    {
        for (var i = 1; i <= 3; i++)
        {
            Add(new CreateOrderRequest
            {
                Customer = $"Customer {i}",
                Status = OrderStatus.Paid,
                Lines =
                [
                    new OrderLine { Sku = $"SKU-{i:000}", Quantity = i, UnitPrice = 9.99m * i },
                    new OrderLine { Sku = "SKU-999", Quantity = 1, UnitPrice = 0.5m },
                ],
            }, SeedTime.AddDays(i));
        }
    }

    public IReadOnlyList<Order> List() => [.. _orders.Values.OrderBy(order => order.Id).Select(Copy)];

    public Order? Find(int id) => _orders.TryGetValue(id, out Order? order) ? Copy(order) : null;

    public Order Add(CreateOrderRequest request) => Add(request, DateTimeOffset.UtcNow);

    public Order? Replace(int id, CreateOrderRequest request)
    {
        while (_orders.TryGetValue(id, out Order? current))
        {
            Order replacement = Create(id, request, current.CreatedAt);
            if (_orders.TryUpdate(id, replacement, current))
            {
                return Copy(replacement);
            }
        }

        return null;
    }

    public Order? Remove(int id) => _orders.TryRemove(id, out Order? order) ? order : null;

    private Order Add(CreateOrderRequest request, DateTimeOffset createdAt)
    {
        Order order = Create(Interlocked.Increment(ref _lastId), request, createdAt);
        _orders[order.Id] = order;
        return Copy(order);
    }

    private static Order Create(int id, CreateOrderRequest request, DateTimeOffset createdAt)
    {
        List<OrderLine> lines = [.. request.Lines.Select(Copy)];
        return new Order
        {
            Id = id,
            Customer = request.Customer,
            Status = request.Status,
            Lines = lines,
            Total = lines.Sum(line => line.Quantity * line.UnitPrice),
            CreatedAt = createdAt,
        };
    }

    private static Order Copy(Order order) => new()
    {
        Id = order.Id,
        Customer = order.Customer,
        Status = order.Status,
        Lines = [.. order.Lines.Select(Copy)],
        Total = order.Total,
        CreatedAt = order.CreatedAt,
    };

    private static OrderLine Copy(OrderLine line) => new() { Sku = line.Sku, Quantity = line.Quantity, UnitPrice = line.UnitPrice };
}

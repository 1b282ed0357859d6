using Pack.Samples.Contracts;

namespace Pack.Samples.Demo;

public static partial class DemoRunner
{
    /// <summary>The endpoints in the table, in the order they run.</summary>
    public static readonly EndpointCase[] Cases =
    [
        EndpointCase.Simple("GET /api/orders", async (client, ct) => await client.ListOrdersAsync(ct).ConfigureAwait(false)),
        EndpointCase.Simple("GET /api/orders/1", async (client, ct) => await client.GetOrderAsync(1, ct).ConfigureAwait(false)),
        EndpointCase.Simple("POST /api/orders", async (client, ct) => Comparable(await client.CreateOrderAsync(NewOrder(), ct).ConfigureAwait(false))),
        EndpointCase.Simple("PUT /api/orders/2", async (client, ct) => await client.ReplaceOrderAsync(2, NewOrder(), ct).ConfigureAwait(false)),
        new("DELETE /api/orders/{id}", async (client, ct) =>
        {
            // Untimed setup: every timed DELETE removes an order created just for it.
            Order created = await client.CreateOrderAsync(NewOrder(), ct).ConfigureAwait(false)
                ?? throw new InvalidOperationException("POST /api/orders returned no order.");
            return async () => Comparable(await client.DeleteOrderAsync(created.Id, ct).ConfigureAwait(false));
        }),
        EndpointCase.Simple("GET /api/organizations/10", async (client, ct) => await client.GetOrganizationAsync(10, ct).ConfigureAwait(false)),
        EndpointCase.Simple("GET /api/organizations/1000", async (client, ct) => await client.GetOrganizationAsync(1000, ct).ConfigureAwait(false)),
        EndpointCase.Simple("GET /api/members/stream?count=1000", async (client, ct) =>
        {
            var members = new List<Member?>();
            await foreach (Member? member in client.StreamMembersAsync(1000, 0, ct).ConfigureAwait(false))
            {
                members.Add(member);
            }

            return members;
        }),
        EndpointCase.Simple("GET /minimal/orders/1", async (client, ct) => await client.GetMinimalOrderAsync(1, ct).ConfigureAwait(false)),
        EndpointCase.Simple("POST /minimal/orders", async (client, ct) => Comparable(await client.CreateMinimalOrderAsync(NewOrder(), ct).ConfigureAwait(false))),
        EndpointCase.Simple("GET /minimal/organizations/1000", async (client, ct) => await client.GetMinimalOrganizationAsync(1000, ct).ConfigureAwait(false)),
    ];

    private static CreateOrderRequest NewOrder() => new()
    {
        Customer = "Contoso",
        Status = OrderStatus.Pending,
        Lines =
        [
            new OrderLine { Sku = "SKU-100", Quantity = 2, UnitPrice = 12.50m },
            new OrderLine { Sku = "SKU-200", Quantity = 1, UnitPrice = 99.99m },
        ],
    };

    // A created order gets a fresh id and timestamp on every call; everything else must round-trip identically.
    private static Order? Comparable(Order? order)
    {
        if (order is not null)
        {
            order.Id = 0;
            order.CreatedAt = default;
        }

        return order;
    }
}

namespace Pack.Samples.Contracts;

/// <summary>An order as the API stores and returns it.</summary>
public sealed class Order
{
    public int Id { get; set; }

    public string Customer { get; set; } = "";

    public OrderStatus Status { get; set; }

    public List<OrderLine> Lines { get; set; } = [];

    public decimal Total { get; set; }

    public DateTimeOffset CreatedAt { get; set; }
}

using System.ComponentModel.DataAnnotations;

namespace Pack.Samples.Contracts;

/// <summary>The body of <c>POST /api/orders</c> and <c>PUT /api/orders/{id}</c>.</summary>
public sealed class CreateOrderRequest
{
    [Required]
    [StringLength(100, MinimumLength = 2)]
    public string Customer { get; set; } = "";

    [Required]
    [MinLength(1)]
    public List<OrderLine> Lines { get; set; } = [];

    public OrderStatus Status { get; set; }
}

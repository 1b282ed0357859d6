using System.ComponentModel.DataAnnotations;
using System.Diagnostics.CodeAnalysis;

namespace Pack.Samples.Contracts;

/// <summary>The body of <c>POST /api/orders</c> and <c>PUT /api/orders/{id}</c>.</summary>
public sealed class CreateOrderRequest
{
    [Required]
    [StringLength(100, MinimumLength = 2)]
    public string Customer { get; set; } = "";

    [Required]
    [MinLength(1)]
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification = "The attribute is read by MVC validation on the JIT; the Native AOT sample (samples/WebApi.Aot) checks the same rule by hand (OrderValidation) and never reads it.")]
    public List<OrderLine> Lines { get; set; } = [];

    public OrderStatus Status { get; set; }
}

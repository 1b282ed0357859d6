using System.ComponentModel.DataAnnotations;
using System.Diagnostics.CodeAnalysis;

namespace Pack.Samples.Contracts;

/// <summary>One line of an order; validated when it arrives inside a <see cref="CreateOrderRequest"/>.</summary>
public sealed class OrderLine
{
    [Required]
    [StringLength(32, MinimumLength = 3)]
    public string Sku { get; set; } = "";

    [Range(1, 1000)]
    public int Quantity { get; set; }

    [Range(typeof(decimal), "0.01", "100000")]
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification = "The attribute is read by MVC validation on the JIT; the Native AOT sample (samples/WebApi.Aot) checks the same rule by hand (OrderValidation) and never reads it.")]
    public decimal UnitPrice { get; set; }
}

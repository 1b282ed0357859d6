namespace Pack.Generator.Tests.Models;

public sealed class OrderLine
{
    public int Sku { get; set; }

    public int Quantity { get; set; }

    public decimal Price { get; set; }
}

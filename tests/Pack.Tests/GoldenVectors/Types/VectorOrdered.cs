namespace Pack.Tests.GoldenVectors.Types;

/// <summary>[PackOrder] overrides declaration order.</summary>
public sealed class VectorOrdered
{
    [PackOrder(2)]
    public byte First { get; set; }

    [PackOrder(0)]
    public byte Second { get; set; }

    [PackOrder(1)]
    public byte Third { get; set; }
}

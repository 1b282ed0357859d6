using System.Buffers;

namespace Pack.Tests;

/// <summary>Keeps the README's codec quick start compiling and true: the code below is the README's, verbatim.</summary>
public class ReadmeExamplesTests
{
    public class Order
    {
        public int Id { get; set; }
        public string? Customer { get; set; }
        public List<OrderLine> Lines { get; set; } = [];
    }

    public record OrderLine(string Sku, int Quantity, decimal Price);

    [Fact]
    public void CodecQuickStart_RoundTripsAnOrder()
    {
        // README: codec quick start
        var order = new Order { Id = 42, Customer = "Ada", Lines = [new("PACK-1", 2, 9.99m)] };

        byte[] bytes = PackSerializer.Serialize(order);               // to a byte[]
        Order? copy = PackSerializer.Deserialize<Order>(bytes);       // and back

        var buffer = new ArrayBufferWriter<byte>();                   // or into any IBufferWriter<byte>
        PackSerializer.Serialize(buffer, order);                      // (a PipeWriter, a pooled buffer...)
        // end README

        Assert.Equal(42, copy!.Id);
        Assert.Equal(new OrderLine("PACK-1", 2, 9.99m), copy.Lines[0]);
        Assert.Equal(bytes, buffer.WrittenSpan.ToArray());
    }
}

using Pack.Formatters;
using Pack.Generator.Tests.Models;

namespace Pack.Generator.Tests;

/// <summary>
/// Where code cannot be generated at run time (Native AOT), simulated through the factory's internal switch: a type no
/// resolver handles fails with a clear error naming it and the fix; a registered one works; a late registration takes over.
/// </summary>
public class DynamicCodeTests
{
    [Fact]
    public void Create_UnregisteredTypeWithoutDynamicCode_ThrowsNotSupportedNamingTypeAndFix()
    {
        var formatter = PackFormatterFactory.Create<Unregistered>(dynamicCode: false);

        var exception = Assert.Throws<NotSupportedException>(() => Codec.Write(formatter, new Unregistered { Value = 1 }));
        Assert.Throws<NotSupportedException>(() => Codec.Read(formatter, [0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0x00]));
        Assert.Contains(typeof(Unregistered).FullName!, exception.Message, StringComparison.Ordinal);
        Assert.Contains("[PackSerializable(typeof(Unregistered))]", exception.Message, StringComparison.Ordinal);
        Assert.Contains("PackSerializerOptions.Resolvers", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Create_RegisteredTypeWithoutDynamicCode_UsesTheGeneratedFormatter()
    {
        var formatter = PackFormatterFactory.Create<OrderV2>(dynamicCode: false);
        var value = new OrderV2 { Id = 3, Lines = [new OrderLine { Sku = 1, Quantity = 2, Price = 3m }], Note = "n", Added = 4 };

        byte[] bytes = Codec.Write(formatter, value);
        var read = Codec.Read(formatter, bytes)!;

        Assert.Equal(typeof(ShapeContext), formatter.GetType().DeclaringType);
        Assert.Equal(Convert.ToHexStringLower(Codec.Write(new Pack.Formatters.Objects.ObjectFormatter<OrderV2>(), value)), Convert.ToHexStringLower(bytes));
        Assert.Equal((3, "n", 4L, 1), (read.Id, read.Note, read.Added, read.Lines!.Count));
    }

    [Fact]
    public void Create_PrimitiveWithoutDynamicCode_NeedsNoResolver()
    {
        var formatter = PackFormatterFactory.Create<int>(dynamicCode: false);

        Assert.Equal(42, Codec.Read(formatter, Codec.Write(formatter, 42)));
    }

    [Fact]
    public void Create_TypeUsedBeforeItsContextWasRegistered_WorksOnceRegistered()
    {
        var formatter = PackFormatterFactory.Create<LateDto>(dynamicCode: false);
        Assert.Throws<NotSupportedException>(() => Codec.Write(formatter, new LateDto { Name = "late" }));

        PackSerializer.AddResolver(LateContext.Default);
        byte[] bytes = Codec.Write(formatter, new LateDto { Name = "late" });

        Assert.Equal("late", Codec.Read(formatter, bytes)!.Name);
        Assert.Equal(Convert.ToHexStringLower(Codec.Write(new Pack.Formatters.Objects.ObjectFormatter<LateDto>(), new LateDto { Name = "late" })), Convert.ToHexStringLower(bytes));
    }

    [Fact]
    public void Message_UnregisteredFormatter_NamesTheTypeAndTheFix()
    {
        string message = UnregisteredFormatter<Unregistered>.Message;

        Assert.StartsWith("Pack has no generated formatter for " + typeof(Unregistered), message, StringComparison.Ordinal);
    }

    public sealed class Unregistered
    {
        public int Value { get; set; }
    }
}

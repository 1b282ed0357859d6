using Pack.Generator.Tests.Models;

namespace Pack.Generator.Tests;

public class ResolverOptionsTests
{
    [Fact]
    public void Resolvers_Default_IsEmpty()
    {
        Assert.Empty(new PackSerializerOptions().Resolvers);
        Assert.Empty(PackSerializerOptions.Default.Resolvers);
    }

    [Fact]
    public void Resolvers_Set_KeepsTheListAndServesItsTypes()
    {
        var options = new PackSerializerOptions { Resolvers = [ShapeContext.Default] };

        var value = PackSerializer.Deserialize<InitOnly>(PackSerializer.Serialize(new InitOnly { Id = 8 }, options), options)!;

        Assert.Same(ShapeContext.Default, Assert.Single(options.Resolvers));
        Assert.Equal(8, value.Id);
    }

    [Fact]
    public void Resolvers_Null_ThrowsArgumentNullException()
    {
        Assert.Throws<ArgumentNullException>(() => new PackSerializerOptions { Resolvers = null! });
        Assert.Throws<ArgumentNullException>(() => new PackSerializerOptions { Resolvers = [ShapeContext.Default, null!] });
    }

    [Fact]
    public void AddResolver_Null_ThrowsArgumentNullException()
        => Assert.Throws<ArgumentNullException>(() => PackSerializer.AddResolver(null!));

    [Fact]
    public void GetFormatter_TypeOutsideTheContext_ReturnsNull()
    {
        Assert.Null(ShapeContext.Default.GetFormatter<Uri>());
        Assert.Null(ShapeContext.Default.GetFormatter<int>());
        Assert.NotNull(ShapeContext.Default.GetFormatter<List<InitOnly>>());
        Assert.Same(ShapeContext.Default, ShapeContext.Default);
    }
}

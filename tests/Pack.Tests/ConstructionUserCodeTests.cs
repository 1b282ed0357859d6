using Pack.Formatters.Objects;
using Pack.Tests.Models;

namespace Pack.Tests;

/// <summary>
/// Whether constructing a type on read runs user code is decided once per type from its IL, conservatively (wire format
/// §12): compiler-style construction is not measured; anything that can allocate is.
/// </summary>
public sealed class ConstructionUserCodeTests
{
    [Theory]
    [InlineData(typeof(Member), false)] // auto-properties, implicit constructor
    [InlineData(typeof(WideClass), false)]
    [InlineData(typeof(UserCodeShapes.Positional), false)] // a record's primary constructor
    [InlineData(typeof(UserCodeShapes.ConstantInitializers), false)] // = "", = string.Empty, = 42, = null!
    [InlineData(typeof(UserCodeShapes.DerivedFromTrivial), false)] // a base constructor of the same kind
    [InlineData(typeof(UserCodeShapes.StoringConstructor), false)] // an explicit body that only stores its argument
    [InlineData(typeof(WithInitializers), true)] // = new(16)
    [InlineData(typeof(AllocatingConstructor), true)]
    [InlineData(typeof(UserCodeShapes.ListExpression), true)] // = [] for a list allocates a List<T>
    [InlineData(typeof(UserCodeShapes.SetterWithBody), true)]
    [InlineData(typeof(UserCodeShapes.CallingConstructor), true)] // calls a method
    [InlineData(typeof(UserCodeShapes.DerivedFromAllocating), true)]
    [InlineData(typeof(FixedAllocatingConstructor), true)]
    [InlineData(typeof(FixedAllocatingHolder), false)] // its member's constructor is the member formatter's, measured there
    public void RunsUserCode_Type_ClassifiedOncePerType(Type type, bool expected)
        => Assert.Equal(expected, ConstructionUserCode.RunsUserCode(type, ObjectContract.For(type)));

    [Fact]
    public void Deserialize_TypeWithoutUserCode_ChargesOnlyTheTable()
    {
        // A record of two longs and a string: its instance (16 + 8 + 8 + 8 = 40) and the string "ab" (22 + 4 -> 32).
        byte[] bytes = PackSerializer.Serialize(new UserCodeShapes.Positional(1, "ab", 2));
        var reader = new PackReader(bytes, null);

        Formatters.PackFormatterCache<UserCodeShapes.Positional>.Formatter.Deserialize(ref reader);

        Assert.Equal(40 + 32, reader.AllocationCharged);
    }
}

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>Which values <see cref="PackResults"/> streams: the element type found from the declared type or the value's own type.</summary>
public sealed class AsyncEnumerableTypesTests
{
    [Fact]
    public void GetElementType_DeclaredAsyncEnumerable_IsItsElementType()
        => Assert.Equal(typeof(int), AsyncEnumerableTypes.GetElementType(Items()));

    [Fact]
    public void GetElementType_AsyncEnumerableDeclaredAsObject_IsFoundFromTheValue()
        => Assert.Equal(typeof(int), AsyncEnumerableTypes.GetElementType<object>(Items()));

    [Fact]
    public void GetElementType_ImplementationDeclaredAsItsBase_IsFoundFromTheValue()
        => Assert.Equal(typeof(string), AsyncEnumerableTypes.GetElementType<Base>(new Derived()));

    [Fact]
    public void GetElementType_PlainObjects_IsNull()
    {
        Assert.Null(AsyncEnumerableTypes.GetElementType(new Base()));
        Assert.Null(AsyncEnumerableTypes.GetElementType<object>("text"));
        Assert.Null(AsyncEnumerableTypes.GetElementType(42));
        Assert.Null(AsyncEnumerableTypes.GetElementType<int?>(42));
    }

    [Fact]
    public void GetElementType_Structs_AreFoundFromTheDeclaredTypeOrItsNullable()
    {
        Assert.Equal(typeof(long), AsyncEnumerableTypes.GetElementType(new StructSequence()));
        Assert.Equal(typeof(long), AsyncEnumerableTypes.GetElementType<StructSequence?>(new StructSequence()));
        Assert.Equal(typeof(long), AsyncEnumerableTypes.GetElementType<object>(new StructSequence()));
    }

    private static async IAsyncEnumerable<int> Items()
    {
        await Task.Yield();
        yield return 1;
    }

    public class Base
    {
    }

    public sealed class Derived : Base, IAsyncEnumerable<string>
    {
        public IAsyncEnumerator<string> GetAsyncEnumerator(CancellationToken cancellationToken = default) => throw new NotSupportedException();
    }

    public struct StructSequence : IAsyncEnumerable<long>
    {
        public readonly IAsyncEnumerator<long> GetAsyncEnumerator(CancellationToken cancellationToken = default) => throw new NotSupportedException();
    }
}

using Pack.Schema;

namespace Pack.Tests.Schema;

/// <summary>How PackSchema.For numbers the types of one contract (docs/schema.md §1.3).</summary>
public sealed class PackSchemaForTests
{
    [Theory]
    [InlineData(typeof(ArrayThenMemory))]
    [InlineData(typeof(MemoryThenArray))]
    public void For_ListsOfBothNullabilities_AreTwoEntries(Type type)
    {
        var schema = PackSchema.For(type);
        var array = schema.Types[schema.Root.Members.Single(m => m.Name == "Array").Type];
        var memory = schema.Types[schema.Root.Members.Single(m => m.Name == "Memory").Type];

        Assert.Equal(PackSchemaKind.List, array.Kind);
        Assert.True(array.Nullable);
        Assert.Equal(PackSchemaKind.List, memory.Kind);
        Assert.False(memory.Nullable);
        Assert.Equal(array.Element, memory.Element);
    }

    public sealed class ArrayThenMemory
    {
        public int[]? Array { get; set; }

        public Memory<int> Memory { get; set; }
    }

    public sealed class MemoryThenArray
    {
        public Memory<int> Memory { get; set; }

        public int[]? Array { get; set; }
    }
}

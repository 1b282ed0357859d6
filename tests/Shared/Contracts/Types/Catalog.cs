namespace Pack.ContractTests.Types;

/// <summary>A generic type whose nested types (one generic itself) have non-public members: their accessors need both levels' type parameters.</summary>
public static class Catalog<TKey>
    where TKey : notnull
{
    public sealed class Item
    {
        public TKey Key { get; private set; } = default!;

        public int Count { get; init; }

        public static Item Of(TKey key, int count) => new() { Key = key, Count = count };
    }

    public sealed class Entry<TValue>
        where TValue : struct
    {
        public required TKey Key { get; init; }

        public TValue Value { get; private set; }

        public Entry<TValue> With(TValue value)
        {
            Value = value;
            return this;
        }
    }
}

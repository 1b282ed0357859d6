namespace Pack.Generator.Tests.Models;

/// <summary>Generic types nested in a non-generic type: their init-only members are set through a generic accessor class like a top-level generic type's.</summary>
public static class Shelf
{
    public sealed record Box<T>(T Value, int Count);

    public sealed class Slot<T>
    {
        public T? Item { get; init; }

        public int Position { get; private set; }

        public static Slot<T> Create(T item, int position) => new() { Item = item, Position = position };
    }
}

namespace Pack.Generator.Tests.Models;

public sealed class Box<T>
{
    public T? Value { get; init; }

    public int Count { get; private set; }

    public List<T>? Items { get; set; }

    public static Box<T> Create(T value, int count, List<T> items) => new() { Value = value, Count = count, Items = items };
}

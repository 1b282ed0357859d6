namespace Pack.ContractTests.Types;

/// <summary>A generic type with a constrained parameter, an init-only member and a private constructor (PACK008 before issue 42).</summary>
public sealed class Constrained<T>
    where T : struct, IComparable<T>
{
    [PackConstructor]
    private Constrained(T value) => Value = value;

    public T Value { get; init; }

    public T? Limit { get; private set; }

    public static Constrained<T> Of(T value, T? limit) => new(value) { Limit = limit };
}

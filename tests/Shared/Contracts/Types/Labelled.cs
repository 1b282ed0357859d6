namespace Pack.ContractTests.Types;

/// <summary>A generic entity (a reference-type, new()-constrained parameter) over a generic base closed with <see cref="int"/>.</summary>
public sealed class Labelled<TValue> : Identified<int>
    where TValue : class, new()
{
    [PackConstructor]
    private Labelled()
    {
    }

    public TValue? Value { get; private set; }

    public static Labelled<TValue> Of(int id, TValue? value) => new() { Id = id, Value = value };
}

namespace Pack.ContractTests.Types;

/// <summary>A generic class over a contract type, with a nullable generic struct member.</summary>
public sealed class Envelope<T>
{
    public T? Body { get; set; }

    public GenericFixed<T, int>? Pair { get; set; }

    public List<T>? Many { get; set; }
}

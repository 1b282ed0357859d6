namespace Pack.ContractTests.Rejected;

public sealed class NoConstructor
{
    public NoConstructor(int other) => A = other;

    public int A { get; }
}

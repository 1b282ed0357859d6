#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shape under test; equality is not.

namespace Pack.ContractTests.Types;

/// <summary>A generic fixed-width struct with public fields (drift class d).</summary>
public struct GenericFixed<T1, T2>
{
    public T1 First;
    public T2 Second;
}

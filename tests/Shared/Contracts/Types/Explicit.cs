#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shape under test; equality is not.

using System.Runtime.InteropServices;

namespace Pack.ContractTests.Types;

/// <summary>Explicit layout with its fields swapped against declaration order: fixed width, not copied raw.</summary>
[StructLayout(LayoutKind.Explicit)]
public struct Explicit
{
    [FieldOffset(4)]
    public int Low;

    [FieldOffset(0)]
    public int High;
}

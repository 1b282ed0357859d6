#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shape under test; equality is not.

using System.Runtime.InteropServices;

namespace Pack.ContractTests.Types;

/// <summary>A byte then a long: 9 bytes on the wire, 16 in memory, so written member by member.</summary>
public struct Padded
{
    public byte Tag;
    public long Value;
}

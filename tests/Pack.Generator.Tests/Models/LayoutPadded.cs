#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shapes under test; equality is not.

namespace Pack.Generator.Tests.Models;

/// <summary>A byte then an int: 5 bytes on the wire, 8 in memory (padding), so never copied raw.</summary>
public struct LayoutPadded
{
    public byte A;
    public int B;
}

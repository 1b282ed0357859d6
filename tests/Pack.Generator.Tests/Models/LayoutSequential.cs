#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shapes under test; equality is not.

namespace Pack.Generator.Tests.Models;

/// <summary>Fields back to back (offsets 0, 4, 6; 8 bytes): blittable.</summary>
public struct LayoutSequential
{
    public int A;
    public short B;
    public short C;
}

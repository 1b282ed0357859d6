#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shapes under test; equality is not.

namespace Pack.Generator.Tests.Models;

/// <summary>A blittable struct inside another, then an int: blittable (12 bytes).</summary>
public struct LayoutNested
{
    public LayoutSequential Inner;
    public int D;
}

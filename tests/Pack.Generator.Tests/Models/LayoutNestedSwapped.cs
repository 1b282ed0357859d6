#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shapes under test; equality is not.

namespace Pack.Generator.Tests.Models;

/// <summary>Offsets and size match the wire, but the nested struct is not blittable, so neither is this one.</summary>
public struct LayoutNestedSwapped
{
    public LayoutSwapped Inner;
    public int D;
}

#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shapes under test; equality is not.

namespace Pack.Generator.Tests.Models;

/// <summary>Auto-properties, whose backing fields hold the values back to back: blittable.</summary>
public struct LayoutAutoProperties
{
    public int X { get; set; }

    public float Y { get; set; }
}

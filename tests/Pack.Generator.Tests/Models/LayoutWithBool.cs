#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shapes under test; equality is not.

namespace Pack.Generator.Tests.Models;

/// <summary>A bool member is validated on read, so the struct is never blittable (decided at compile time).</summary>
public struct LayoutWithBool
{
    public int A;
    public bool On;
}

#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shapes under test; equality is not.

namespace Pack.Generator.Tests.Models;

/// <summary>A property with a body has no backing field for the value, so the struct is never blittable.</summary>
public struct LayoutComputedProperty
{
    private int _value;

    public int Value
    {
        readonly get => _value;
        set => _value = value;
    }
}

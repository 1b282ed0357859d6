namespace Pack.Tests.GoldenVectors.Types;

/// <summary>Derived: base members first, then within this type properties before fields.</summary>
public sealed class VectorDerived : VectorBase
{
#pragma warning disable CA1051 // A public field is the point of this vector.
    public short Field;
#pragma warning restore CA1051

    public byte Property { get; set; }
}

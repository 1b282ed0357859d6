namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A class with fixed structs as members and in an array (written with no per-element header).</summary>
public sealed class VectorMesh
{
    public VectorPoint3 Origin { get; set; }

    public VectorPoint3[]? Points { get; set; }
}

namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A linked chain, for the depth limit.</summary>
public sealed class VectorNode
{
    public VectorNode? Next { get; set; }
}

namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A fixed struct (every member has a fixed length): no header, 12 bytes.</summary>
public struct VectorPoint3
{
    public float X;

    public float Y;

    public float Z;
}

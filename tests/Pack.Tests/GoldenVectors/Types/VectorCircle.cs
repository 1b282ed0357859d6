namespace Pack.Tests.GoldenVectors.Types;

/// <summary>Union case 0 of <see cref="VectorShape"/>.</summary>
public sealed class VectorCircle : VectorShape
{
    public float Radius { get; set; }
}

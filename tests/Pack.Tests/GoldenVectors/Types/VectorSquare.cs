namespace Pack.Tests.GoldenVectors.Types;

/// <summary>Union case 1 of <see cref="VectorShape"/>.</summary>
public sealed class VectorSquare : VectorShape
{
    public short Side { get; set; }
}

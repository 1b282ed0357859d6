namespace Pack.Tests.GoldenVectors.Types;

/// <summary>Union case 0 of <see cref="IVectorToken"/>: a fixed struct, so no header after the tag.</summary>
public struct VectorNumberToken : IVectorToken
{
    public int Value { get; set; }
}

namespace Pack.Tests.GoldenVectors.Types;

/// <summary>Union case 1 of <see cref="IVectorToken"/>: a struct with a string, so an object with a header.</summary>
public struct VectorTextToken : IVectorToken
{
    public string? Text { get; set; }
}

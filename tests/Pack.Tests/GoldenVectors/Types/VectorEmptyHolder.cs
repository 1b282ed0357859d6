namespace Pack.Tests.GoldenVectors.Types;

/// <summary>Holds a <see cref="VectorEmpty"/> so it appears nested.</summary>
public sealed class VectorEmptyHolder
{
    public VectorEmpty? Empty { get; set; }
}

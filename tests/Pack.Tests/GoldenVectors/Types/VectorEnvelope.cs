namespace Pack.Tests.GoldenVectors.Types;

/// <summary>An object that nests another object, so the inner one carries a body length.</summary>
public sealed class VectorEnvelope
{
    public int Id { get; set; }

    public VectorSmallObject? Inner { get; set; }

    public byte Tail { get; set; }
}

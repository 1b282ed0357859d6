namespace Pack.Tests.GoldenVectors.Types;

/// <summary><see cref="VectorEnvelope"/> read with an older inner type: the inner object's extra members are skipped.</summary>
public sealed class VectorEnvelopeV1
{
    public int Id { get; set; }

    public VectorSmallObjectV1? Inner { get; set; }

    public byte Tail { get; set; }
}

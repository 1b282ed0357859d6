namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A fixed struct whose memory image has padding: the wire has none (5 bytes).</summary>
public struct VectorFlagged
{
    public bool Flag;

    public int Value;
}

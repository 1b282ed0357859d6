namespace Pack.Benchmarks.Workloads;

/// <summary>W1: the 4-byte packet header of seed 000, laid out as [Size, 2 bytes][Id, 2 bytes].</summary>
public struct PacketHeader
{
    /// <summary>The packet size in bytes.</summary>
    public ushort Size;

    /// <summary>The packet ID.</summary>
    public ushort Id;
}

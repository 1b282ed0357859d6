namespace Pack.Benchmarks.Workloads;

/// <summary>W2: the 14 mixed primitives of seed 002, two runs of byte, short, ushort, int, uint, long, ulong.</summary>
public class MixedPrimitives
{
    /// <summary>Position 1.</summary>
    public byte Byte1 { get; set; }

    /// <summary>Position 2.</summary>
    public short Short1 { get; set; }

    /// <summary>Position 3.</summary>
    public ushort UShort1 { get; set; }

    /// <summary>Position 4.</summary>
    public int Int1 { get; set; }

    /// <summary>Position 5.</summary>
    public uint UInt1 { get; set; }

    /// <summary>Position 6.</summary>
    public long Long1 { get; set; }

    /// <summary>Position 7.</summary>
    public ulong ULong1 { get; set; }

    /// <summary>Position 8.</summary>
    public byte Byte2 { get; set; }

    /// <summary>Position 9.</summary>
    public short Short2 { get; set; }

    /// <summary>Position 10.</summary>
    public ushort UShort2 { get; set; }

    /// <summary>Position 11.</summary>
    public int Int2 { get; set; }

    /// <summary>Position 12.</summary>
    public uint UInt2 { get; set; }

    /// <summary>Position 13.</summary>
    public long Long2 { get; set; }

    /// <summary>Position 14.</summary>
    public ulong ULong2 { get; set; }
}

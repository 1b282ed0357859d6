namespace Pack.Benchmarks.Workloads;

/// <summary>W3 payload 1: the ten primitives of the CGD.buffer benchmark (seed 003).</summary>
public class CgdPrimitives
{
    /// <summary>Field A.</summary>
    public sbyte A { get; set; }

    /// <summary>Field B.</summary>
    public byte B { get; set; }

    /// <summary>Field C.</summary>
    public short C { get; set; }

    /// <summary>Field D.</summary>
    public ushort D { get; set; }

    /// <summary>Field E.</summary>
    public int E { get; set; }

    /// <summary>Field F.</summary>
    public uint F { get; set; }

    /// <summary>Field G.</summary>
    public long G { get; set; }

    /// <summary>Field H.</summary>
    public ulong H { get; set; }

    /// <summary>Field I.</summary>
    public float I { get; set; }

    /// <summary>Field J.</summary>
    public double J { get; set; }
}

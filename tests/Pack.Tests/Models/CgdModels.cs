namespace Pack.Tests.Models;

/// <summary>W3 payload 1: the ten primitives of the CGD.buffer benchmark.</summary>
public class CgdPrimitives
{
    public sbyte A { get; set; }
    public byte B { get; set; }
    public short C { get; set; }
    public ushort D { get; set; }
    public int E { get; set; }
    public uint F { get; set; }
    public long G { get; set; }
    public ulong H { get; set; }
    public float I { get; set; }
    public double J { get; set; }
}

/// <summary>W3 payload 2: eight string fields.</summary>
public class CgdStrings
{
    public string? S1 { get; set; }
    public string? S2 { get; set; }
    public string? S3 { get; set; }
    public string? S4 { get; set; }
    public string? S5 { get; set; }
    public string? S6 { get; set; }
    public string? S7 { get; set; }
    public string? S8 { get; set; }
}

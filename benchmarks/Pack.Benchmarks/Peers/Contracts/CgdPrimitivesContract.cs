using MemoryPack;
using MessagePack;
using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W3: the attributed copy of <see cref="Workloads.CgdPrimitives"/>.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
public sealed partial class CgdPrimitivesContract
{
    /// <summary>Field A.</summary>
    [Key(0), ProtoMember(1)]
    public sbyte A { get; set; }

    /// <summary>Field B.</summary>
    [Key(1), ProtoMember(2)]
    public byte B { get; set; }

    /// <summary>Field C.</summary>
    [Key(2), ProtoMember(3)]
    public short C { get; set; }

    /// <summary>Field D.</summary>
    [Key(3), ProtoMember(4)]
    public ushort D { get; set; }

    /// <summary>Field E.</summary>
    [Key(4), ProtoMember(5)]
    public int E { get; set; }

    /// <summary>Field F.</summary>
    [Key(5), ProtoMember(6)]
    public uint F { get; set; }

    /// <summary>Field G.</summary>
    [Key(6), ProtoMember(7)]
    public long G { get; set; }

    /// <summary>Field H.</summary>
    [Key(7), ProtoMember(8)]
    public ulong H { get; set; }

    /// <summary>Field I.</summary>
    [Key(8), ProtoMember(9)]
    public float I { get; set; }

    /// <summary>Field J.</summary>
    [Key(9), ProtoMember(10)]
    public double J { get; set; }
}

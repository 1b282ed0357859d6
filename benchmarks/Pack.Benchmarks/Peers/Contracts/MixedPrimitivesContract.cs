using MemoryPack;
using MessagePack;
using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W2: the attributed copy of <see cref="Workloads.MixedPrimitives"/>.</summary>
/// <remarks>One attributed copy serves MemoryPack ([MemoryPackable]), MessagePack-CSharp ([MessagePackObject] with integer keys) and protobuf-net ([ProtoContract]), as their users would write it; member names and order match the POCO, so System.Text.Json writes both alike.</remarks>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
public sealed partial class MixedPrimitivesContract
{
    /// <summary>Position 1.</summary>
    [Key(0), ProtoMember(1)]
    public byte Byte1 { get; set; }

    /// <summary>Position 2.</summary>
    [Key(1), ProtoMember(2)]
    public short Short1 { get; set; }

    /// <summary>Position 3.</summary>
    [Key(2), ProtoMember(3)]
    public ushort UShort1 { get; set; }

    /// <summary>Position 4.</summary>
    [Key(3), ProtoMember(4)]
    public int Int1 { get; set; }

    /// <summary>Position 5.</summary>
    [Key(4), ProtoMember(5)]
    public uint UInt1 { get; set; }

    /// <summary>Position 6.</summary>
    [Key(5), ProtoMember(6)]
    public long Long1 { get; set; }

    /// <summary>Position 7.</summary>
    [Key(6), ProtoMember(7)]
    public ulong ULong1 { get; set; }

    /// <summary>Position 8.</summary>
    [Key(7), ProtoMember(8)]
    public byte Byte2 { get; set; }

    /// <summary>Position 9.</summary>
    [Key(8), ProtoMember(9)]
    public short Short2 { get; set; }

    /// <summary>Position 10.</summary>
    [Key(9), ProtoMember(10)]
    public ushort UShort2 { get; set; }

    /// <summary>Position 11.</summary>
    [Key(10), ProtoMember(11)]
    public int Int2 { get; set; }

    /// <summary>Position 12.</summary>
    [Key(11), ProtoMember(12)]
    public uint UInt2 { get; set; }

    /// <summary>Position 13.</summary>
    [Key(12), ProtoMember(13)]
    public long Long2 { get; set; }

    /// <summary>Position 14.</summary>
    [Key(13), ProtoMember(14)]
    public ulong ULong2 { get; set; }
}

using MessagePack;
using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W1: the attributed copy of <see cref="Workloads.PacketHeader"/>. MemoryPack blits it as an unmanaged struct (no attribute needed).</summary>
[MessagePackObject]
[ProtoContract]
public struct PacketHeaderContract
{
    /// <summary>The packet size in bytes.</summary>
    [Key(0), ProtoMember(1)]
    public ushort Size;

    /// <summary>The packet ID.</summary>
    [Key(1), ProtoMember(2)]
    public ushort Id;
}

using MessagePack;
using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W5: the attributed copy of <see cref="Workloads.Vector3"/>. MemoryPack blits arrays of it (unmanaged, no attribute needed).</summary>
[MessagePackObject]
[ProtoContract]
public struct Vector3Contract
{
    /// <summary>X.</summary>
    [Key(0), ProtoMember(1)]
    public float X;

    /// <summary>Y.</summary>
    [Key(1), ProtoMember(2)]
    public float Y;

    /// <summary>Z.</summary>
    [Key(2), ProtoMember(3)]
    public float Z;
}

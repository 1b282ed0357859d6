using MemoryPack;
using MessagePack;
using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W4: the attributed copy of <see cref="Workloads.Member"/>.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
public sealed partial class MemberContract
{
    /// <summary>The member ID.</summary>
    [Key(0), ProtoMember(1)]
    public int Id { get; set; }

    /// <summary>Name.</summary>
    [Key(1), ProtoMember(2)]
    public string? Name { get; set; }

    /// <summary>Description.</summary>
    [Key(2), ProtoMember(3)]
    public string? Description { get; set; }

    /// <summary>Address.</summary>
    [Key(3), ProtoMember(4)]
    public string? Address { get; set; }

    /// <summary>A value.</summary>
    [Key(4), ProtoMember(5)]
    public double Value { get; set; }

    /// <summary>Last update, in Unix milliseconds.</summary>
    [Key(5), ProtoMember(6)]
    public long UpdateTime { get; set; }
}

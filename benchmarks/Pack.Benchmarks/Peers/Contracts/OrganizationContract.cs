using MemoryPack;
using MessagePack;
using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W4: the attributed copy of <see cref="Workloads.Organization"/>.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
public sealed partial class OrganizationContract
{
    /// <summary>The organization ID.</summary>
    [Key(0), ProtoMember(1)]
    public int Id { get; set; }

    /// <summary>Tags.</summary>
    [Key(1), ProtoMember(2)]
    public string[]? Tags { get; set; }

    /// <summary>Members.</summary>
    [Key(2), ProtoMember(3)]
    public List<MemberContract>? Members { get; set; }
}

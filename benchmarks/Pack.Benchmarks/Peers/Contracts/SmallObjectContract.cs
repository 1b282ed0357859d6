using MemoryPack;
using MessagePack;
using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W6: the attributed copy of <see cref="Workloads.SmallObject"/>.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
public sealed partial class SmallObjectContract
{
    /// <summary>First int.</summary>
    [Key(0), ProtoMember(1)]
    public int Id { get; set; }

    /// <summary>Second int.</summary>
    [Key(1), ProtoMember(2)]
    public int Age { get; set; }

    /// <summary>Third int.</summary>
    [Key(2), ProtoMember(3)]
    public int Score { get; set; }

    /// <summary>An ASCII string.</summary>
    [Key(3), ProtoMember(4)]
    public string? Name { get; set; }

    /// <summary>A Japanese string.</summary>
    [Key(4), ProtoMember(5)]
    public string? Greeting { get; set; }
}

using MemoryPack;
using MessagePack;
using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W3: the attributed copy of <see cref="Workloads.CgdStrings"/>.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
public sealed partial class CgdStringsContract
{
    /// <summary>String 1.</summary>
    [Key(0), ProtoMember(1)]
    public string? S1 { get; set; }

    /// <summary>String 2.</summary>
    [Key(1), ProtoMember(2)]
    public string? S2 { get; set; }

    /// <summary>String 3.</summary>
    [Key(2), ProtoMember(3)]
    public string? S3 { get; set; }

    /// <summary>String 4.</summary>
    [Key(3), ProtoMember(4)]
    public string? S4 { get; set; }

    /// <summary>String 5.</summary>
    [Key(4), ProtoMember(5)]
    public string? S5 { get; set; }

    /// <summary>String 6.</summary>
    [Key(5), ProtoMember(6)]
    public string? S6 { get; set; }

    /// <summary>String 7.</summary>
    [Key(6), ProtoMember(7)]
    public string? S7 { get; set; }

    /// <summary>String 8.</summary>
    [Key(7), ProtoMember(8)]
    public string? S8 { get; set; }
}

using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W3: the map for protobuf-net.</summary>
/// <remarks>protobuf-net only: protobuf has no top-level map, so the value travels as field 1 of a message, as in a <c>.proto</c>.</remarks>
[ProtoContract]
public sealed class CgdMapContract
{
    /// <summary>The entries.</summary>
    [ProtoMember(1)]
    public Dictionary<string, IntListContract> Entries { get; set; } = [];
}

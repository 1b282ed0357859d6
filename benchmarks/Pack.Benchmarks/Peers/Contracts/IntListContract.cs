using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W3: one map value for protobuf-net (protobuf maps cannot hold a repeated field directly).</summary>
[ProtoContract]
public sealed class IntListContract
{
    /// <summary>The values.</summary>
    [ProtoMember(1, IsPacked = true)]
    public List<int> Values { get; set; } = [];
}

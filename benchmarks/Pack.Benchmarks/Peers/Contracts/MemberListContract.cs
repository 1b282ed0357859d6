using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>H2 for the protobuf-net.Grpc code-first peer: a list of members (protobuf has no top-level list).</summary>
[ProtoContract]
public sealed class MemberListContract
{
    /// <summary>The members.</summary>
    [ProtoMember(1)]
    public List<MemberContract> Members { get; set; } = [];
}

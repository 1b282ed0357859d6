using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W5: the vector array for protobuf-net.</summary>
/// <remarks>protobuf-net only: protobuf has no top-level array, so the value travels as field 1 of a message, as in a <c>.proto</c>.</remarks>
[ProtoContract]
public sealed class Vector3ArrayContract
{
    /// <summary>The vectors.</summary>
    [ProtoMember(1)]
    public Vector3Contract[] Items { get; set; } = [];
}

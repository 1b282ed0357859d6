using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W3: the string array for protobuf-net.</summary>
/// <remarks>protobuf-net only: protobuf has no top-level array, so the value travels as field 1 of a message, as in a <c>.proto</c>.</remarks>
[ProtoContract]
public sealed class StringArrayContract
{
    /// <summary>The values.</summary>
    [ProtoMember(1)]
    public string[] Values { get; set; } = [];
}

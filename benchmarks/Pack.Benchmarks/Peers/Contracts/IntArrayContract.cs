using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W3: the int array for protobuf-net (packed, as proto3 packs repeated scalars).</summary>
/// <remarks>protobuf-net only: protobuf has no top-level array, so the value travels as field 1 of a message, as in a <c>.proto</c>.</remarks>
[ProtoContract]
public sealed class IntArrayContract
{
    /// <summary>The values.</summary>
    [ProtoMember(1, IsPacked = true)]
    public int[] Values { get; set; } = [];
}

using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>W2: the string message for protobuf-net.</summary>
/// <remarks>protobuf-net only: protobuf has no top-level string, so the value travels as field 1 of a message, as in a <c>.proto</c>.</remarks>
[ProtoContract]
public sealed class TextContract
{
    /// <summary>The string.</summary>
    [ProtoMember(1)]
    public string Value { get; set; } = string.Empty;
}

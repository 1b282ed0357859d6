namespace Pack.Benchmarks.Codecs;

/// <summary>The codec peers of WORKLOADS.md; benchmark methods are named <c>Serialize{Peer}</c> and <c>Deserialize{Peer}</c>.</summary>
public enum CodecPeer
{
    /// <summary>System.Text.Json, the baseline.</summary>
    Json,

    /// <summary>Pack.</summary>
    Pack,

    /// <summary>MemoryPack, the speed anchor (attributed copies of the workload types, source-generated).</summary>
    MemoryPack,

    /// <summary>MessagePack-CSharp, <c>StandardResolver</c>, attributed copies with integer keys.</summary>
    MessagePack,

    /// <summary>MessagePack-CSharp with <c>Lz4BlockArray</c> compression.</summary>
    MessagePackLz4,

    /// <summary>protobuf-net, attributed copies (<c>[ProtoContract]</c>).</summary>
    Protobuf,

    /// <summary>The hand-written BinaryWriter/BinaryReader codec of seed 004.</summary>
    Binary,
}

namespace Pack.Benchmarks.Codecs;

/// <summary>The peers that restore from the registry; benchmark methods are named <c>Serialize{Peer}</c> and <c>Deserialize{Peer}</c>.</summary>
public enum CodecPeer
{
    /// <summary>System.Text.Json, the baseline.</summary>
    Json,

    /// <summary>Pack.</summary>
    Pack,

    /// <summary>The hand-written BinaryWriter/BinaryReader codec of seed 004.</summary>
    Binary,

    /// <summary>Google.Protobuf with generated messages.</summary>
    Protobuf,
}

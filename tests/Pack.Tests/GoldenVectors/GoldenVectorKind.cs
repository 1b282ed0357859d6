namespace Pack.Tests.GoldenVectors;

/// <summary>What a golden vector checks.</summary>
public enum GoldenVectorKind
{
    /// <summary>The value encodes to exactly these bytes, and the bytes decode to the value.</summary>
    Both,

    /// <summary>The bytes decode to the value; a writer produces other bytes (evolution, non-canonical forms).</summary>
    Decode,

    /// <summary>A reader must reject the bytes.</summary>
    Invalid,

    /// <summary>A stream of frames that writers produce exactly and readers read to its end or error frame.</summary>
    Stream,

    /// <summary>A stream of frames a reader must reject.</summary>
    InvalidStream,
}

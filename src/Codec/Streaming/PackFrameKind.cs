namespace Pack.Streaming;

/// <summary>The kind byte that starts every frame of a Pack stream.</summary>
public enum PackFrameKind : byte
{
    /// <summary>One item: the payload is the Pack encoding of one value.</summary>
    Item = 1,

    /// <summary>The producer finished normally. The payload is empty and no frame follows.</summary>
    End = 2,

    /// <summary>The producer failed. The payload is a Pack-encoded <see cref="PackStreamError"/> and no frame follows.</summary>
    Error = 3,
}

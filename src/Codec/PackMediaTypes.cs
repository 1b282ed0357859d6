namespace Pack;

/// <summary>Media types used by Pack over HTTP.</summary>
public static class PackMediaTypes
{
    /// <summary>The Pack media type, <c>application/x-pack</c>.</summary>
    public const string Pack = "application/x-pack";

    /// <summary>The media type of a Pack stream of frames (<see cref="Streaming.PackStream"/>), <c>application/x-pack-stream</c>.</summary>
    public const string PackStream = "application/x-pack-stream";
}

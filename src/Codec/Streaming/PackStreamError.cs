namespace Pack.Streaming;

/// <summary>The error carried in-band by an <see cref="PackFrameKind.Error"/> frame, shaped like RFC 9457 problem details.</summary>
public sealed class PackStreamError
{
    /// <summary>The HTTP-style status code that best describes the failure, for example 500.</summary>
    public int Status { get; set; }

    /// <summary>A problem type URI, if any.</summary>
    public string? Type { get; set; }

    /// <summary>A short, human-readable summary of the problem.</summary>
    public string? Title { get; set; }

    /// <summary>A human-readable explanation specific to this occurrence.</summary>
    public string? Detail { get; set; }

    /// <summary>The trace identifier of the request that failed, for correlating with server logs.</summary>
    public string? TraceId { get; set; }
}

namespace Pack.Client;

/// <summary>How a response body is encoded, as far as the client is concerned.</summary>
internal enum PackMediaKind
{
    /// <summary>No <c>Content-Type</c> header.</summary>
    None,

    /// <summary><c>application/x-pack</c>.</summary>
    Pack,

    /// <summary><c>application/x-pack-stream</c>.</summary>
    PackStream,

    /// <summary><c>application/json</c>, <c>text/json</c> or any <c>+json</c> suffix.</summary>
    Json,

    /// <summary>Anything else.</summary>
    Other,
}

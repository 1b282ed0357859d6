namespace Pack.Samples.Demo.Rolling;

/// <summary>How one call of the rolling-upgrade client ended.</summary>
internal enum RollingResult
{
    /// <summary>Answered in the format asked for, with every value intact.</summary>
    Ok,

    /// <summary>
    /// Refused because of an incompatible contract, with nothing read: by the client (<c>PackSchemaMismatchException</c>
    /// before a Pack response was decoded) or by the server (409 for a Pack request body).
    /// </summary>
    Refused,

    /// <summary>A value was decoded but is not the one sent or expected: what the schema check exists to prevent.</summary>
    Misread,

    /// <summary>Anything else: no answer, an unexpected status or format, a malformed body.</summary>
    Failed,
}

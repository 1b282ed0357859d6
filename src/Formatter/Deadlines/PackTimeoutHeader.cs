namespace Pack.AspNetCore;

/// <summary>
/// The <c>Pack-Timeout</c> request header as the server sees it. The format and its rules live in
/// one type shared with the client (docs/operations.md); these members forward to it. <c>Pack-Timeout: 1500m</c> asks
/// the server to give up after 1.5 s, counted from when the server reads the header; zero means the time has already run
/// out (an immediate 504). A server that does not use <c>UsePackDeadlines()</c> ignores it.
/// </summary>
public static class PackTimeoutHeader
{
    /// <summary>The request header, <c>Pack-Timeout</c>.</summary>
    public const string Name = PackTimeoutFormat.HeaderName;

    /// <summary>The response header, <c>Pack-Timeout-Expired: true</c>, on the 504 a server answers when the deadline expired first.</summary>
    public const string ExpiredName = PackTimeoutFormat.ExpiredHeaderName;

    /// <summary>The problem type of that 504 and of the in-band error frame that ends a stream at the deadline.</summary>
    public const string ProblemType = PackTimeoutFormat.ProblemType;

    /// <summary>Reads a header value such as <c>1500m</c>; the rules are in docs/operations.md.</summary>
    /// <param name="value">The header value.</param>
    /// <param name="timeout">The timeout, when the value is well formed: zero for a zero amount, else at least one tick.</param>
    /// <returns>Whether the value is well formed: 1 to 8 digits, then one unit letter, nothing else.</returns>
    public static bool TryParse(ReadOnlySpan<char> value, out TimeSpan timeout) => PackTimeoutFormat.TryParse(value, out timeout);

    /// <summary>Writes a timeout in the header's format (docs/operations.md).</summary>
    /// <param name="timeout">A positive timeout.</param>
    /// <returns>The header value, for example <c>1500m</c>.</returns>
    public static string Format(TimeSpan timeout) => PackTimeoutFormat.Format(timeout);
}

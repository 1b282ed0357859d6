namespace Pack.Client;

/// <summary>
/// A call's Pack deadline expired: the client's own timer fired before the answer arrived, or the server stopped the work
/// and said so (a 504 with <c>Pack-Timeout-Expired</c>, or a stream's error frame). Distinct from a failure status
/// (<see cref="PackApiException"/>), from <see cref="HttpClient.Timeout"/> and from the caller's own cancellation, which keep
/// their usual exceptions.
/// </summary>
public sealed class PackDeadlineExceededException : TimeoutException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="deadline">The deadline the call was given.</param>
    /// <param name="reportedByServer">Whether the server reported the expiry (rather than the client's timer).</param>
    /// <param name="innerException">The cancellation or stream error behind it, if any.</param>
    public PackDeadlineExceededException(TimeSpan deadline, bool reportedByServer, Exception? innerException = null)
        : base($"The Pack deadline of {deadline.TotalMilliseconds} ms expired{(reportedByServer ? " (reported by the server)" : string.Empty)}.", innerException)
    {
        Deadline = deadline;
        ReportedByServer = reportedByServer;
    }

    /// <summary>The deadline the call was given.</summary>
    public TimeSpan Deadline { get; }

    /// <summary>Whether the server reported the expiry; <see langword="false"/> when the client's own timer fired.</summary>
    public bool ReportedByServer { get; }
}

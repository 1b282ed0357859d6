namespace Pack.AspNetCore;

/// <summary>How the server honours the <c>Pack-Timeout</c> header; set with <c>AddPackDeadlines(options =&gt; ...)</c>.</summary>
public sealed class PackDeadlineOptions
{
    /// <summary>The longest deadline a client may ask for; a longer one is cut to this. Default 5 minutes.</summary>
    public TimeSpan MaxTimeout { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>
    /// The status of the answer when the deadline expires before the response has started. Default 504 Gateway Timeout,
    /// the status ASP.NET Core's request timeouts use and the one gRPC's HTTP mapping gives <c>DEADLINE_EXCEEDED</c>.
    /// </summary>
    public int TimeoutStatusCode { get; set; } = 504;
}

namespace Pack.AspNetCore;

/// <summary>How the server honours the <c>Pack-Timeout</c> header; set with <c>AddPackDeadlines(options =&gt; ...)</c>.</summary>
/// <remarks>Validated when the host starts (<c>ValidateOnStart</c>): an invalid value stops start-up with an <see cref="Microsoft.Extensions.Options.OptionsValidationException"/> naming it.</remarks>
public sealed class PackDeadlineOptions
{
    /// <summary>The longest deadline a client may ask for; a longer one is cut to this. Default 5 minutes; at least 1 ms, at most 24 hours.</summary>
    public TimeSpan MaxTimeout { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>
    /// The status of the answer when the deadline expires before the response has started. Default 504 Gateway Timeout,
    /// the status ASP.NET Core's request timeouts use and the one gRPC's HTTP mapping gives <c>DEADLINE_EXCEEDED</c>.
    /// </summary>
    /// <remarks>An error status, 400 to 599.</remarks>
    public int TimeoutStatusCode { get; set; } = 504;
}

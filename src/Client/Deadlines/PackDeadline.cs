namespace Pack.Client;

/// <summary>
/// Per-call Pack deadlines, read by <see cref="PackDeadlineHandler"/>: <c>using (PackDeadline.Begin(TimeSpan.FromSeconds(2))) { ... }</c>
/// around any calls (the extension methods, a typed or Refit client), or <see cref="SetPackDeadline"/> on a request built by hand.
/// </summary>
public static class PackDeadline
{
    /// <summary>The request header that carries the deadline, <c>Pack-Timeout</c>, in <c>grpc-timeout</c> format (<c>1500m</c>).</summary>
    public const string HeaderName = PackTimeoutFormat.HeaderName;

    /// <summary>The response header by which a server says the deadline expired first.</summary>
    public const string ExpiredHeaderName = PackTimeoutFormat.ExpiredHeaderName;

    /// <summary>The problem type of the server's 504 and of the stream error frame at the deadline.</summary>
    public const string ProblemType = PackTimeoutFormat.ProblemType;

    internal static readonly HttpRequestOptionsKey<TimeSpan> OptionsKey = new("Pack.Deadline");

    private static readonly AsyncLocal<Scope?> Current = new();

    internal static TimeSpan? Ambient => Current.Value?.Deadline;

    /// <summary>Gives every call started inside the returned scope, on this async flow, the deadline <paramref name="deadline"/> from when it is sent.</summary>
    /// <param name="deadline">A positive time.</param>
    /// <returns>A scope; dispose it to restore the previous deadline.</returns>
    public static IDisposable Begin(TimeSpan deadline)
    {
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(deadline, TimeSpan.Zero);
        var scope = new Scope(deadline, Current.Value);
        Current.Value = scope;
        return scope;
    }

    /// <summary>Gives this request a deadline, taking precedence over <see cref="Begin"/> and the handler's default.</summary>
    /// <param name="request">The request.</param>
    /// <param name="deadline">A positive time.</param>
    /// <returns><paramref name="request"/>, for chaining.</returns>
    public static HttpRequestMessage SetPackDeadline(this HttpRequestMessage request, TimeSpan deadline)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(deadline, TimeSpan.Zero);
        request.Options.Set(OptionsKey, deadline);
        return request;
    }

    private sealed class Scope(TimeSpan deadline, Scope? previous) : IDisposable
    {
        public TimeSpan Deadline => deadline;

        public void Dispose() => Current.Value = previous;
    }
}

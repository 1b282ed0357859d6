namespace Pack.AspNetCore;

/// <summary>Marks a request whose request timeout came from its <c>Pack-Timeout</c> header.</summary>
internal sealed class PackDeadlineFeature(TimeSpan timeout, int timeoutStatusCode)
{
    public TimeSpan Timeout => timeout;

    public int TimeoutStatusCode => timeoutStatusCode;
}

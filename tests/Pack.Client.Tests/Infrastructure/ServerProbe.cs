namespace Pack.Client.Tests.Infrastructure;

/// <summary>What the server observed, for tests to await (always with a timeout).</summary>
public sealed class ServerProbe
{
    public TaskCompletionSource StreamStarted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public TaskCompletionSource RequestAborted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(15);
}

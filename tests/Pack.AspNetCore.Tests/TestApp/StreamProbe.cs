namespace Pack.AspNetCore.Tests.TestApp;

public sealed class StreamProbe
{
    /// <summary>Completed by the test to let the producer yield its last item.</summary>
    public TaskCompletionSource ReleaseLast { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completed by the producer when its cancellation token fires.</summary>
    public TaskCompletionSource Canceled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completed by a slow action when it starts running.</summary>
    public TaskCompletionSource Started { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completed by the producer once it has yielded its first item.</summary>
    public TaskCompletionSource FirstYielded { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
}

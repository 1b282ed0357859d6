using System.Threading.Channels;

namespace Pack.Client.Tests.Streaming;

/// <summary>What the streaming endpoints observed, for tests to await (always with a timeout).</summary>
public sealed class StreamingProbe
{
    /// <summary>Every item an endpoint read, the moment it read it.</summary>
    public Channel<Reading> Received { get; } = Channel.CreateUnbounded<Reading>();

    /// <summary>Set when an endpoint's enumeration of its request stream was canceled.</summary>
    public TaskCompletionSource ServerCanceled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Opened by the test to let a slow endpoint read on.</summary>
    public TaskCompletionSource Gate { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>What an endpoint's enumeration threw, when it did.</summary>
    public TaskCompletionSource<Exception> ServerFailed { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Set when the <c>RequestAborted</c> token an endpoint read its request stream with fired, during or after the read.</summary>
    public TaskCompletionSource Aborted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>How many items a flooding endpoint has handed to the response writer.</summary>
    public int Produced => Volatile.Read(ref _produced);

    private int _produced;

    public void CountProduced() => Interlocked.Increment(ref _produced);

    public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);
}

using System.Runtime.CompilerServices;
using System.Threading.Channels;

namespace Pack.Client.Tests.Streaming;

/// <summary>A producer of request-stream items that reports whether the token it was enumerated with was canceled.</summary>
public static class WatchedProducer
{
    /// <summary>
    /// Yields the items written to <paramref name="source"/> and completes <paramref name="canceled"/> when the token given
    /// to <c>GetAsyncEnumerator</c> is canceled: the only token it observes, as an async iterator with
    /// <see cref="EnumeratorCancellationAttribute"/> does.
    /// </summary>
    public static async IAsyncEnumerable<Reading> Watched(Channel<Reading> source, TaskCompletionSource canceled, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        // The registration alone can miss it: when the cancellation's callbacks resume this producer inline,
        // it can end and dispose the registration before its own callback has run.
        using var registration = cancellationToken.Register(() => canceled.TrySetResult());
        try
        {
            await foreach (var reading in source.Reader.ReadAllAsync(cancellationToken))
            {
                yield return reading;
            }
        }
        finally
        {
            if (cancellationToken.IsCancellationRequested)
            {
                canceled.TrySetResult();
            }
        }
    }
}

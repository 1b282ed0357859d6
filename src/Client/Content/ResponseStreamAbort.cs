namespace Pack.Client;

/// <summary>Closes the connection under a response stream that its reader abandons before the end.</summary>
/// <remarks>
/// Disposing a response stream that is not at its end makes <see cref="SocketsHttpHandler"/> drain it, by default for up
/// to 2 seconds or 1 MiB, before it gives the connection up; meanwhile the server keeps producing and never sees its
/// request aborted. Cancelling a pending read is the documented way to abort a response: the handler closes the
/// connection (HTTP/1.1) or resets the stream (HTTP/2) at once, and the server's <c>RequestAborted</c> fires.
/// </remarks>
internal static class ResponseStreamAbort
{
    internal static async ValueTask AbortAsync(Stream stream)
    {
        using var cancellation = new CancellationTokenSource();
        ValueTask<int> read;
        try
        {
            read = stream.ReadAsync(new byte[1], cancellation.Token);
        }
        catch (Exception ex) when (IsExpected(ex))
        {
            return;
        }

        // Data was already buffered, or the stream has ended: there is no pending read to cancel, and disposing is enough.
        if (!read.IsCompleted)
        {
            await cancellation.CancelAsync().ConfigureAwait(false);
        }

        try
        {
            await read.ConfigureAwait(false);
        }
        catch (Exception ex) when (IsExpected(ex))
        {
            // The point of the read was to be cancelled.
        }
    }

    private static bool IsExpected(Exception ex) =>
        ex is OperationCanceledException or IOException or ObjectDisposedException or HttpRequestException;
}

using System.Runtime.CompilerServices;

namespace Pack.Client;

public sealed partial class PackDuplexCall<TRequest, TResponse>
{
    private IAsyncEnumerator<TResponse?>? _responses;
    private TaskCompletionSource? _readDrained;
    private TResponse? _current;
    private int _reading;

    /// <summary>The response item the last <see cref="MoveNextAsync"/> that returned <see langword="true"/> read.</summary>
    public TResponse? Current => _current;

    /// <summary>
    /// Reads the next response item into <see cref="Current"/>. The first read waits for the response headers (the
    /// server may send them with its first item, so write before you read), checks the status and the response's
    /// <c>Pack-Schema</c>.
    /// </summary>
    /// <param name="cancellationToken">Cancels the read and the call.</param>
    /// <returns><see langword="true"/> when an item was read; <see langword="false"/> when the response stream has ended with its end frame.</returns>
    /// <exception cref="PackApiException">The response status is not a success (a rejected request stream is a 400 or 413 problem; over HTTP/1.1 an endpoint that streams while it reads answers 400).</exception>
    /// <exception cref="PackSchemaMismatchException">The server's contract cannot be read as <typeparamref name="TResponse"/>; nothing was read.</exception>
    /// <exception cref="Streaming.PackStreamException">The server sent an error frame in place of the rest of the stream.</exception>
    /// <exception cref="PackDeadlineExceededException">The call's deadline expired.</exception>
    /// <exception cref="PackException">The response stream is malformed or ended without an end frame.</exception>
    /// <exception cref="InvalidOperationException">Another read is in progress, or the call was disposed (<see cref="ObjectDisposedException"/>).</exception>
    /// <exception cref="OperationCanceledException">The call was canceled or disposed.</exception>
    public ValueTask<bool> MoveNextAsync(CancellationToken cancellationToken = default)
    {
        if (Interlocked.Exchange(ref _reading, 1) != 0)
        {
            ThrowConcurrent("read");
        }

        if (Volatile.Read(ref _state) == Disposed)
        {
            EndRead();
            return ValueTask.FromException<bool>(new ObjectDisposedException(typeof(PackDuplexCall<TRequest, TResponse>).Name, "The Pack duplex call was disposed; nothing more can be read."));
        }

        return ReadNextAsync(cancellationToken);
    }

    /// <summary>Reads the response items as they arrive, until the response stream ends.</summary>
    /// <remarks>Each item is read with <see cref="MoveNextAsync"/>, so the same exceptions apply; leaving the loop early does not end the call (dispose it).</remarks>
    /// <param name="cancellationToken">Cancels the reads and the call.</param>
    /// <returns>The response items, in the order the server sent them.</returns>
    public async IAsyncEnumerable<TResponse?> ReadAllAsync([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        while (await MoveNextAsync(cancellationToken).ConfigureAwait(false))
        {
            yield return _current;
        }
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<bool> ReadNextAsync(CancellationToken cancellationToken)
    {
        var registration = RegisterCancelCall(cancellationToken);
        try
        {
            var responses = _responses ?? await StartReadingAsync().ConfigureAwait(false);
            if (await responses.MoveNextAsync().ConfigureAwait(false))
            {
                _current = responses.Current;
                return true;
            }

            _current = default;
            return false;
        }
        catch (Exception exception) when (_cancellation.IsCancellationRequested
            && exception is OperationCanceledException or IOException or HttpRequestException or ObjectDisposedException)
        {
            // The call was canceled: the read saw it as a cancellation, or as the request it reset.
            throw CanceledByCall(cancellationToken);
        }
        finally
        {
            registration.Dispose();
            EndRead();
        }
    }

    private async ValueTask<IAsyncEnumerator<TResponse?>> StartReadingAsync()
    {
        HttpResponseMessage response = await _sending!.ConfigureAwait(false);
        await response.EnsureSuccessStatusCodeAsync(_cancellation.Token).ConfigureAwait(false);

        // Per-call options win; otherwise those PackNegotiationHandler recorded for this client, then the defaults.
        var resolved = PackClientOptions.WithSerializerOptions(_options, response.RequestMessage);
        _responses = HttpContentPackExtensions.ReadSequenceCoreAsync<TResponse>(response.Content, resolved, response, _client, _cancellation.Token)
            .GetAsyncEnumerator(_cancellation.Token);
        return _responses;
    }

    private void EndRead()
    {
        // Full fences on both sides: DisposeAsync publishes its waiter, then looks for a read; a read ends, then looks for a waiter.
        Interlocked.Exchange(ref _reading, 0);
        Volatile.Read(ref _readDrained)?.TrySetResult();
    }

    /// <summary>Waits for a read in progress to end (the call's token is canceled), so the responses' enumerator can be disposed.</summary>
    private Task WaitForPendingReadAsync()
    {
        var drained = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Interlocked.Exchange(ref _readDrained, drained);
        return Volatile.Read(ref _reading) == 0 ? Task.CompletedTask : drained.Task;
    }
}

using System.Runtime.CompilerServices;
using Pack.Streaming;

namespace Pack.Client;

public sealed partial class PackDuplexCall<TRequest, TResponse>
{
    private Stream? _requestStream;
    private PackSerializerOptions? _writeOptions;
    private PackClientMetrics? _metrics;
    private CancellationTokenRegistration _requestBodyRegistration;
    private int _writing;
    private int _requestRecorded;
    private long _sentItems;
    private long _sentBytes;

    /// <summary>
    /// Sends <paramref name="item"/> as one item frame and flushes it, from the caller's thread: the frame is serialized
    /// into a buffer the call reuses and written to the request stream with one write.
    /// </summary>
    /// <remarks>
    /// The write waits while the connection's flow control does (a server that does not read holds the writer back).
    /// Cancelling <paramref name="cancellationToken"/> cancels the whole call, as cancelling the call's token does: a
    /// half-written frame cannot be taken back.
    /// </remarks>
    /// <param name="item">The item to send.</param>
    /// <param name="cancellationToken">Cancels the write and the call.</param>
    /// <returns>A task that completes when the frame has been handed to the connection.</returns>
    /// <exception cref="InvalidOperationException">
    /// The request stream was completed, another write is in progress, or the call was disposed
    /// (<see cref="ObjectDisposedException"/>).
    /// </exception>
    /// <exception cref="HttpRequestException">The server ended the exchange before the request stream was completed (it stopped reading); the responses carry its answer.</exception>
    /// <exception cref="OperationCanceledException">The call was canceled or disposed.</exception>
    public ValueTask WriteAsync(TRequest item, CancellationToken cancellationToken = default)
    {
        if (Interlocked.Exchange(ref _writing, 1) != 0)
        {
            ThrowConcurrent("write");
        }

        Stream? stream = _requestStream;
        if (_state != Open || stream is null || _cancellation.IsCancellationRequested || cancellationToken.IsCancellationRequested)
        {
            return WriteRefusedAsync(cancellationToken);
        }

        try
        {
            _buffer.ResetWrittenCount();
            PackStream.WriteItem(_buffer, item, _writeOptions);
        }
        catch
        {
            Volatile.Write(ref _writing, 0);
            throw;
        }

        return SendItemAsync(stream, cancellationToken);
    }

    /// <summary>
    /// Ends the request stream: sends the end frame and completes the request body, so the server's enumeration of the
    /// items ends. The responses can still be read.
    /// </summary>
    /// <remarks>
    /// When the server has already ended the exchange (it stopped reading, or answered without reading), there is nothing
    /// left to end and this completes without error: the responses carry the server's answer.
    /// </remarks>
    /// <param name="cancellationToken">Cancels the write of the end frame and the call.</param>
    /// <returns>A task that completes when the end frame has been handed to the connection.</returns>
    /// <exception cref="InvalidOperationException">
    /// The request stream was already completed, a write is in progress, or the call was disposed (<see cref="ObjectDisposedException"/>).
    /// </exception>
    /// <exception cref="OperationCanceledException">The call was canceled or disposed.</exception>
    public async Task CompleteAsync(CancellationToken cancellationToken = default)
    {
        if (Interlocked.Exchange(ref _writing, 1) != 0)
        {
            ThrowConcurrent("write");
        }

        var registration = default(CancellationTokenRegistration);
        try
        {
            int state = Interlocked.CompareExchange(ref _state, Completed, Open);
            if (state != Open)
            {
                throw NotOpen(state);
            }

            Stream? stream = _requestStream;
            if (stream is null)
            {
                // The exchange ended before the body was asked for: there is no request stream to end.
                _requestEnded.TrySetResult();
                return;
            }

            registration = RegisterCancelCall(cancellationToken);
            _buffer.ResetWrittenCount();
            PackStream.WriteEnd(_buffer);
            int written = _buffer.WrittenCount;
            try
            {
                await stream.WriteAsync(_buffer.WrittenMemory, _cancellation.Token).ConfigureAwait(false);
                await stream.FlushAsync(_cancellation.Token).ConfigureAwait(false);
                _sentBytes += written;
            }
            catch (Exception) when (!_cancellation.IsCancellationRequested)
            {
                // The server ended the exchange first: the request stream is over anyway.
            }
            catch (Exception exception) when (exception is OperationCanceledException or IOException or HttpRequestException or ObjectDisposedException)
            {
                throw CanceledByCall(cancellationToken);
            }

            _requestEnded.TrySetResult();
        }
        finally
        {
            await registration.DisposeAsync().ConfigureAwait(false);
            RecordRequestStream();
            Volatile.Write(ref _writing, 0);
        }
    }

    /// <summary>The handler asks for the body: the call writes it from now on, and it ends when <see cref="_requestEnded"/> does.</summary>
    private Task AttachRequestStream(PackStreamContent content, Stream stream, CancellationToken cancellationToken)
    {
        _writeOptions = content.SerializerOptions;
        _metrics = content.Metrics;

        // The handler cancels the body's token when the request is canceled or the server ends the exchange; the body's
        // task must end then, or the handler would wait for it.
        _requestBodyRegistration = cancellationToken.UnsafeRegister(static state => ((PackDuplexCall<TRequest, TResponse>)state!).OnRequestBodyCanceled(), this);
        Volatile.Write(ref _requestStream, stream);
        _requestStreamReady.TrySetResult();
        return _requestEnded.Task;
    }

    private void OnRequestBodyCanceled() => _requestEnded.TrySetCanceled();

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask SendItemAsync(Stream stream, CancellationToken cancellationToken)
    {
        var registration = RegisterCancelCall(cancellationToken);
        try
        {
            int written = _buffer.WrittenCount;
            await stream.WriteAsync(_buffer.WrittenMemory, _cancellation.Token).ConfigureAwait(false);
            await stream.FlushAsync(_cancellation.Token).ConfigureAwait(false);
            _sentItems++;
            _sentBytes += written;
        }
        catch (Exception exception) when (exception is OperationCanceledException or IOException or HttpRequestException or ObjectDisposedException)
        {
            throw WriteFailed(exception, cancellationToken);
        }
        finally
        {
            registration.Dispose();
            Volatile.Write(ref _writing, 0);
        }
    }

    private ValueTask WriteRefusedAsync(CancellationToken cancellationToken)
    {
        int state = _state;
        if (cancellationToken.IsCancellationRequested)
        {
            CancelCall(); // As a pending write's token does.
        }

        Exception exception = state != Open ? NotOpen(state)
            : _cancellation.IsCancellationRequested || cancellationToken.IsCancellationRequested ? CanceledByCall(cancellationToken)
            : ServerEnded(ResponseIfEnded(), inner: null); // Open, with no request stream: the exchange ended before the handler asked for the body.
        Volatile.Write(ref _writing, 0);
        return ValueTask.FromException(exception);
    }

    private Exception WriteFailed(Exception exception, CancellationToken cancellationToken) =>
        _cancellation.IsCancellationRequested ? CanceledByCall(cancellationToken) : ServerEnded(ResponseIfEnded(), exception);

    private HttpResponseMessage? ResponseIfEnded() => _sending is { IsCompletedSuccessfully: true } sending ? sending.Result : null;

    /// <summary>A write's or read's own token cancels the call; a token that cannot be canceled costs nothing.</summary>
    private CancellationTokenRegistration RegisterCancelCall(CancellationToken cancellationToken) =>
        cancellationToken.CanBeCanceled
            ? cancellationToken.UnsafeRegister(static state => ((PackDuplexCall<TRequest, TResponse>)state!).CancelCall(), this)
            : default;

    private void CancelCall()
    {
        try
        {
            _cancellation.Cancel();
        }
        catch (ObjectDisposedException)
        {
            // The call was disposed meanwhile: it is canceled already.
        }
    }

    /// <summary>Reports the request stream's items and bytes once, when it ends (completed, failed or disposed).</summary>
    private void RecordRequestStream()
    {
        if (_metrics is not null && Interlocked.Exchange(ref _requestRecorded, 1) == 0)
        {
            _metrics.RecordRequestStream(_sentBytes, _sentItems);
        }
    }

    private static InvalidOperationException NotOpen(int state) => state == Disposed
        ? new ObjectDisposedException(typeof(PackDuplexCall<TRequest, TResponse>).Name, "The Pack duplex call was disposed; nothing more can be written.")
        : new InvalidOperationException("The request stream of this Pack duplex call was completed; nothing more can be written.");
}

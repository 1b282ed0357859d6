using System.Buffers;
using System.Diagnostics.CodeAnalysis;

namespace Pack.Client;

/// <summary>
/// A bidirectional Pack streaming call (HTTP/2 full duplex) driven by its caller, as a gRPC duplex call is: each
/// <see cref="WriteAsync"/> sends one request item at once from the caller's thread, <see cref="MoveNextAsync"/> (or
/// <see cref="ReadAllAsync"/>) reads the response items as they arrive, <see cref="CompleteAsync"/> ends the request
/// stream and <see cref="DisposeAsync"/> ends the call. Opened by
/// <see cref="HttpClientPackExtensions.OpenPackStreamAsync{TRequest, TResponse}(HttpClient, Uri?, PackSerializerOptions?, CancellationToken)"/>.
/// </summary>
/// <remarks>
/// <para>
/// The request body is <c>application/x-pack-stream</c> sent by a <see cref="PackStreamContent"/>, so the client's
/// handlers see the call as they see <c>StreamPackAsync</c>: <see cref="PackNegotiationHandler"/>'s options,
/// <c>Pack-Schema</c> for the request items, <see cref="PackDeadlineHandler"/>'s <c>Pack-Timeout</c>, and
/// <see cref="PackClientMetricsHandler"/>'s item and byte counts in each direction (the request's are recorded when its
/// stream ends). The responses are read as <c>StreamPackAsync</c> reads them: a non-success status throws
/// <see cref="PackApiException"/> (with the problem details) on the first read, the response's <c>Pack-Schema</c> is
/// checked against <typeparamref name="TResponse"/> before the first item, an error frame throws
/// <see cref="Streaming.PackStreamException"/> (a deadline's, <see cref="PackDeadlineExceededException"/>), and a stream
/// cut off without its end frame throws <see cref="PackException"/>.
/// </para>
/// <para>
/// One write and one read may be in progress at a time (a second throws <see cref="InvalidOperationException"/>); a
/// write and a read may overlap. Cancelling the call's token, or the token of a pending write or read, cancels the whole
/// call in both directions: the request stream is reset and the server's enumeration is canceled.
/// </para>
/// </remarks>
/// <typeparam name="TRequest">The type of the items sent.</typeparam>
/// <typeparam name="TResponse">The type of the items received.</typeparam>
public sealed partial class PackDuplexCall<TRequest, TResponse> : IAsyncDisposable
{
    private const int Open = 0;
    private const int Completed = 1;
    private const int Disposed = 2;

    private readonly HttpClient _client;
    private readonly PackSerializerOptions? _options;
    private readonly CancellationToken _callerToken;
    private readonly CancellationTokenSource _cancellation;
    private readonly CancellationTokenRegistration _cancellationRegistration;
    private readonly TaskCompletionSource _requestStreamReady = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _requestEnded = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly ArrayBufferWriter<byte> _buffer = new(4096);
    private HttpRequestMessage? _request;
    private Task<HttpResponseMessage>? _sending;
    private int _state;

    internal PackDuplexCall(HttpClient client, PackSerializerOptions? options, CancellationToken cancellationToken)
    {
        _client = client;
        _options = options;
        _callerToken = cancellationToken;
        _cancellation = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        Content = PackStreamContent.CreateDuplex(typeof(TRequest), AttachRequestStream, options);
        _cancellationRegistration = _cancellation.Token.UnsafeRegister(static state => ((PackDuplexCall<TRequest, TResponse>)state!).OnCanceled(), this);
    }

    /// <summary>The request body, for the request the call is sent with.</summary>
    internal PackStreamContent Content { get; }

    /// <summary>Sends <paramref name="request"/> and completes when its body may be written, or the exchange ended before it could be.</summary>
    internal async Task StartAsync(HttpRequestMessage request, Func<HttpRequestMessage, CancellationToken, Task<HttpResponseMessage>> send)
    {
        _request = request;
        _sending = send(request, _cancellation.Token);
        if (await Task.WhenAny(_requestStreamReady.Task, _sending).ConfigureAwait(false) == _sending && !_requestStreamReady.Task.IsCompleted)
        {
            // The exchange ended before the handler asked for the body: a failure (no connection, the deadline) is thrown
            // here; a response (the server answered at once) is kept for the reads, and writes say that it ended.
            await _sending.ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Cancels the call if it is still going on and releases it: the request stream is reset unless it was completed, the
    /// response is abandoned unless it was read to its end (the server's <c>RequestAborted</c> fires), and a pending write
    /// or read ends with an <see cref="OperationCanceledException"/>. Leaving a call early is as leaving
    /// <c>StreamPackAsync</c>'s loop early.
    /// </summary>
    /// <returns>A task that completes when the call has been released.</returns>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _state, Disposed) == Disposed)
        {
            return;
        }

        await _cancellation.CancelAsync().ConfigureAwait(false);
        await WaitForPendingReadAsync().ConfigureAwait(false);
        if (_responses is not null)
        {
            // Abandons the response stream (a cancelled pending read resets it) unless it was read to its end.
            await _responses.DisposeAsync().ConfigureAwait(false);
        }

        if (_sending is not null)
        {
            await ((Task)_sending).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            if (_sending.IsCompletedSuccessfully)
            {
                _sending.Result.Dispose();
            }
        }

        RecordRequestStream();
        await _requestBodyRegistration.DisposeAsync().ConfigureAwait(false);
        await _cancellationRegistration.DisposeAsync().ConfigureAwait(false);
        _request?.Dispose();
        _cancellation.Dispose();
    }

    /// <summary>The call was canceled (its token, a canceled write or read, disposal): the request body ends now, reset.</summary>
    private void OnCanceled() => _requestEnded.TrySetCanceled(_cancellation.Token);

    [DoesNotReturn]
    private static void ThrowConcurrent(string operation) =>
        throw new InvalidOperationException($"A {operation} of this Pack duplex call is already in progress; await it before the next one.");

    private static OperationCanceledException Canceled(CancellationToken token) =>
        new("The Pack duplex call was canceled.", innerException: null, token);

    private OperationCanceledException CanceledByCall(CancellationToken operationToken) =>
        operationToken.IsCancellationRequested ? Canceled(operationToken)
        : _callerToken.IsCancellationRequested ? Canceled(_callerToken)
        : _state == Disposed ? new OperationCanceledException("The Pack duplex call was disposed.", innerException: null, _cancellation.Token)
        : Canceled(_cancellation.Token);

    private static Exception ServerEnded(HttpResponseMessage? response, Exception? inner) =>
        new HttpRequestException(
            HttpRequestError.Unknown,
            "The server ended the request stream of the Pack duplex call before the client completed it"
            + (response is null ? string.Empty : $" (it answered {(int)response.StatusCode})") + "; read the responses for its answer.",
            inner,
            response?.StatusCode);
}

using System.Buffers;
using System.IO.Pipelines;
using Pack.Formatters.Segments;

namespace Pack;

public static partial class PackSerializer
{
    /// <summary>
    /// The bytes written into a <see cref="PipeWriter"/> before <see cref="SerializeAsync{T}(PipeWriter, T, PackSerializerOptions?, CancellationToken)"/>
    /// flushes at the next safe point (64 KiB).
    /// </summary>
    internal const int PipeFlushThreshold = 64 * 1024;

    /// <summary>
    /// Serializes a value into a pipe, flushing it as the bytes are written so that a large payload is never held whole:
    /// at most about 64 KiB, plus the one element or member being written, wait in the pipe for each flush, which applies
    /// the reader's backpressure. The bytes are those of <see cref="Serialize{T}(T, PackSerializerOptions?)"/>; the pipe is
    /// flushed at the end but not completed.
    /// </summary>
    /// <remarks>
    /// A payload can be flushed between the members of the top-level object and between the elements of a top-level
    /// <see cref="List{T}"/> or array, or of such a member of the top-level object. A payload with none of these, such
    /// as a small object, is written at once and flushed once, as <see cref="Serialize{T}(IBufferWriter{byte}, T, PackSerializerOptions?)"/>
    /// followed by <see cref="PipeWriter.FlushAsync"/> would. When the pipe's reader has completed, writing stops early.
    /// </remarks>
    /// <typeparam name="T">The declared type of the value.</typeparam>
    /// <param name="destination">The pipe.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the flushes.</param>
    /// <returns>A task that completes when the payload is written and flushed.</returns>
    /// <exception cref="OperationCanceledException">The token was canceled, or a flush was canceled with <see cref="PipeWriter.CancelPendingFlush"/>.</exception>
    public static ValueTask SerializeAsync<T>(PipeWriter destination, T? value, PackSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        return SerializeAsync(destination, value, options, PipeFlushThreshold, flushLastPart: true, cancellationToken);
    }

    /// <summary>
    /// Serializes a value into a pipe as <see cref="SerializeAsync{T}(PipeWriter, T, PackSerializerOptions?, CancellationToken)"/>
    /// does, flushing between the parts of a large payload, and flushes the last part only when <paramref name="flushLastPart"/>
    /// is <see langword="true"/>.
    /// </summary>
    /// <remarks>
    /// With <paramref name="flushLastPart"/> <see langword="false"/>, the bytes after the last flush (all of a payload that
    /// fits in one part, such as a small object) stay in the pipe for its owner to send: a server that flushes the response
    /// when the request ends (Kestrel) then sends a small body together with the end of the response, in one write or
    /// one HTTP/2 DATA frame. Only pass <see langword="false"/> when something is certain to flush or complete the pipe.
    /// </remarks>
    /// <typeparam name="T">The declared type of the value.</typeparam>
    /// <param name="destination">The pipe.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <param name="flushLastPart">Whether to flush the bytes written after the last intermediate flush.</param>
    /// <param name="cancellationToken">Cancels the flushes.</param>
    /// <returns>A task that completes when the payload is written (and flushed as asked).</returns>
    /// <exception cref="OperationCanceledException">The token was canceled, or a flush was canceled with <see cref="PipeWriter.CancelPendingFlush"/>.</exception>
    public static ValueTask SerializeAsync<T>(PipeWriter destination, T? value, PackSerializerOptions? options, bool flushLastPart, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        return SerializeAsync(destination, value, options, PipeFlushThreshold, flushLastPart, cancellationToken);
    }

    /// <summary>Serializes a value of a runtime type into a pipe, flushing it as the bytes are written; see <see cref="SerializeAsync{T}(PipeWriter, T, PackSerializerOptions?, CancellationToken)"/>.</summary>
    /// <param name="destination">The pipe.</param>
    /// <param name="value">The value, which must be assignable to <paramref name="type"/>.</param>
    /// <param name="type">The declared type that decides the encoding.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the flushes.</param>
    /// <returns>A task that completes when the payload is written and flushed.</returns>
    /// <exception cref="OperationCanceledException">The token was canceled, or a flush was canceled with <see cref="PipeWriter.CancelPendingFlush"/>.</exception>
    public static ValueTask SerializeAsync(PipeWriter destination, object? value, Type type, PackSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        return For(type, value).SerializeAsync(destination, value, options, flushLastPart: true, cancellationToken);
    }

    /// <summary>
    /// Serializes a value of a runtime type into a pipe, flushing the last part only when <paramref name="flushLastPart"/> is
    /// <see langword="true"/>; see <see cref="SerializeAsync{T}(PipeWriter, T, PackSerializerOptions?, bool, CancellationToken)"/>.
    /// </summary>
    /// <param name="destination">The pipe.</param>
    /// <param name="value">The value, which must be assignable to <paramref name="type"/>.</param>
    /// <param name="type">The declared type that decides the encoding.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <param name="flushLastPart">Whether to flush the bytes written after the last intermediate flush.</param>
    /// <param name="cancellationToken">Cancels the flushes.</param>
    /// <returns>A task that completes when the payload is written (and flushed as asked).</returns>
    /// <exception cref="OperationCanceledException">The token was canceled, or a flush was canceled with <see cref="PipeWriter.CancelPendingFlush"/>.</exception>
    public static ValueTask SerializeAsync(PipeWriter destination, object? value, Type type, PackSerializerOptions? options, bool flushLastPart, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        return For(type, value).SerializeAsync(destination, value, options, flushLastPart, cancellationToken);
    }

    /// <summary>The pipe serialization with its flush threshold as a parameter, so tests can split small payloads at every safe point.</summary>
    internal static ValueTask SerializeAsync<T>(PipeWriter destination, T? value, PackSerializerOptions? options, int flushThreshold, CancellationToken cancellationToken)
        => SerializeAsync(destination, value, options, flushThreshold, flushLastPart: true, cancellationToken);

    internal static ValueTask SerializeAsync<T>(PipeWriter destination, T? value, PackSerializerOptions? options, int flushThreshold, bool flushLastPart, CancellationToken cancellationToken)
    {
        var segmented = SegmentedWriter<T>.Instance;
        if (segmented is null || value is null)
        {
            SerializeCore(destination, value, options);
            return flushLastPart ? FlushAsync(destination, cancellationToken) : default;
        }

        // The first part is written before any await, so a payload smaller than the threshold costs no state machine.
        var cursor = SegmentCursor.Start;
        return segmented.Write(destination, value, options, ref cursor, flushThreshold)
            ? flushLastPart ? FlushAsync(destination, cancellationToken) : default
            : SerializeRemainingAsync(destination, value, options, segmented, cursor, flushThreshold, flushLastPart, cancellationToken);
    }

    private static async ValueTask SerializeRemainingAsync<T>(PipeWriter destination, T value, PackSerializerOptions? options, SegmentedWriter<T> segmented, SegmentCursor cursor, int flushThreshold, bool flushLastPart, CancellationToken cancellationToken)
    {
        bool done;
        do
        {
            var result = await destination.FlushAsync(cancellationToken).ConfigureAwait(false);
            if (!CanContinue(result))
            {
                return;
            }

            done = segmented.Write(destination, value, options, ref cursor, flushThreshold);
        }
        while (!done);

        if (flushLastPart)
        {
            CanContinue(await destination.FlushAsync(cancellationToken).ConfigureAwait(false));
        }
    }

    private static ValueTask FlushAsync(PipeWriter destination, CancellationToken cancellationToken)
    {
        var flush = destination.FlushAsync(cancellationToken);
        if (flush.IsCompletedSuccessfully)
        {
            CanContinue(flush.Result);
            return default;
        }

        return AwaitFlushAsync(flush);
    }

    private static async ValueTask AwaitFlushAsync(ValueTask<FlushResult> flush) => CanContinue(await flush.ConfigureAwait(false));

    /// <summary>Whether to keep writing after a flush: not when the reader has completed; a canceled flush throws.</summary>
    private static bool CanContinue(FlushResult result)
    {
        if (result.IsCanceled)
        {
            PackThrowHelper.ThrowFlushCanceled();
        }

        return !result.IsCompleted;
    }
}

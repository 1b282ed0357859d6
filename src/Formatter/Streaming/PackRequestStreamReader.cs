using System.Buffers;
using System.Globalization;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Core.Features;
using Pack.Streaming;

namespace Pack.AspNetCore;

/// <summary>
/// Reads a request body of Pack stream frames (<c>application/x-pack-stream</c>) from <see cref="HttpRequest.BodyReader"/>,
/// yielding each item as soon as its frame has arrived. The whole stream shares one allocation budget and one size limit,
/// and a frame is decoded in place when the pipe holds it in one segment. Any failure is recorded as a
/// <see cref="PackRequestStreamFailure"/> on the request before it is thrown, so it is answered as the client's fault.
/// </summary>
/// <typeparam name="T">The item type.</typeparam>
internal sealed class PackRequestStreamReader<T> : IAsyncEnumerable<T?>
{
    private readonly HttpContext _httpContext;
    private readonly PackSerializerOptions _options;
    private readonly long? _maxLength;
    private int _enumerated;

    public PackRequestStreamReader(HttpContext httpContext, PackFormatterOptions options)
    {
        _httpContext = httpContext;
        _options = options.SerializerOptions;
        _maxLength = options.MaxRequestBodySize;

        // A request stream may go quiet between items (a live session, events that come when they come): the server's
        // minimum request body data rate, meant for a body that is all there, would cut it off. Grpc.AspNetCore turns it off
        // for its streaming calls too; deadlines (Pack-Timeout, request timeouts) and MaxRequestBodySize bound the stream.
        if (httpContext.Features.Get<IHttpMinRequestBodyDataRateFeature>() is { } rate)
        {
            rate.MinDataRate = null;
        }
    }

    /// <inheritdoc/>
    public IAsyncEnumerator<T?> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        if (Interlocked.Exchange(ref _enumerated, 1) != 0)
        {
            throw new InvalidOperationException("A request stream can be enumerated only once: its frames are read from the request body as they arrive.");
        }

        return ReadAsync(cancellationToken).GetAsyncEnumerator(cancellationToken);
    }

    private async IAsyncEnumerable<T?> ReadAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using var linked = cancellationToken.CanBeCanceled
            ? CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _httpContext.RequestAborted)
            : null;
        var token = linked?.Token ?? _httpContext.RequestAborted;
        var reader = _httpContext.Request.BodyReader;
        var metrics = PackServerMetrics.Get(_httpContext);
        var payload = PooledBufferWriter.Rent();
        long offset = 0;

        // What the stream may still allocate beyond MaxAllocationRatio x the bytes of the frames to come: one allowance
        // for the whole stream, so that many small frames cannot each spend a fresh one.
        long credit = PackSerializerOptions.AllocationAllowance;
        var ended = false;
        try
        {
            while (true)
            {
                // The frame header: wait until all five bytes are there, consuming nothing.
                ReadOnlySequence<byte> buffer;
                while (true)
                {
                    var read = await ReadAsync(reader, offset, token).ConfigureAwait(false);
                    buffer = read.Buffer;
                    if (buffer.Length >= PackStream.FrameHeaderLength)
                    {
                        break;
                    }

                    reader.AdvanceTo(buffer.Start, buffer.End);
                    if (read.IsCompleted)
                    {
                        throw Fail(StatusCodes.Status400BadRequest, new PackException(buffer.IsEmpty
                            ? "The request stream ended without an end frame; the client was cut off"
                            : "The request stream ended inside a frame header", offset + buffer.Length));
                    }
                }

                Span<byte> header = stackalloc byte[PackStream.FrameHeaderLength];
                buffer.Slice(0, PackStream.FrameHeaderLength).CopyTo(header);
                PackFrameKind kind;
                int length;
                try
                {
                    // The rules and offsets of §10, shared with PackStream.ReadAsync and pack inspect. An Item frame of
                    // length 0 passes; its empty payload fails as truncated at its first byte when it is decoded.
                    kind = PackStream.ReadFrameHeader(header, offset, _options.MaxPayloadLength, out length);
                }
                catch (PackException exception)
                {
                    reader.AdvanceTo(buffer.Start);
                    throw Fail(StatusCodes.Status400BadRequest, exception);
                }

                if (_maxLength is long maxLength && offset + PackStream.FrameHeaderLength + length > maxLength)
                {
                    // Judged from the header alone: the stream as a whole is over the limit, whatever the frames before it were.
                    reader.AdvanceTo(buffer.Start);
                    throw Fail(StatusCodes.Status413PayloadTooLarge, new PackException(string.Create(
                        CultureInfo.InvariantCulture, $"The Pack request stream is larger than the limit of {maxLength} bytes."), offset));
                }

                reader.AdvanceTo(buffer.GetPosition(PackStream.FrameHeaderLength));
                offset += PackStream.FrameHeaderLength;

                // The payload: copied as it arrives, so memory grows with the bytes received, not with the declared length,
                // and the pipe is always consumed (a frame larger than the pipe's buffer cannot stall it).
                payload.Reset();
                while (payload.WrittenCount < length)
                {
                    var read = await ReadAsync(reader, offset + payload.WrittenCount, token).ConfigureAwait(false);
                    buffer = read.Buffer;
                    var take = buffer.Slice(0, Math.Min(buffer.Length, length - payload.WrittenCount));
                    take.CopyTo(payload.GetSpan((int)take.Length));
                    payload.Advance((int)take.Length);
                    reader.AdvanceTo(take.End);
                    if (payload.WrittenCount < length && read.IsCompleted)
                    {
                        throw Fail(StatusCodes.Status400BadRequest, new PackException(string.Create(CultureInfo.InvariantCulture,
                            $"The request stream ended inside a frame: {length} byte(s) were declared but {payload.WrittenCount} arrived"), offset + payload.WrittenCount));
                    }
                }

                if (kind == PackFrameKind.End)
                {
                    ended = true;
                    PackBidirectionalGuard.MarkEnded(_httpContext);
                    yield break;
                }

                if (kind == PackFrameKind.Error)
                {
                    var error = Decode<PackStreamError>(payload, offset, ref credit) ?? new PackStreamError { Status = StatusCodes.Status500InternalServerError };
                    throw Fail(StatusCodes.Status400BadRequest, new PackStreamException(error), $"The client ended the request stream with an error: {error.Title ?? error.Detail ?? "(no detail)"}");
                }

                var item = Decode<T>(payload, offset, ref credit);
                offset += length;
                metrics?.RecordStreamItems(_httpContext, 1, PackServerMetrics.RequestDirection);
                yield return item;
            }
        }
        finally
        {
            PooledBufferWriter.Return(payload);
            if (!ended)
            {
                StopUpload();
            }
        }
    }

    /// <summary>
    /// The stream was left before its end frame (the action stopped reading, or the stream failed). Over HTTP/1.1 the
    /// connection is closed after the response instead of being drained for keep-alive, so a client that keeps producing
    /// sees its upload fail and stops, rather than streaming on into a server that no longer reads. (HTTP/2 resets the
    /// request stream after the response by itself.)
    /// </summary>
    private void StopUpload()
    {
        var response = _httpContext.Response;
        if (!response.HasStarted && HttpProtocol.IsHttp11(_httpContext.Request.Protocol))
        {
            response.Headers.Connection = "close";
        }
    }

    private T2? Decode<T2>(PooledBufferWriter payload, long offset, ref long credit)
    {
        try
        {
            return PackStream.DeserializePayload<T2>(payload.WrittenSpan, _options, ref credit);
        }
        catch (PackException exception)
        {
            throw Fail(StatusCodes.Status400BadRequest, new PackException($"Invalid frame payload: {exception.Message}", offset + Math.Max(0, exception.Offset), exception));
        }
    }

    private async ValueTask<ReadResult> ReadAsync(PipeReader reader, long offset, CancellationToken cancellationToken)
    {
        ReadResult read;
        try
        {
            read = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (BadHttpRequestException exception) when (exception.StatusCode == StatusCodes.Status413PayloadTooLarge)
        {
            // The server's own limit (Kestrel's MaxRequestBodySize, [RequestSizeLimit]) applies to the stream as a whole.
            throw Fail(StatusCodes.Status413PayloadTooLarge, new PackException(exception.Message, offset, exception));
        }
        catch (BadHttpRequestException exception)
        {
            // Bad chunked framing, a minimum data rate: the client's fault.
            throw Fail(StatusCodes.Status400BadRequest, new PackException($"The request stream could not be read: {exception.Message}", offset, exception));
        }
        catch (Exception exception) when (PackRequestBody.IsUndecodableContent(exception))
        {
            throw Fail(StatusCodes.Status400BadRequest, new PackException($"The request stream could not be decoded: {exception.Message}", offset, exception));
        }
        catch (IOException exception)
        {
            // The client reset the stream or the connection. Nobody is left to answer; abort rather than drain.
            _httpContext.Abort();
            throw Fail(StatusCodes.Status400BadRequest, new PackException($"The request stream could not be read: {exception.Message}", offset, exception));
        }

        if (read.IsCanceled)
        {
            reader.AdvanceTo(read.Buffer.Start);
            throw new OperationCanceledException("Reading the Pack request stream was canceled.");
        }

        return read;
    }

    private Exception Fail(int statusCode, Exception exception, string? detail = null)
    {
        _httpContext.Features.Set(new PackRequestStreamFailure(statusCode, detail ?? exception.Message, exception));
        if (PackServerMetrics.Get(_httpContext) is { } metrics && metrics.IsRejectedObserved && !_httpContext.Response.HasStarted)
        {
            metrics.RecordRejected(_httpContext, statusCode, PackFormatTag.PackStream);
        }

        return exception;
    }
}

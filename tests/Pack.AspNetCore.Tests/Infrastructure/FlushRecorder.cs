using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;

namespace Pack.AspNetCore.Tests;

/// <summary>
/// Middleware that replaces the response body with a writer that passes everything on and records the bytes written
/// between flushes (through its pipe or its stream, which the compression middleware writes to), so a test can see
/// how much of a response the server held before each flush. Run it outside the compression middleware to see what
/// reaches the client.
/// </summary>
public sealed class FlushRecorder
{
    /// <summary>The bytes written between each flush and the one before it, for the last response.</summary>
    public IReadOnlyList<long> LastChunks { get; private set; } = [];

    public async Task InvokeAsync(HttpContext context, RequestDelegate next)
    {
        var inner = context.Features.GetRequiredFeature<IHttpResponseBodyFeature>();
        var chunks = new Chunks();
        var writer = new RecordingWriter(inner.Writer, chunks);
        var stream = new RecordingStream(inner.Stream, chunks);
        context.Features.Set<IHttpResponseBodyFeature>(new BodyFeature(inner, writer, stream));
        await next(context);
        await writer.FlushAsync();
        LastChunks = chunks.Flushed;
    }

    private sealed class Chunks
    {
        private long _unflushed;

        public List<long> Flushed { get; } = [];

        public void Add(int bytes) => _unflushed += bytes;

        public void Flush()
        {
            if (_unflushed > 0)
            {
                Flushed.Add(_unflushed);
                _unflushed = 0;
            }
        }
    }

    private sealed class BodyFeature(IHttpResponseBodyFeature inner, PipeWriter writer, Stream stream) : IHttpResponseBodyFeature
    {
        public Stream Stream => stream;

        public PipeWriter Writer => writer;

        public Task CompleteAsync() => inner.CompleteAsync();

        public void DisableBuffering() => inner.DisableBuffering();

        public Task SendFileAsync(string path, long offset, long? count, CancellationToken cancellationToken = default)
            => inner.SendFileAsync(path, offset, count, cancellationToken);

        public Task StartAsync(CancellationToken cancellationToken = default) => inner.StartAsync(cancellationToken);
    }

    private sealed class RecordingWriter(PipeWriter inner, Chunks chunks) : PipeWriter
    {
        public override void Advance(int bytes)
        {
            chunks.Add(bytes);
            inner.Advance(bytes);
        }

        public override void CancelPendingFlush() => inner.CancelPendingFlush();

        public override void Complete(Exception? exception = null) => inner.Complete(exception);

        public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default)
        {
            chunks.Flush();
            return inner.FlushAsync(cancellationToken);
        }

        public override Memory<byte> GetMemory(int sizeHint = 0) => inner.GetMemory(sizeHint);

        public override Span<byte> GetSpan(int sizeHint = 0) => inner.GetSpan(sizeHint);
    }

    private sealed class RecordingStream(Stream inner, Chunks chunks) : Stream
    {
        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush()
        {
            chunks.Flush();
            inner.Flush();
        }

        public override Task FlushAsync(CancellationToken cancellationToken)
        {
            chunks.Flush();
            return inner.FlushAsync(cancellationToken);
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count)
        {
            chunks.Add(count);
            inner.Write(buffer, offset, count);
        }

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            chunks.Add(buffer.Length);
            return inner.WriteAsync(buffer, cancellationToken);
        }

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
            => WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();
    }
}

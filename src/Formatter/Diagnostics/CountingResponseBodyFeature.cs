using System.IO.Pipelines;
using Microsoft.AspNetCore.Http.Features;

namespace Pack.AspNetCore;

/// <summary>
/// Counts the response body bytes written through the stream, the pipe writer or a sent file, as response compression
/// wraps the same feature; installed only while <see cref="PackServerMetrics"/> is observed.
/// </summary>
internal sealed class CountingResponseBodyFeature(IHttpResponseBodyFeature inner) : IHttpResponseBodyFeature
{
    private CountingWriteStream? _stream;
    private CountingPipeWriter? _writer;

    public IHttpResponseBodyFeature Inner => inner;

    public long BytesWritten { get; private set; }

    public Stream Stream => _stream ??= new CountingWriteStream(inner.Stream, this);

    public PipeWriter Writer => _writer ??= new CountingPipeWriter(inner.Writer, this);

    public void Add(long bytes) => BytesWritten += bytes;

    public Task CompleteAsync() => inner.CompleteAsync();

    public void DisableBuffering() => inner.DisableBuffering();

    public async Task SendFileAsync(string path, long offset, long? count, CancellationToken cancellationToken = default)
    {
        await inner.SendFileAsync(path, offset, count, cancellationToken).ConfigureAwait(false);
        Add(count ?? new FileInfo(path).Length - offset);
    }

    public Task StartAsync(CancellationToken cancellationToken = default) => inner.StartAsync(cancellationToken);
}

using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Pack.Logging;

namespace Pack.AspNetCore;

/// <summary>
/// The response body while response bodies are logged: below the HTTP logging middleware's own body feature, so every
/// byte it passes on comes through <see cref="Stream"/>; the bytes go to the response capture once
/// <see cref="PackHttpLoggingInterceptor.OnResponseAsync"/> has found the response to be Pack.
/// </summary>
internal sealed class PackLoggingResponseBodyFeature(IHttpResponseBodyFeature inner, PackHttpBodyLog log) : IHttpResponseBodyFeature
{
    private static readonly StreamPipeWriterOptions WriterOptions = new(leaveOpen: true);

    private PackBodyLogStream? _stream;
    private PipeWriter? _writer;

    public Stream Stream => _stream ??= log.ResponseStream = new PackBodyLogStream(inner.Stream, writing: true) { Capture = log.Response };

    public PipeWriter Writer => _writer ??= PipeWriter.Create(Stream, WriterOptions);

    public Task CompleteAsync() => _writer is { } writer ? CompleteWriterAsync(writer) : inner.CompleteAsync();

    public void DisableBuffering() => inner.DisableBuffering();

    public Task SendFileAsync(string path, long offset, long? count, CancellationToken cancellationToken = default) =>
        SendFileFallback.SendFileAsync(Stream, path, offset, count, cancellationToken);

    public Task StartAsync(CancellationToken cancellationToken = default) => inner.StartAsync(cancellationToken);

    private async Task CompleteWriterAsync(PipeWriter writer)
    {
        await writer.FlushAsync().ConfigureAwait(false);
        await inner.CompleteAsync().ConfigureAwait(false);
    }
}

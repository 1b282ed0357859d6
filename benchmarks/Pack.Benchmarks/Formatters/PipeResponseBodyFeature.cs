using System.IO.Pipelines;
using Microsoft.AspNetCore.Http.Features;

namespace Pack.Benchmarks.Formatters;

/// <summary>
/// A response body that is a <see cref="Pipe"/> reused from request to request, as Kestrel's is: writes land in pooled
/// memory, a flush completes at once (nothing reads concurrently and the pipe never pauses), and <see cref="Drain"/>
/// empties it between operations so the benchmark measures the server's work, not a stream's.
/// </summary>
internal sealed class PipeResponseBodyFeature : IHttpResponseBodyFeature
{
    private readonly Pipe _pipe = new(new PipeOptions(pauseWriterThreshold: 0, resumeWriterThreshold: 0, useSynchronizationContext: false));
    private Stream? _stream;

    public Stream Stream => _stream ??= _pipe.Writer.AsStream(leaveOpen: true);

    public PipeWriter Writer => _pipe.Writer;

    public bool HasStarted { get; private set; }

    public Task StartAsync(CancellationToken cancellationToken = default)
    {
        HasStarted = true;
        return Task.CompletedTask;
    }

    public Task SendFileAsync(string path, long offset, long? count, CancellationToken cancellationToken = default) => throw new NotSupportedException();

    public Task CompleteAsync() => Task.CompletedTask;

    public void DisableBuffering()
    {
    }

    /// <summary>Reads and discards what the request wrote (flushed or not), returning the number of bytes.</summary>
    public long Drain()
    {
        _ = _pipe.Writer.FlushAsync();
        if (!_pipe.Reader.TryRead(out var result))
        {
            HasStarted = false;
            return 0;
        }

        var length = result.Buffer.Length;
        _pipe.Reader.AdvanceTo(result.Buffer.End);
        HasStarted = false;
        return length;
    }

    /// <summary>Reads and returns what the request wrote (setup checks only).</summary>
    public byte[] DrainToArray()
    {
        _ = _pipe.Writer.FlushAsync();
        if (!_pipe.Reader.TryRead(out var result))
        {
            return [];
        }

        var bytes = System.Buffers.BuffersExtensions.ToArray(result.Buffer);
        _pipe.Reader.AdvanceTo(result.Buffer.End);
        HasStarted = false;
        return bytes;
    }
}

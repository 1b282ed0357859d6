using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.Logging.Abstractions;

namespace Pack.AspNetCore.Tests.Formatters;

public sealed class PackStreamResponseWriterTests
{
    /// <summary>
    /// The root of the HTTP/2 flake in <see cref="StreamingTests"/>: on a reset stream Kestrel completes the response
    /// (a flush reports IsCompleted) before it signals RequestAborted. The producer must be canceled anyway.
    /// </summary>
    [Fact]
    public async Task WriteAsync_FlushReportsClosedResponseBeforeRequestAborted_CancelsTheProducer()
    {
        var pipe = new Pipe();
        await pipe.Reader.CompleteAsync(); // The peer is gone: every flush now reports IsCompleted.
        var context = new DefaultHttpContext();
        context.Features.Set<IHttpResponseBodyFeature>(new PipeResponseBody(pipe.Writer));
        var canceled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        await PackStreamResponseWriter.WriteAsync(context, Endless(canceled), typeof(int), PackSerializerOptions.Default, NullLogger.Instance)
            .WaitAsync(TimeSpan.FromSeconds(15));

        Assert.False(context.RequestAborted.IsCancellationRequested);
        Assert.True(canceled.Task.IsCompleted, "The producer was disposed without its token being canceled.");
    }

    private static async IAsyncEnumerable<int> Endless(TaskCompletionSource canceled, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        using var registration = cancellationToken.Register(() => canceled.TrySetResult());
        for (var i = 0; ; i++)
        {
            yield return i;
            await Task.Yield();
        }
    }

    private sealed class PipeResponseBody(PipeWriter writer) : IHttpResponseBodyFeature
    {
        public Stream Stream => writer.AsStream();

        public PipeWriter Writer => writer;

        public Task CompleteAsync() => writer.CompleteAsync().AsTask();

        public void DisableBuffering()
        {
        }

        public Task SendFileAsync(string path, long offset, long? count, CancellationToken cancellationToken = default) => throw new NotSupportedException();

        public Task StartAsync(CancellationToken cancellationToken = default) => Task.CompletedTask;
    }
}

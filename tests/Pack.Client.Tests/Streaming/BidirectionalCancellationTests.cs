using System.Runtime.CompilerServices;
using System.Threading.Channels;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Pack.Streaming;

namespace Pack.Client.Tests.Streaming;

/// <summary>Either side of a bidirectional call (h2c) ending it early ends the other side's work.</summary>
public sealed class BidirectionalCancellationTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(StreamingProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task StreamPackAsync_ClientCancelsItsToken_ServerEnumerationAndProducerAreCanceled(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();
        using var cancel = CancellationTokenSource.CreateLinkedTokenSource(Timeout);
        var producerCanceled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var source = Channel.CreateUnbounded<Reading>();

        await using var answers = client.StreamPackAsync<Reading, Reading>($"{surface}/echo", WatchedProducer.Watched(source, producerCanceled), cancel.Token).GetAsyncEnumerator(cancel.Token);
        await source.Writer.WriteAsync(new Reading(1, 1), Timeout);
        Assert.True(await answers.MoveNextAsync());

        // The upload is open and the server waits for the next item when the client gives up.
        var next = answers.MoveNextAsync();
        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await next);
        await producerCanceled.Task.WaitAsync(Timeout);
        var seen = await host.Probe.ServerFailed.Task.WaitAsync(Timeout);
        Assert.True(seen is OperationCanceledException or PackException, seen.ToString());
        await host.Probe.Aborted.Task.WaitAsync(Timeout);
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task StreamPackAsync_ServerEndsItsResponseWithoutReadingOn_ProducerIsCanceled(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();
        var producerCanceled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var source = Channel.CreateUnbounded<Reading>();
        await source.Writer.WriteAsync(new Reading(1, 1), Timeout);

        // The server answers the first item and ends; the client's producer (which would wait forever) must hear of it.
        var answers = new List<Reading?>();
        await foreach (var answer in client.StreamPackAsync<Reading, Reading>($"{surface}/echofirst", WatchedProducer.Watched(source, producerCanceled), Timeout))
        {
            answers.Add(answer);
        }

        Assert.Equal([new Reading(1, 2)], answers);
        await producerCanceled.Task.WaitAsync(Timeout);
    }
}

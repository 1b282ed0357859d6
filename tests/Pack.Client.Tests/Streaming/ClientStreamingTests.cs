using System.Net;
using System.Runtime.CompilerServices;
using System.Threading.Channels;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Pack.Streaming;

namespace Pack.Client.Tests.Streaming;

/// <summary>Client streaming (an <see cref="IAsyncEnumerable{T}"/> request body) against real Kestrel over HTTP/1.1 and h2c, MVC and minimal APIs.</summary>
public sealed class ClientStreamingTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(StreamingProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    public static TheoryData<HttpProtocols, string> Surfaces => new()
    {
        { HttpProtocols.Http1, "mvc" },
        { HttpProtocols.Http1, "minimal" },
        { HttpProtocols.Http2, "mvc" },
        { HttpProtocols.Http2, "minimal" },
    };

    [Theory]
    [MemberData(nameof(Surfaces))]
    public async Task PostAsPackStreamAsync_Items_ServerReadsEachBeforeTheUploadEnds(HttpProtocols protocols, string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var client = host.CreateClient();
        var source = Channel.CreateUnbounded<Reading>();

        var call = client.PostAsPackStreamAsync<Reading, ReadingSummary>($"{surface}/sum", source.Reader.ReadAllAsync(Timeout), Timeout);
        for (int i = 1; i <= 3; i++)
        {
            await source.Writer.WriteAsync(new Reading(i, i * 1.5), Timeout);

            // The server has this item while the upload is still open: nothing is buffered whole.
            var received = await host.Probe.Received.Reader.ReadAsync(Timeout);
            Assert.Equal(i, received.Id);
            Assert.False(call.IsCompleted);
        }

        source.Writer.Complete();
        var summary = await call;

        Assert.Equal(new ReadingSummary(3, 9), summary);
    }

    [Theory]
    [MemberData(nameof(Surfaces))]
    public async Task PostAsPackStreamAsync_ManyItems_AllArriveInOrder(HttpProtocols protocols, string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var client = host.CreateClient();

        var summary = await client.PostAsPackStreamAsync<Reading, ReadingSummary>($"{surface}/sum", Produce(10_000), Timeout);

        Assert.Equal(new ReadingSummary(10_000, 10_000 * 10_001 / 2.0), summary);
        int expected = 1;
        while (host.Probe.Received.Reader.TryRead(out var reading))
        {
            Assert.Equal(expected++, reading.Id);
        }

        Assert.Equal(10_001, expected);
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task PutAsPackStreamAsync_Items_ReturnsResponse(HttpProtocols protocols)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var client = host.CreateClient();

        // PUT to a POST-only route: 405 proves the method; the sum route is then called with POST for the body.
        using var put = await client.PutAsPackStreamAsync("mvc/sum", Produce(2), Timeout);
        Assert.Equal(HttpStatusCode.MethodNotAllowed, put.StatusCode);

        using var post = await client.PostAsPackStreamAsync("mvc/sum", Produce(2), Timeout);
        Assert.Equal(HttpStatusCode.OK, post.StatusCode);
        Assert.Equal(new ReadingSummary(2, 3), await post.Content.ReadFromPackAsync<ReadingSummary>(Timeout));
    }

    [Theory]
    [MemberData(nameof(Surfaces))]
    public async Task PostAsPackStreamAsync_EmptySequence_ServerSeesNoItems(HttpProtocols protocols, string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var client = host.CreateClient();

        var summary = await client.PostAsPackStreamAsync<Reading, ReadingSummary>($"{surface}/sum", Produce(0), Timeout);

        Assert.Equal(new ReadingSummary(0, 0), summary);
    }

    [Theory]
    [MemberData(nameof(Surfaces))]
    public async Task PostAsPackStreamAsync_ServerStopsReading_ProducerIsCanceled(HttpProtocols protocols, string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var client = host.CreateClient();
        var producerCanceled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        // An endless producer: only the server ending the exchange can stop it.
        var call = client.PostAsPackStreamAsync($"{surface}/first", Endless(producerCanceled), Timeout);

        await producerCanceled.Task.WaitAsync(Timeout);
        if (protocols == HttpProtocols.Http2)
        {
            // HTTP/2: the response arrives and the request stream is reset, which cancels the upload.
            using var response = await call;
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            Assert.Equal(1, (await response.Content.ReadFromPackAsync<Reading>(Timeout))!.Id);
        }
        else
        {
            // HTTP/1.1: the server closes the connection after its answer rather than drain an upload it no longer
            // reads; HttpClient's HTTP/1.1 connection reports the cut upload, not the answer.
            await Assert.ThrowsAsync<HttpRequestException>(() => call);
        }
    }

    [Theory]
    [MemberData(nameof(Surfaces))]
    public async Task PostAsPackStreamAsync_ClientCancels_ServerEnumerationIsCanceled(HttpProtocols protocols, string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var client = host.CreateClient();
        using var cancel = CancellationTokenSource.CreateLinkedTokenSource(Timeout);
        var source = Channel.CreateUnbounded<Reading>();
        var producerCanceled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        // The producer hears only the token it is enumerated with, never the caller's own.
        var call = client.PostAsPackStreamAsync<Reading, ReadingSummary>($"{surface}/sum", WatchedProducer.Watched(source, producerCanceled), cancel.Token);
        await source.Writer.WriteAsync(new Reading(1, 1), Timeout);
        await host.Probe.Received.Reader.ReadAsync(Timeout);
        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => call);
        await producerCanceled.Task.WaitAsync(Timeout);
        var seen = await host.Probe.ServerFailed.Task.WaitAsync(Timeout);
        Assert.True(seen is OperationCanceledException or PackException, seen.ToString());
        await host.Probe.Aborted.Task.WaitAsync(Timeout); // The action's RequestAborted fired too.
    }

    [Theory]
    [MemberData(nameof(Surfaces))]
    public async Task PostAsPackStreamAsync_ProducerThrows_ServerSeesErrorAndCallFails(HttpProtocols protocols, string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var client = host.CreateClient();

        var exception = await Assert.ThrowsAnyAsync<Exception>(() => client.PostAsPackStreamAsync<Reading, ReadingSummary>($"{surface}/sum", Failing(), Timeout));

        Assert.Contains(Unwrap(exception), e => e is InvalidOperationException { Message: "producer failed" });
        var seen = await host.Probe.ServerFailed.Task.WaitAsync(Timeout);
        Assert.True(seen is PackStreamException or PackException or OperationCanceledException, seen.ToString());
    }

    [Theory]
    [MemberData(nameof(Surfaces))]
    public async Task PostAsPackStreamAsync_StreamOverTheLimit_Answers413Problem(HttpProtocols protocols, string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols, pack => pack.MaxRequestBodySize = 4096);
        using var client = host.CreateClient();

        // Each frame is small; only the stream as a whole is over the limit.
        using var response = await client.PostAsPackStreamAsync($"{surface}/sum", Produce(1_000), Timeout);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
    }

    [Theory]
    [MemberData(nameof(Surfaces))]
    public async Task PostAsPackStreamAsync_SlowServer_ProducerIsHeldBack(HttpProtocols protocols, string surface)
    {
        // Both kernels' buffers are fixed (64 KiB asked; Linux doubles it): with autotuning on, a loopback receive buffer can grow
        // past 6 MiB and hold on its own what this test must see held back. What remains ahead of the server is then Kestrel's
        // request buffer (1 MiB), the two socket buffers and the client's own: about 40 items of 32 KiB.
        const int SocketBufferSize = 64 * 1024;
        await using var host = await StreamingServerHost.StartAsync(
            protocols, pack => pack.MaxRequestBodySize = null, socketReceiveBufferSize: SocketBufferSize);
        using var client = host.CreateClient(StreamingServerHost.CreateHandlerWithSendBuffer(SocketBufferSize));
        const int Count = 800;
        const int PaddingLength = 32 * 1024; // 800 items of 32 KiB: 25 MiB if nothing held the producer back.
        var padding = new string('x', PaddingLength);
        int produced = 0;

        async IAsyncEnumerable<Reading> Large([EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            for (int i = 1; i <= Count; i++)
            {
                await Task.Yield();
                Interlocked.Increment(ref produced);
                yield return new Reading(i, 1, padding);
            }
        }

        var call = client.PostAsPackStreamAsync<Reading, ReadingSummary>($"{surface}/slow", Large(), Timeout);
        await host.Probe.Received.Reader.ReadAsync(Timeout); // The server read one item and now waits at the gate.

        // Wait until the producer has stopped (flow control holds it); the wait is only a guard against a hang.
        int last = -1;
        while (Volatile.Read(ref produced) != last)
        {
            last = Volatile.Read(ref produced);
            await Task.Delay(300, Timeout);
        }

        Assert.True(last < Count / 4, $"The producer ran ahead to {last} items ({last * (long)PaddingLength / 1024 / 1024} MiB) while the server did not read.");
        host.Probe.Gate.SetResult();
        Assert.Equal(Count, (await call)!.Count);
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task PostAsPackStreamAsync_ToWholeBodyAction_Answers415(HttpProtocols protocols)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var client = host.CreateClient();

        using var response = await client.PostAsPackStreamAsync("mvc/count", Produce(2), Timeout);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    internal static async IAsyncEnumerable<Reading> Produce(int count, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (int i = 1; i <= count; i++)
        {
            if (i % 100 == 0)
            {
                await Task.Yield();
            }

            yield return new Reading(i, i);
        }
    }

    private static async IAsyncEnumerable<Reading> Endless(TaskCompletionSource canceled, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        // The registration alone can miss it: when the cancellation's callbacks resume this producer inline,
        // it can end and dispose the registration before its own callback has run.
        using var registration = cancellationToken.Register(() => canceled.TrySetResult());
        try
        {
            for (int i = 1; ; i++)
            {
                await Task.Delay(i == 1 ? 0 : 5, cancellationToken);
                yield return new Reading(i, i);
            }
        }
        finally
        {
            if (cancellationToken.IsCancellationRequested)
            {
                canceled.TrySetResult();
            }
        }
    }

    private static async IAsyncEnumerable<Reading> Failing([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        yield return new Reading(1, 1);
        await Task.Yield();
        throw new InvalidOperationException("producer failed");
    }

    private static IEnumerable<Exception> Unwrap(Exception exception)
    {
        for (Exception? current = exception; current is not null; current = current.InnerException)
        {
            yield return current;
        }
    }
}

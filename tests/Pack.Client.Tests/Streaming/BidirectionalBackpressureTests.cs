using System.Runtime.CompilerServices;
using System.Threading.Channels;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Pack.Client.Tests.Streaming;

/// <summary>
/// Backpressure in both directions of a bidirectional call over h2c: a slow reader on either side holds the other
/// side's producer back through HTTP/2 flow control, so neither side buffers without bound.
/// </summary>
public sealed class BidirectionalBackpressureTests : IDisposable
{
    private const int ItemBytes = 32 * 1024;

    private readonly CancellationTokenSource _timeout = new(StreamingProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task StreamPackAsync_ClientReadsSlowly_ServerProducerIsHeldBack(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        var handler = new SocketsHttpHandler();
        using var client = host.CreateClient(handler);
        var source = Channel.CreateUnbounded<Reading>();
        const int Count = 800; // 800 answers of 32 KiB: 25 MiB if nothing held the server back.

        await using var answers = client.StreamPackAsync<Reading, Reading>($"{surface}/flood", source.Reader.ReadAllAsync(Timeout), Timeout).GetAsyncEnumerator(Timeout);
        await source.Writer.WriteAsync(new Reading(1, Count), Timeout);
        Assert.True(await answers.MoveNextAsync());

        // The client reads no more: wait until the server's producer has stopped (the wait is only a guard against a hang).
        int produced = await SettledAsync(() => host.Probe.Produced);

        // What may sit between the producer and the reader: the client's HTTP/2 receive window for the stream (64 KiB at
        // first; SocketsHttpHandler grows it only as the reader consumes data, and one item was read, so 8 times that is
        // ample), Kestrel's response buffer (MaxResponseBufferSize) and two items (the one flushed, the one written).
        // The bound depends on the windows, never on the length of the stream.
        var limits = host.Services.GetRequiredService<IOptions<KestrelServerOptions>>().Value.Limits;
        long buffered = (produced - 1L) * ItemBytes;
        long bound = 8L * handler.InitialHttp2StreamWindowSize + limits.MaxResponseBufferSize!.Value + 2 * ItemBytes;
        Assert.True(buffered <= bound, $"The server produced {produced} items ({buffered / 1024} KiB ahead of the reader), more than the bound of {bound / 1024} KiB.");

        // The reader resumes: every answer arrives, in order.
        int read = 1;
        source.Writer.Complete();
        while (await answers.MoveNextAsync())
        {
            Assert.Equal(++read, answers.Current!.Id);
        }

        Assert.Equal(Count, read);
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task StreamPackAsync_ServerReadsSlowly_ClientProducerIsHeldBack(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2, pack => pack.MaxRequestBodySize = null);
        using var client = host.CreateClient();
        const int Count = 800; // 800 items of 32 KiB: 25 MiB if nothing held the producer back.
        var padding = new string('x', ItemBytes);
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

        await using var answers = client.StreamPackAsync<Reading, Reading>($"{surface}/slowecho", Large(), Timeout).GetAsyncEnumerator(Timeout);
        Assert.True(await answers.MoveNextAsync()); // The server answered the first item and now waits at the gate.
        Assert.Equal(1, answers.Current!.Id);

        int last = await SettledAsync(() => Volatile.Read(ref produced));

        // In flight while the server does not read: Kestrel's HTTP/2 receive window for the stream (the connection's is
        // larger), plus a few items (the one the server read, the one being sent, the client's gathered frames, the one
        // being produced). The bound depends on the window, never on the length of the upload.
        var window = host.Services.GetRequiredService<IOptions<KestrelServerOptions>>().Value.Limits.Http2.InitialStreamWindowSize;
        long ahead = last * (long)ItemBytes;
        long bound = window + 4L * ItemBytes;
        Assert.True(ahead <= bound, $"The producer ran ahead to {last} items ({ahead / 1024} KiB) while the server did not read; the bound is {bound / 1024} KiB.");

        host.Probe.Gate.SetResult();
        int read = 1;
        while (await answers.MoveNextAsync())
        {
            Assert.Equal(++read, answers.Current!.Id);
            Assert.Null(answers.Current.Padding);
        }

        Assert.Equal(Count, read);
    }

    /// <summary>Polls <paramref name="progress"/> until it stops moving, and returns where it stopped.</summary>
    private async Task<int> SettledAsync(Func<int> progress)
    {
        int last = -1;
        while (progress() != last)
        {
            last = progress();
            await Task.Delay(300, Timeout);
        }

        return last;
    }
}

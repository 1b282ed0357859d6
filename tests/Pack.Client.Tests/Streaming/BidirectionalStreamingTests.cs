using System.Buffers;
using System.Net;
using System.Threading.Channels;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Pack.Streaming;

namespace Pack.Client.Tests.Streaming;

/// <summary>Bidirectional streaming (<see cref="HttpClientPackExtensions.StreamPackAsync{TIn, TOut}(HttpClient, string?, IAsyncEnumerable{TIn}, CancellationToken)"/>) on real Kestrel.</summary>
public sealed class BidirectionalStreamingTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(StreamingProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task StreamPackAsync_Http2_EachAnswerArrivesBeforeTheNextItemIsSent(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();
        var source = Channel.CreateUnbounded<Reading>();

        await using var answers = client.StreamPackAsync<Reading, Reading>($"{surface}/echo", source.Reader.ReadAllAsync(Timeout), Timeout).GetAsyncEnumerator(Timeout);
        for (int i = 1; i <= 5; i++)
        {
            // The next item is written only once the answer to this one has come back: a conversation, not an upload.
            await source.Writer.WriteAsync(new Reading(i, i), Timeout);
            Assert.True(await answers.MoveNextAsync());
            Assert.Equal(new Reading(i, i * 2), answers.Current);
        }

        source.Writer.Complete();
        Assert.False(await answers.MoveNextAsync());
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task StreamPackAsync_Http2_ManyItems_EchoedInOrder(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();

        int expected = 1;
        await foreach (var reading in client.StreamPackAsync<Reading, Reading>($"{surface}/echo", ClientStreamingTests.Produce(20_000), Timeout))
        {
            Assert.Equal(expected, reading!.Id);
            Assert.Equal(expected * 2.0, reading.Value);
            expected++;
        }

        Assert.Equal(20_001, expected);
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task StreamPackAsync_Http11_Answers400ProblemSayingHttp2IsNeeded(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();

        var exception = await Assert.ThrowsAsync<PackApiException>(async () =>
        {
            await foreach (var reading in client.StreamPackAsync<Reading, Reading>($"{surface}/echo", ClientStreamingTests.Produce(3), Timeout))
            {
            }
        });

        Assert.Equal(HttpStatusCode.BadRequest, exception.StatusCode);
        Assert.Equal("Bidirectional streaming needs HTTP/2.", exception.Problem?.Title);
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task StreamPackAsync_MalformedFrameAfterTheResponseStarted_ErrorFrameWith400(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();
        var content = new RawFrameContent();
        using var request = new HttpRequestMessage(HttpMethod.Post, $"{surface}/echo") { Content = content, Version = HttpVersion.Version20, VersionPolicy = HttpVersionPolicy.RequestVersionExact };
        request.Headers.Accept.ParseAdd(PackMediaTypes.PackStream);

        await content.Writer.WriteAsync(Frame(new Reading(1, 1)), Timeout);
        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, Timeout);
        await using var answers = response.Content.ReadFromPackAsAsyncEnumerable<Reading>(Timeout).GetAsyncEnumerator(Timeout);
        Assert.True(await answers.MoveNextAsync());
        Assert.Equal(2, answers.Current!.Value);

        await content.Writer.WriteAsync([9, 0, 0, 0, 0], Timeout); // An unknown frame kind.

        var error = await Assert.ThrowsAsync<PackStreamException>(async () => await answers.MoveNextAsync());
        Assert.Equal(400, error.Error.Status);
        Assert.Contains("Unknown frame kind", error.Error.Detail);
        Assert.IsType<PackException>(await host.Probe.ServerFailed.Task.WaitAsync(Timeout));
    }

    [Fact]
    public async Task StreamPackAsync_ClientLeavesEarly_ServerAndProducerAreCanceled()
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();
        var producerCanceled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var source = Channel.CreateUnbounded<Reading>();

        async IAsyncEnumerable<Reading> Items([System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            // The registration alone can miss it: when the cancellation's callbacks resume this producer inline,
            // it can end and dispose the registration before its own callback has run.
            using var registration = cancellationToken.Register(() => producerCanceled.TrySetResult());
            try
            {
                await foreach (var reading in source.Reader.ReadAllAsync(cancellationToken))
                {
                    yield return reading;
                }
            }
            finally
            {
                if (cancellationToken.IsCancellationRequested)
                {
                    producerCanceled.TrySetResult();
                }
            }
        }

        await source.Writer.WriteAsync(new Reading(1, 1), Timeout);
        await foreach (var reading in client.StreamPackAsync<Reading, Reading>("mvc/echo", Items(), Timeout))
        {
            break; // Leaves after the first answer, with the upload still open.
        }

        await producerCanceled.Task.WaitAsync(Timeout);
        await host.Probe.ServerFailed.Task.WaitAsync(Timeout);
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task MalformedFrame_BeforeTheResponse_Answers400Problem(HttpProtocols protocols)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var client = host.CreateClient();
        foreach (var surface in new[] { "mvc", "minimal" })
        {
            var content = new RawFrameContent();
            await content.Writer.WriteAsync(Frame(new Reading(1, 1)), Timeout);
            await content.Writer.WriteAsync(Frame(new Reading(2, 2)), Timeout);
            await content.Writer.WriteAsync([1, 4, 0, 0, 0, 1, 2], Timeout); // An item frame cut off inside its payload.
            content.Writer.Complete();

            using var response = await client.PostAsync($"{surface}/sum", content, Timeout);

            Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
            Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
            Assert.Contains("ended inside a frame", await response.Content.ReadAsStringAsync(Timeout));
        }
    }

    internal static byte[] Frame(Reading reading)
    {
        var buffer = new ArrayBufferWriter<byte>();
        PackStream.WriteItem(buffer, reading);
        return buffer.WrittenSpan.ToArray();
    }
}

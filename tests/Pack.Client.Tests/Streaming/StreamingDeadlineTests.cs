using System.Buffers;
using System.Net;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Json;
using System.Threading.Channels;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Pack.AspNetCore.Tests;
using Pack.Streaming;

namespace Pack.Client.Tests.Streaming;

/// <summary>
/// A client that stops sending (its upload stalls) under a <c>Pack-Timeout</c>, on real Kestrel over HTTP/1.1 and h2c.
/// </summary>
/// <remarks>
/// Over HTTP/1.1 <see cref="SocketsHttpHandler"/> reads no response while its request content is still being sent (it
/// awaits the upload before it reads the status line, and with <c>Expect: 100-continue</c> it still awaits the upload
/// after the final status). The server's 504 is on the wire at the deadline, but an <see cref="HttpClient"/> whose
/// producer is stalled cannot see it; <see cref="PackDeadlineHandler"/>'s own timer is what ends such a call.
/// </remarks>
public sealed class StreamingDeadlineTests : IDisposable
{
    private static readonly TimeSpan Deadline = TimeSpan.FromMilliseconds(500);

    private readonly CancellationTokenSource _timeout = new(StreamingProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    [Theory]
    [MemberData(nameof(ClientStreamingTests.Surfaces), MemberType = typeof(ClientStreamingTests))]
    public async Task PostAsPackStreamAsync_UploadStallsUnderPackDeadlineHandler_ThrowsPackDeadlineExceeded(HttpProtocols protocols, string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var client = host.CreateClient(new PackDeadlineHandler { InnerHandler = new SocketsHttpHandler() });
        await WarmUpAsync(host, client, surface);
        var producerCanceled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        Task<ReadingSummary?> call;
        using (PackDeadline.Begin(Deadline))
        {
            call = client.PostAsPackStreamAsync<Reading, ReadingSummary>($"{surface}/sum", Stalling(producerCanceled), Timeout);
        }

        Assert.Equal(1, (await host.Probe.Received.Reader.ReadAsync(Timeout)).Id);
        var exception = await Assert.ThrowsAsync<PackDeadlineExceededException>(() => call);
        if (protocols == HttpProtocols.Http1)
        {
            // The server's 504 cannot reach a client whose upload is open: the client's timer ended the call.
            Assert.False(exception.ReportedByServer);
        }

        // The server's enumeration ends too: at its own deadline (OperationCanceledException) or, when the client's timer
        // was first, with the cut-off upload (PackException).
        await producerCanceled.Task.WaitAsync(Timeout);
        var seen = await host.Probe.ServerFailed.Task.WaitAsync(Timeout);
        Assert.True(seen is OperationCanceledException or PackException, seen.ToString());
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task SendAsync_Http2UploadStallsWithPackTimeoutHeader_Answers504Problem(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();
        await WarmUpAsync(host, client, surface);
        var source = Channel.CreateUnbounded<Reading>();
        await source.Writer.WriteAsync(new Reading(1, 1), Timeout);
        using var request = StalledRequest(client, surface, source);

        // The server's deadline alone: HTTP/2 delivers its 504 while the upload is still open.
        using var response = await client.SendAsync(request, Timeout);

        Assert.Equal(HttpStatusCode.GatewayTimeout, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.True(response.Headers.Contains(PackDeadline.ExpiredHeaderName));
        Assert.IsType<OperationCanceledException>(await host.Probe.ServerFailed.Task.WaitAsync(Timeout), exactMatch: false);
        await host.Probe.Aborted.Task.WaitAsync(Timeout);
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task SendAsync_Http11UploadStallsWithPackTimeoutHeader_ClientReads504OnceItsUploadEnds(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();
        await WarmUpAsync(host, client, surface);
        var source = Channel.CreateUnbounded<Reading>();
        await source.Writer.WriteAsync(new Reading(1, 1), Timeout);
        using var request = StalledRequest(client, surface, source);

        var call = client.SendAsync(request, Timeout);

        // The deadline stops the server's enumeration and answers 504 (see the raw-connection test below), but
        // HttpClient reads no response while its upload is open: without a client-side timer the call waits.
        Assert.Equal(1, (await host.Probe.Received.Reader.ReadAsync(Timeout)).Id);
        Assert.IsType<OperationCanceledException>(await host.Probe.ServerFailed.Task.WaitAsync(Timeout), exactMatch: false);
        await host.Probe.Aborted.Task.WaitAsync(Timeout);
        Assert.False(call.IsCompleted);

        // The upload ends: Kestrel drains it (the deadline's 504 keeps the connection), and the 504 is read.
        source.Writer.Complete();
        using var response = await call;

        Assert.Equal(HttpStatusCode.GatewayTimeout, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.True(response.Headers.Contains(PackDeadline.ExpiredHeaderName));
        Assert.Contains(PackDeadline.ProblemType, await response.Content.ReadAsStringAsync(Timeout), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task RawHttp11_UploadStallsWithPackTimeoutHeader_504ArrivesWhileTheUploadIsOpen(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http1);
        await using var connection = await RawHttp1Connection.OpenAsync(host.BaseAddress);
        Assert.Equal(new ReadingSummary(1, 2), await SumAsync(connection, surface, new Reading(7, 2)));

        // A chunked request stream with one item, then nothing: the upload stays open.
        await connection.SendAsync(
            $"POST /{surface}/sum HTTP/1.1\r\nHost: localhost\r\nAccept: {PackMediaTypes.Pack}\r\nContent-Type: {PackMediaTypes.PackStream}\r\n" +
            $"Transfer-Encoding: chunked\r\n{PackDeadline.HeaderName}: 300m\r\n\r\n");
        await connection.SendAsync(Chunk(BidirectionalStreamingTests.Frame(new Reading(1, 1))));
        var (status, headers, problem) = await connection.ReadResponseAsync(Timeout);

        Assert.Equal(504, status);
        Assert.Equal("true", headers[PackDeadline.ExpiredHeaderName]);
        Assert.Equal("application/problem+json", headers["content-type"].Split(';')[0]);
        Assert.Contains(PackDeadline.ProblemType, Encoding.UTF8.GetString(problem), StringComparison.Ordinal);
        Assert.False(headers.ContainsKey("connection"), "A deadline's 504 keeps the connection: the rest of the upload is drained.");

        // The client ends its upload late: Kestrel drains it, and the connection serves the next request.
        var end = new ArrayBufferWriter<byte>();
        PackStream.WriteEnd(end);
        await connection.SendAsync(Chunk(end.WrittenSpan.ToArray()));
        await connection.SendAsync("0\r\n\r\n");

        Assert.Equal(new ReadingSummary(1, 3), await SumAsync(connection, surface, new Reading(8, 3)));
    }

    /// <summary>One whole request stream of <paramref name="reading"/> on <paramref name="connection"/>, and its summary.</summary>
    private async Task<ReadingSummary?> SumAsync(RawHttp1Connection connection, string surface, Reading reading)
    {
        var stream = new ArrayBufferWriter<byte>();
        PackStream.WriteItem(stream, reading);
        PackStream.WriteEnd(stream);
        await connection.SendAsync(
            $"POST /{surface}/sum HTTP/1.1\r\nHost: localhost\r\nAccept: {PackMediaTypes.Pack}\r\nContent-Type: {PackMediaTypes.PackStream}\r\n" +
            $"Content-Length: {stream.WrittenCount}\r\n\r\n");
        await connection.SendAsync(stream.WrittenMemory);
        var (status, headers, body) = await connection.ReadResponseAsync(Timeout);

        Assert.Equal(200, status);
        return headers["content-type"].StartsWith(PackMediaTypes.Pack, StringComparison.Ordinal)
            ? PackSerializer.Deserialize<ReadingSummary>(body)
            : JsonSerializer.Deserialize<ReadingSummary>(body, JsonSerializerOptions.Web); // A minimal API's plain return value is JSON.
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task StreamPackAsync_Http2UploadStallsAfterTheFirstAnswer_ErrorFrameThrowsPackDeadlineExceeded(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient(new PackDeadlineHandler { InnerHandler = new SocketsHttpHandler() });
        await WarmUpAsync(host, client, surface);
        var producerCanceled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        // Long enough for the first answer to arrive on a loaded machine; the upload then stalls until the deadline.
        using (PackDeadline.Begin(TimeSpan.FromSeconds(3)))
        {
            await using var answers = client.StreamPackAsync<Reading, Reading>($"{surface}/echo", Stalling(producerCanceled), Timeout).GetAsyncEnumerator(Timeout);
            Assert.True(await answers.MoveNextAsync());
            Assert.Equal(new Reading(1, 2), answers.Current);

            // The response has started: the deadline is sent in-band, as an error frame with status 504.
            var exception = await Assert.ThrowsAsync<PackDeadlineExceededException>(async () => await answers.MoveNextAsync());
            Assert.True(exception.ReportedByServer);
        }

        await producerCanceled.Task.WaitAsync(Timeout);
        Assert.IsType<OperationCanceledException>(await host.Probe.ServerFailed.Task.WaitAsync(Timeout), exactMatch: false);
        await host.Probe.Aborted.Task.WaitAsync(Timeout);
    }

    /// <summary>One complete call on the same connection first, so the deadline measures the stall, not JIT and connection setup.</summary>
    private async Task WarmUpAsync(StreamingServerHost host, HttpClient client, string surface)
    {
        Assert.Equal(1, (await client.PostAsPackStreamAsync<Reading, ReadingSummary>($"{surface}/sum", ClientStreamingTests.Produce(1), Timeout))!.Count);
        await host.Probe.Received.Reader.ReadAsync(Timeout);
    }

    private static HttpRequestMessage StalledRequest(HttpClient client, string surface, Channel<Reading> source)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, $"{surface}/sum")
        {
            Content = PackStreamContent.Create(source.Reader.ReadAllAsync()),
            Version = client.DefaultRequestVersion,
            VersionPolicy = client.DefaultVersionPolicy,
        };
        request.Headers.Accept.ParseAdd(PackMediaTypes.Pack);
        request.Headers.Add(PackDeadline.HeaderName, PackTimeoutFormat.Format(Deadline)); // The header alone: no client-side timer.
        return request;
    }

    /// <summary>One item, then nothing until it is canceled.</summary>
    private static async IAsyncEnumerable<Reading> Stalling(TaskCompletionSource canceled, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        // The registration alone can miss it: when the cancellation's callbacks resume this producer inline,
        // it can end and dispose the registration before its own callback has run.
        using var registration = cancellationToken.Register(() => canceled.TrySetResult());
        try
        {
            yield return new Reading(1, 1);
            await Task.Delay(System.Threading.Timeout.Infinite, cancellationToken);
            yield return new Reading(2, 2);
        }
        finally
        {
            if (cancellationToken.IsCancellationRequested)
            {
                canceled.TrySetResult();
            }
        }
    }

    private static byte[] Chunk(byte[] bytes) =>
        [.. Encoding.ASCII.GetBytes($"{bytes.Length:X}\r\n"), .. bytes, .. "\r\n"u8];
}

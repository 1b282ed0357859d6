using System.Buffers;
using System.Diagnostics.Metrics;
using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.Operations;
using Pack.Streaming;

namespace Pack.Client.Tests.Streaming;

/// <summary>The caller-driven bidirectional call (<see cref="PackDuplexCall{TRequest, TResponse}"/>) on real Kestrel.</summary>
public sealed class PackDuplexCallTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(StreamingProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task WriteAsync_Http2_EachAnswerArrivesBeforeTheNextItemIsWritten(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();

        await using var call = await client.OpenPackStreamAsync<Reading, Reading>($"{surface}/echo", Timeout);
        for (int i = 1; i <= 5; i++)
        {
            await call.WriteAsync(new Reading(i, i), Timeout);
            Assert.True(await call.MoveNextAsync(Timeout));
            Assert.Equal(new Reading(i, i * 2), call.Current);
            Assert.Equal(i, host.Probe.Received.Reader.Count); // The server has read exactly the items written so far.
        }

        await call.CompleteAsync(Timeout);
        Assert.False(await call.MoveNextAsync(Timeout));
    }

    [Fact]
    public async Task CompleteAsync_Http2_EndsTheServersEnumerationAndReadAllAsyncGetsEveryAnswer()
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();

        await using var call = await client.OpenPackStreamAsync<Reading, Reading>("minimal/echo", Timeout);
        for (int i = 1; i <= 1000; i++)
        {
            await call.WriteAsync(new Reading(i, i), Timeout);
        }

        await call.CompleteAsync(Timeout);

        int expected = 1;
        await foreach (var reading in call.ReadAllAsync(Timeout))
        {
            Assert.Equal(new Reading(expected, expected * 2), reading);
            expected++;
        }

        Assert.Equal(1001, expected);
        Assert.False(host.Probe.ServerFailed.Task.IsCompleted);
    }

    [Fact]
    public async Task MoveNextAsync_ServerFailsMidStream_ThrowsPackStreamExceptionAfterTheEarlierAnswers()
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();

        await using var call = await client.OpenPackStreamAsync<Reading, Reading>("minimal/echofail", Timeout);
        await call.WriteAsync(new Reading(1, 1), Timeout);
        Assert.True(await call.MoveNextAsync(Timeout));
        Assert.Equal(2, call.Current!.Value);

        await call.WriteAsync(new Reading(-1, 1), Timeout);

        var error = await Assert.ThrowsAsync<PackStreamException>(async () => await call.MoveNextAsync(Timeout));
        Assert.Equal(500, error.Error.Status);
    }

    [Fact]
    public async Task WriteAsync_ServerEndedTheCall_ThrowsHttpRequestExceptionAndCompleteAsyncStillSucceeds()
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();

        await using var call = await client.OpenPackStreamAsync<Reading, Reading>("minimal/echofirst", Timeout);
        await call.WriteAsync(new Reading(1, 1), Timeout);
        Assert.True(await call.MoveNextAsync(Timeout));
        Assert.False(await call.MoveNextAsync(Timeout)); // The server answered once and ended its response.

        var exception = await Assert.ThrowsAsync<HttpRequestException>(async () =>
        {
            // The server resets the request stream right after its response; a write that raced it still went out.
            for (int i = 2; ; i++)
            {
                await call.WriteAsync(new Reading(i, i), Timeout);
                await Task.Delay(10, Timeout);
            }
        });

        Assert.Contains("server ended the request stream", exception.Message, StringComparison.Ordinal);
        await call.CompleteAsync(Timeout); // Nothing is left to end; the responses carried the answer.
    }

    [Fact]
    public async Task CancellationToken_CanceledMidCall_CancelsThePendingReadAndTheServersEnumeration()
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();
        using var cancellation = CancellationTokenSource.CreateLinkedTokenSource(Timeout);

        await using var call = await client.OpenPackStreamAsync<Reading, Reading>("mvc/echo", cancellation.Token);
        await call.WriteAsync(new Reading(1, 1), Timeout);
        Assert.True(await call.MoveNextAsync(Timeout));
        var pending = call.MoveNextAsync().AsTask(); // Waits for an answer to an item never sent.

        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => pending);
        await host.Probe.ServerFailed.Task.WaitAsync(Timeout); // The server's enumeration of the request stream ended with the call.
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await call.WriteAsync(new Reading(2, 2), Timeout));
    }

    [Fact]
    public async Task WriteAsync_ItsTokenCanceled_CancelsTheWholeCall()
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();
        using var cancellation = CancellationTokenSource.CreateLinkedTokenSource(Timeout);

        await using var call = await client.OpenPackStreamAsync<Reading, Reading>("minimal/echo", Timeout);
        await call.WriteAsync(new Reading(1, 1), cancellation.Token);
        Assert.True(await call.MoveNextAsync(Timeout));
        var pending = call.MoveNextAsync(Timeout).AsTask();

        await cancellation.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await call.WriteAsync(new Reading(2, 2), cancellation.Token));

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => pending);
        await host.Probe.ServerFailed.Task.WaitAsync(Timeout);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await call.WriteAsync(new Reading(3, 3), Timeout));
    }

    [Fact]
    public async Task DisposeAsync_MidCall_EndsThePendingReadAndAbortsTheServer()
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();

        var call = await client.OpenPackStreamAsync<Reading, Reading>("minimal/echo", Timeout);
        await call.WriteAsync(new Reading(1, 1), Timeout);
        Assert.True(await call.MoveNextAsync(Timeout));
        var pending = call.MoveNextAsync(Timeout).AsTask();

        await call.DisposeAsync().AsTask().WaitAsync(Timeout);

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => pending);
        await host.Probe.ServerFailed.Task.WaitAsync(Timeout); // The server's enumeration of the request stream ended with the call.
        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await call.WriteAsync(new Reading(2, 2), Timeout));
        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await call.MoveNextAsync(Timeout));
        await Assert.ThrowsAsync<ObjectDisposedException>(() => call.CompleteAsync(Timeout));
        await call.DisposeAsync(); // Twice is harmless.
    }

    [Fact]
    public async Task WriteAsync_AfterCompleteAsync_ThrowsInvalidOperationException()
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();

        await using var call = await client.OpenPackStreamAsync<Reading, Reading>("minimal/echo", Timeout);
        await call.WriteAsync(new Reading(1, 1), Timeout);
        await call.CompleteAsync(Timeout);

        var exception = await Assert.ThrowsAsync<InvalidOperationException>(async () => await call.WriteAsync(new Reading(2, 2), Timeout));
        Assert.Contains("completed", exception.Message, StringComparison.Ordinal);
        await Assert.ThrowsAsync<InvalidOperationException>(() => call.CompleteAsync(Timeout));
        Assert.True(await call.MoveNextAsync(Timeout)); // The answers can still be read.
        Assert.False(await call.MoveNextAsync(Timeout));
    }

    [Fact]
    public async Task MoveNextAsync_ResponseContractIncompatible_ThrowsSchemaMismatchBeforeReadingAnItem()
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        var options = new PackClientOptions { SchemaUnavailable = PackSchemaUnavailableBehavior.Throw, SchemaNotServed = PackSchemaUnavailableBehavior.Throw };
        using var client = host.CreateClient(new PackNegotiationHandler(options) { InnerHandler = new SocketsHttpHandler() });

        await using var call = await client.OpenPackStreamAsync<Reading, RetypedReading>("minimal/echo", Timeout);
        await call.WriteAsync(new Reading(1, 1), Timeout);

        var exception = await Assert.ThrowsAsync<PackSchemaMismatchException>(async () => await call.MoveNextAsync(Timeout));
        Assert.Equal(typeof(RetypedReading), exception.ReaderType);
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task OpenPackStreamAsync_Http11_FirstReadAfterCompleteThrowsTheServers400Problem(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();

        await using var call = await client.OpenPackStreamAsync<Reading, Reading>($"{surface}/echo", Timeout);
        for (int i = 1; i <= 3; i++)
        {
            await call.WriteAsync(new Reading(i, i), Timeout);
        }

        // HttpClient shows an HTTP/1.1 response only after the request stream has ended (half-duplex).
        await call.CompleteAsync(Timeout);

        var exception = await Assert.ThrowsAsync<PackApiException>(async () => await call.MoveNextAsync(Timeout));
        Assert.Equal(HttpStatusCode.BadRequest, exception.StatusCode);
        Assert.Equal("Bidirectional streaming needs HTTP/2.", exception.Problem?.Title);
    }

    [Fact]
    public async Task OpenPackStreamAsync_WithMetrics_CountsItemsAndBytesInBothDirections()
    {
        using var services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        var meterFactory = services.GetRequiredService<IMeterFactory>();
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var recorder = new MeasurementRecorder(meterFactory, PackClientMeter.Name);
        using var client = host.CreateClient(new PackClientMetricsHandler(meterFactory) { InnerHandler = new SocketsHttpHandler() });

        await using (var call = await client.OpenPackStreamAsync<Reading, Reading>("minimal/echo", Timeout))
        {
            for (int i = 1; i <= 20; i++)
            {
                await call.WriteAsync(new Reading(i, i), Timeout);
                Assert.True(await call.MoveNextAsync(Timeout));
            }

            await call.CompleteAsync(Timeout);
            Assert.False(await call.MoveNextAsync(Timeout));
        }

        (string, object?) request = ("pack.direction", "request");
        (string, object?) response = ("pack.direction", "response");
        (string, object?) packStream = ("pack.format", "pack-stream");
        Assert.Equal(20, Assert.Single(await recorder.WaitAsync(PackClientMeter.StreamItems, 1, request)).Value);
        Assert.Equal(20, Assert.Single(recorder.Get(PackClientMeter.StreamItems, response)).Value);
        Assert.Equal(StreamBytes(20, factor: 1), Assert.Single(await recorder.WaitAsync(PackClientMeter.BodySize, 1, request, packStream)).Value);
        Assert.Equal(StreamBytes(20, factor: 2), Assert.Single(recorder.Get(PackClientMeter.BodySize, response, packStream)).Value);
    }

    /// <summary><see cref="Reading"/> with its value retyped: a contract that cannot read the server's.</summary>
    public sealed record RetypedReading(int Id, string Value, string? Padding = null);

    private static int StreamBytes(int count, double factor)
    {
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 1; i <= count; i++)
        {
            PackStream.WriteItem(buffer, new Reading(i, i * factor));
        }

        PackStream.WriteEnd(buffer);
        return buffer.WrittenCount;
    }
}

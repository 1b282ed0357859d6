using System.Buffers;
using System.Diagnostics.Metrics;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.Operations;
using Pack.Streaming;

namespace Pack.Client.Tests.Streaming;

/// <summary>The <c>Pack.Client</c> meter counts the items and bytes of Pack streams in each direction, on real Kestrel.</summary>
public sealed class StreamingMetricsTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(StreamingProbe.Timeout);
    private readonly ServiceProvider _services = new ServiceCollection().AddMetrics().BuildServiceProvider();

    private CancellationToken Timeout => _timeout.Token;

    private IMeterFactory MeterFactory => _services.GetRequiredService<IMeterFactory>();

    public void Dispose()
    {
        _services.Dispose();
        _timeout.Dispose();
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task PostAsPackStreamAsync_CountsTheItemsAndBytesSent(HttpProtocols protocols)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var recorder = new MeasurementRecorder(MeterFactory, PackClientMeter.Name);
        using var client = host.CreateClient(new PackClientMetricsHandler(MeterFactory) { InnerHandler = new SocketsHttpHandler() });

        var summary = await client.PostAsPackStreamAsync<Reading, ReadingSummary>("mvc/sum", ClientStreamingTests.Produce(20), Timeout);

        Assert.Equal(20, summary!.Count);
        var items = Assert.Single(await recorder.WaitAsync(PackClientMeter.StreamItems, 1, Request));
        Assert.Equal(20, items.Value);
        var bytes = Assert.Single(await recorder.WaitAsync(PackClientMeter.BodySize, 1, Request, PackStreamFormat));
        Assert.Equal(StreamBytes(20, factor: 1), bytes.Value);
        Assert.Empty(recorder.Get(PackClientMeter.StreamItems, Response)); // The answer is one Pack value, not a stream.
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task GetFromPackAsAsyncEnumerable_CountsTheItemsAndBytesRead(HttpProtocols protocols)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var recorder = new MeasurementRecorder(MeterFactory, PackClientMeter.Name);
        using var client = host.CreateClient(new PackClientMetricsHandler(MeterFactory) { InnerHandler = new SocketsHttpHandler() });

        int read = 0;
        await foreach (var reading in client.GetFromPackAsAsyncEnumerable<Reading>("minimal/readings?count=30", Timeout))
        {
            Assert.Equal(++read, reading!.Id);
        }

        Assert.Equal(30, read);
        Assert.Equal(30, Assert.Single(recorder.Get(PackClientMeter.StreamItems, Response)).Value);
        Assert.Equal(StreamBytes(30, factor: 1), Assert.Single(recorder.Get(PackClientMeter.BodySize, Response, PackStreamFormat)).Value);
        Assert.Empty(recorder.Get(PackClientMeter.StreamItems, Request));
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task ReadFromPackAsync_StreamCollectedAsAList_CountsTheItemsRead(HttpProtocols protocols)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        using var recorder = new MeasurementRecorder(MeterFactory, PackClientMeter.Name);
        using var client = host.CreateClient(new PackClientMetricsHandler(MeterFactory) { InnerHandler = new SocketsHttpHandler() });
        using var request = new HttpRequestMessage(HttpMethod.Get, "minimal/readings?count=12") { Version = client.DefaultRequestVersion, VersionPolicy = client.DefaultVersionPolicy };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.PackStream));

        using var response = await client.SendAsync(request, Timeout);
        var readings = await response.Content.ReadFromPackAsync<List<Reading>>(Timeout);

        Assert.Equal(12, readings!.Count);
        Assert.Equal(12, Assert.Single(recorder.Get(PackClientMeter.StreamItems, Response)).Value);
    }

    [Theory]
    [InlineData("mvc")]
    [InlineData("minimal")]
    public async Task StreamPackAsync_Http2_CountsItemsAndBytesInBothDirections(string surface)
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        using var recorder = new MeasurementRecorder(MeterFactory, PackClientMeter.Name);
        using var client = host.CreateClient(new PackClientMetricsHandler(MeterFactory) { InnerHandler = new SocketsHttpHandler() });

        int read = 0;
        await foreach (var reading in client.StreamPackAsync<Reading, Reading>($"{surface}/echo", ClientStreamingTests.Produce(50), Timeout))
        {
            Assert.Equal(++read * 2.0, reading!.Value);
        }

        Assert.Equal(50, read);
        Assert.Equal(50, Assert.Single(await recorder.WaitAsync(PackClientMeter.StreamItems, 1, Request)).Value);
        Assert.Equal(50, Assert.Single(recorder.Get(PackClientMeter.StreamItems, Response)).Value);
        Assert.Equal(StreamBytes(50, factor: 1), Assert.Single(await recorder.WaitAsync(PackClientMeter.BodySize, 1, Request, PackStreamFormat)).Value);
        Assert.Equal(StreamBytes(50, factor: 2), Assert.Single(recorder.Get(PackClientMeter.BodySize, Response, PackStreamFormat)).Value);
    }

    private static (string, object?) Request => ("pack.direction", "request");

    private static (string, object?) Response => ("pack.direction", "response");

    private static (string, object?) PackStreamFormat => ("pack.format", "pack-stream");

    /// <summary>The bytes of a Pack stream of <c>Reading(i, i * factor)</c> for i = 1..count, end frame included.</summary>
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

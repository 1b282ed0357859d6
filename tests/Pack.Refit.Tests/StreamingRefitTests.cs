using System.Diagnostics.Metrics;
using System.Net;
using System.Threading.Channels;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.Operations;
using Pack.Client;
using Pack.Client.Tests.Streaming;

namespace Pack.Refit.Tests;

public sealed class StreamingRefitTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(StreamingProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task Sum_AsyncEnumerableBody_ServerReadsItemsBeforeTheUploadEnds(HttpProtocols protocols)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        await using var provider = CreateProvider(host);
        var api = provider.GetRequiredService<IStreamingApi>();
        var source = Channel.CreateUnbounded<Reading>();

        var call = api.SumAsync(source.Reader.ReadAllAsync(Timeout), Timeout);
        for (int i = 1; i <= 3; i++)
        {
            await source.Writer.WriteAsync(new Reading(i, i), Timeout);
            Assert.Equal(i, (await host.Probe.Received.Reader.ReadAsync(Timeout)).Id);
            Assert.False(call.IsCompleted);
        }

        source.Writer.Complete();
        Assert.Equal(new ReadingSummary(3, 6), await call);
        Assert.Equal(new ReadingSummary(100, 5050), await api.SumMinimalAsync(Produce(100), Timeout));
    }

    [Fact]
    public async Task Echo_AsyncEnumerableBodyAndResult_InterleavesOverHttp2()
    {
        await using var host = await StreamingServerHost.StartAsync(HttpProtocols.Http2);
        await using var provider = CreateProvider(host);
        var api = provider.GetRequiredService<IStreamingApi>();
        var source = Channel.CreateUnbounded<Reading>();

        await using var answers = api.EchoAsync(source.Reader.ReadAllAsync(Timeout), Timeout).GetAsyncEnumerator(Timeout);
        for (int i = 1; i <= 3; i++)
        {
            await source.Writer.WriteAsync(new Reading(i, i), Timeout);
            Assert.True(await answers.MoveNextAsync());
            Assert.Equal(new Reading(i, i * 2), answers.Current);
        }

        source.Writer.Complete();
        Assert.False(await answers.MoveNextAsync());
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task Sum_CallerCancelsMidUpload_CallFailsAndServerEnumerationEnds(HttpProtocols protocols)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        await using var provider = CreateProvider(host);
        var api = provider.GetRequiredService<IStreamingApi>();
        using var cancel = CancellationTokenSource.CreateLinkedTokenSource(Timeout);
        var source = Channel.CreateUnbounded<Reading>();

        var call = api.SumAsync(source.Reader.ReadAllAsync(cancel.Token), cancel.Token);
        await source.Writer.WriteAsync(new Reading(1, 1), Timeout);
        await host.Probe.Received.Reader.ReadAsync(Timeout);
        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => call);
        var seen = await host.Probe.ServerFailed.Task.WaitAsync(Timeout);
        Assert.True(seen is OperationCanceledException or PackException, seen.ToString());
        await host.Probe.Aborted.Task.WaitAsync(Timeout);
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task Sum_CallerCancelsMidUpload_ProducerHearsItThroughItsEnumeratorToken(HttpProtocols protocols)
    {
        // The producer observes only the token Pack passes to GetAsyncEnumerator, as an async iterator with
        // [EnumeratorCancellation] does: the call's token must reach it, whatever Refit wraps the body in.
        await using var host = await StreamingServerHost.StartAsync(protocols);
        await using var provider = CreateProvider(host);
        var api = provider.GetRequiredService<IStreamingApi>();
        using var cancel = CancellationTokenSource.CreateLinkedTokenSource(Timeout);
        var source = Channel.CreateUnbounded<Reading>();
        var producerCanceled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        var call = api.SumAsync(WatchedProducer.Watched(source, producerCanceled), cancel.Token);
        await source.Writer.WriteAsync(new Reading(1, 1), Timeout);
        await host.Probe.Received.Reader.ReadAsync(Timeout);
        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => call);
        await producerCanceled.Task.WaitAsync(Timeout);
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task Sum_WithPackMetrics_CountsTheItemsSent(HttpProtocols protocols)
    {
        await using var host = await StreamingServerHost.StartAsync(protocols);
        var services = new ServiceCollection().AddMetrics();
        AddClient(services, host).AddPackMetrics();
        await using var provider = services.BuildServiceProvider();
        using var recorder = new MeasurementRecorder(provider.GetRequiredService<IMeterFactory>(), PackClientMeter.Name);
        var api = provider.GetRequiredService<IStreamingApi>();

        Assert.Equal(new ReadingSummary(20, 210), await api.SumAsync(Produce(20), Timeout));

        var items = Assert.Single(await recorder.WaitAsync(PackClientMeter.StreamItems, 1, ("pack.direction", "request")));
        Assert.Equal(20, items.Value);
    }

    private static async IAsyncEnumerable<Reading> Produce(int count)
    {
        for (int i = 1; i <= count; i++)
        {
            await Task.Yield();
            yield return new Reading(i, i);
        }
    }

    private static ServiceProvider CreateProvider(StreamingServerHost host)
    {
        var services = new ServiceCollection();
        AddClient(services, host);
        return services.BuildServiceProvider();
    }

    private static IHttpClientBuilder AddClient(IServiceCollection services, StreamingServerHost host)
    {
        var http2 = host.Protocols == HttpProtocols.Http2;
        return services.AddPackRefitClient<IStreamingApi>(
                client => client.BaseAddress = host.BaseAddress,
                configureSettings: settings =>
                {
                    settings.Version = http2 ? HttpVersion.Version20 : HttpVersion.Version11;
                    settings.VersionPolicy = HttpVersionPolicy.RequestVersionExact;
                })
            .ConfigurePrimaryHttpMessageHandler(static () => new SocketsHttpHandler());
    }
}

using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using Microsoft.Extensions.DependencyInjection;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Client.Tests.Operations;

public sealed class PackClientMetricsHandlerTests
{
    [Fact]
    public async Task GetFromPackAsync_PackAnswer_RecordsResponseBytes()
    {
        await using var host = await OperationsServerHost.StartAsync(packDeadlines: false);
        using var services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        using var recorder = new Recorder(services.GetRequiredService<IMeterFactory>());
        using var client = host.CreateClient(new PackClientMetricsHandler(services.GetRequiredService<IMeterFactory>()));

        var item = await client.GetFromPackAsync<Item>("quick");

        Assert.Equal(1, item?.Id);
        var size = Assert.Single(recorder.Get(PackClientMeter.BodySize));
        Assert.Equal(PackSerializer.Serialize(OperationsServerHost.Item(1)).Length, size.Value);
        Assert.Equal("pack", size.Tags["pack.format"]);
        Assert.Equal("response", size.Tags["pack.direction"]);
        Assert.Single(recorder.Get(PackClientMeter.BodyReadDuration));
        Assert.Empty(recorder.Get(PackClientMeter.JsonFallbacks));
    }

    [Fact]
    public async Task GetFromPackAsync_JsonAnswer_CountsJsonFallback()
    {
        await using var host = await OperationsServerHost.StartAsync(packDeadlines: false);
        using var services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        using var recorder = new Recorder(services.GetRequiredService<IMeterFactory>());
        using var client = host.CreateClient(new PackClientMetricsHandler(services.GetRequiredService<IMeterFactory>()));

        var item = await client.GetFromPackAsync<Item>("json");

        Assert.Equal(1, item?.Id);
        var fallback = Assert.Single(recorder.Get(PackClientMeter.JsonFallbacks));
        Assert.Equal("response", fallback.Tags["pack.direction"]);
        Assert.Equal("json", Assert.Single(recorder.Get(PackClientMeter.BodySize)).Tags["pack.format"]);
    }

    [Fact]
    public async Task PostAsPackAsync_ServerAnswers415_CountsRequestFallback()
    {
        await using var server = await TestServerHost.StartAsync(ServerKind.JsonControllers);
        using var services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        using var recorder = new Recorder(services.GetRequiredService<IMeterFactory>());
        var handler = new PackClientMetricsHandler(services.GetRequiredService<IMeterFactory>()) { InnerHandler = new SocketsHttpHandler() };
        using var client = new HttpClient(handler) { BaseAddress = server.BaseAddress, Timeout = ServerProbe.Timeout };

        var created = await client.PostAsPackAsync<Item, Item>("items", new Item { Name = "posted" });

        Assert.Equal("posted", created?.Name);
        var fallback = Assert.Single(recorder.Get(PackClientMeter.JsonFallbacks, "request"));
        Assert.Equal(1, fallback.Value);
    }

    [Fact]
    public async Task GetFromPackAsync_DeadlineExpires_CountsDeadlineExceeded()
    {
        await using var host = await OperationsServerHost.StartAsync(packDeadlines: true);
        using var services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        using var recorder = new Recorder(services.GetRequiredService<IMeterFactory>());
        using var client = host.CreateClient(new PackClientMetricsHandler(services.GetRequiredService<IMeterFactory>()), new PackDeadlineHandler(TimeSpan.FromMilliseconds(300)));

        await Assert.ThrowsAsync<PackDeadlineExceededException>(() => client.GetFromPackAsync<Item>("slow"));

        Assert.Single(recorder.Get(PackClientMeter.DeadlineExceeded));
    }

    private sealed class Recorder : IDisposable
    {
        private readonly MeterListener _listener = new();
        private readonly ConcurrentQueue<(string Name, double Value, Dictionary<string, object?> Tags)> _recorded = new();

        public Recorder(IMeterFactory scope)
        {
            _listener.InstrumentPublished = (instrument, listener) =>
            {
                if (instrument.Meter.Name == PackClientMeter.Name && ReferenceEquals(instrument.Meter.Scope, scope))
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            };
            _listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) => Add(instrument.Name, value, tags));
            _listener.SetMeasurementEventCallback<double>((instrument, value, tags, _) => Add(instrument.Name, value, tags));
            _listener.Start();
        }

        public List<(string Name, double Value, Dictionary<string, object?> Tags)> Get(string name, string? direction = null) =>
            _recorded.Where(r => r.Name == name && (direction is null || Equals(r.Tags.GetValueOrDefault("pack.direction"), direction))).ToList();

        public void Dispose() => _listener.Dispose();

        private void Add(string name, double value, ReadOnlySpan<KeyValuePair<string, object?>> tags)
        {
            var copy = new Dictionary<string, object?>();
            foreach (var tag in tags)
            {
                copy[tag.Key] = tag.Value;
            }

            _recorded.Enqueue((name, value, copy));
        }
    }
}

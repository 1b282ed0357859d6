using Pack.Client.Tests.Infrastructure;

namespace Pack.Client.Tests.Operations;

public sealed class PackDeadlineHandlerTests
{
    [Fact]
    public async Task GetFromPackAsync_ScopedDeadlineOnSlowCall_ThrowsDeadlineExceededAndServerStops()
    {
        await using var host = await OperationsServerHost.StartAsync(packDeadlines: true);
        using var client = host.CreateClient(new PackDeadlineHandler());

        var exception = await Assert.ThrowsAsync<PackDeadlineExceededException>(async () =>
        {
            using (PackDeadline.Begin(TimeSpan.FromMilliseconds(400)))
            {
                await client.GetFromPackAsync<Item>("slow");
            }
        });

        Assert.Equal(TimeSpan.FromMilliseconds(400), exception.Deadline);
        await host.ServerCanceled.Task.WaitAsync(ServerProbe.Timeout);
    }

    [Fact]
    public async Task GetFromPackAsAsyncEnumerable_ClientDeadlineMidStream_ThrowsDeadlineExceededAfterSomeItems()
    {
        await using var host = await OperationsServerHost.StartAsync(packDeadlines: true);
        using var client = host.CreateClient(new PackDeadlineHandler(TimeSpan.FromMilliseconds(700)));
        var received = 0;

        var exception = await Assert.ThrowsAsync<PackDeadlineExceededException>(async () =>
        {
            await foreach (var item in client.GetFromPackAsAsyncEnumerable<Item>("stream"))
            {
                received++;
            }
        });

        Assert.True(exception.ReportedByServer);
        Assert.InRange(received, 1, 1000);
        await host.ServerCanceled.Task.WaitAsync(ServerProbe.Timeout);
        var produced = host.ItemsProduced;
        await Task.Delay(200);
        Assert.Equal(produced, host.ItemsProduced);
    }

    [Fact]
    public async Task GetFromPackAsync_LongDeadline_ReturnsValueAndSendsHeader()
    {
        await using var host = await OperationsServerHost.StartAsync(packDeadlines: true);
        var capture = new HeaderCapture();
        using var client = host.CreateClient(new PackDeadlineHandler(TimeSpan.FromMinutes(1)), capture);

        var item = await client.GetFromPackAsync<Item>("quick");

        Assert.Equal(1, item?.Id);
        Assert.Equal("60000m", capture.Value);
    }

    [Fact]
    public async Task SendAsync_RequestDeadlineWinsOverDefault()
    {
        await using var host = await OperationsServerHost.StartAsync(packDeadlines: true);
        var capture = new HeaderCapture();
        using var client = host.CreateClient(new PackDeadlineHandler(TimeSpan.FromMinutes(1)), capture);
        using var request = new HttpRequestMessage(HttpMethod.Get, "quick").SetPackDeadline(TimeSpan.FromSeconds(2));

        using var response = await client.SendAsync(request);

        Assert.Equal("2000m", capture.Value);
    }

    [Fact]
    public async Task GetFromPackAsync_ServerWithoutPackDeadlines_ClientTimerThrowsDeadlineExceeded()
    {
        await using var host = await OperationsServerHost.StartAsync(packDeadlines: false);
        using var client = host.CreateClient(new PackDeadlineHandler(TimeSpan.FromMilliseconds(300)));

        var exception = await Assert.ThrowsAsync<PackDeadlineExceededException>(() => client.GetFromPackAsync<Item>("slow"));

        Assert.False(exception.ReportedByServer);
    }

    [Fact]
    public async Task GetFromPackAsync_HttpClientTimeoutShorterThanDeadline_KeepsItsOwnException()
    {
        await using var host = await OperationsServerHost.StartAsync(packDeadlines: true);
        using var client = host.CreateClient(new PackDeadlineHandler(TimeSpan.FromSeconds(20)));
        client.Timeout = TimeSpan.FromMilliseconds(300);

        var exception = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => client.GetFromPackAsync<Item>("slow"));

        Assert.IsNotType<PackDeadlineExceededException>(exception.InnerException);
    }

    [Fact]
    public async Task GetFromPackAsync_CallerCancels_ThrowsOperationCanceled()
    {
        await using var host = await OperationsServerHost.StartAsync(packDeadlines: true);
        using var client = host.CreateClient(new PackDeadlineHandler(TimeSpan.FromSeconds(20)));
        using var cancellation = new CancellationTokenSource(TimeSpan.FromMilliseconds(300));

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => client.GetFromPackAsync<Item>("slow", cancellation.Token));
    }

    private sealed class HeaderCapture : DelegatingHandler
    {
        public string? Value { get; private set; }

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Value = request.Headers.TryGetValues(PackDeadline.HeaderName, out var values) ? values.Single() : null;
            return base.SendAsync(request, cancellationToken);
        }
    }
}

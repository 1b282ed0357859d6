using System.Diagnostics;
using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Pack.AspNetCore.Tests.TestApp;
using Pack.Streaming;

namespace Pack.AspNetCore.Tests.Operations;

public sealed class PackDeadlineTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(15);

    [Fact]
    public async Task SlowAction_ShortPackTimeout_ServerCancelsAndAnswers504Problem()
    {
        await using var host = await DeadlineTestHost.StartAsync();
        using var client = host.CreateClient();
        var probeId = Guid.NewGuid().ToString("N");
        using var request = PackHttp.Get($"/api/deadlines/slow?probe={probeId}");
        request.Headers.Add(PackTimeoutHeader.Name, "300m");

        var stopwatch = Stopwatch.StartNew();
        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.GatewayTimeout, response.StatusCode);
        Assert.Equal("true", Assert.Single(response.Headers.GetValues(PackTimeoutHeader.ExpiredName)));
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal(PackTimeoutHeader.ProblemType, problem.GetProperty("type").GetString());
        Assert.Equal(504, problem.GetProperty("status").GetInt32());
        await host.Probe(probeId).Canceled.Task.WaitAsync(Timeout);
        Assert.True(stopwatch.Elapsed < TimeSpan.FromSeconds(10), $"The deadline stopped the action after {stopwatch.Elapsed}, not 300 ms.");
    }

    [Fact]
    public async Task Stream_DeadlineMidway_StopsProducerAndEndsWithDeadlineErrorFrame()
    {
        await using var host = await DeadlineTestHost.StartAsync();
        using var client = host.CreateClient();
        var probeId = Guid.NewGuid().ToString("N");
        using var request = PackHttp.Get($"/api/deadlines/stream?probe={probeId}", PackMediaTypes.PackStream);
        request.Headers.Add(PackTimeoutHeader.Name, "600m");

        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        await using var body = await response.Content.ReadAsStreamAsync();
        var received = 0;
        var error = await Assert.ThrowsAsync<PackStreamException>(async () =>
        {
            await foreach (var member in PackStream.ReadAsync<Member>(body).WithCancellation(new CancellationTokenSource(Timeout).Token))
            {
                received++;
            }
        });

        Assert.Equal(504, error.Error.Status);
        Assert.Equal(PackTimeoutHeader.ProblemType, error.Error.Type);
        Assert.InRange(received, 1, 1000);
        await host.Probe(probeId).Canceled.Task.WaitAsync(Timeout);
    }

    [Fact]
    public async Task QuickAction_LongPackTimeout_AnswersAsWithout()
    {
        await using var host = await DeadlineTestHost.StartAsync();
        using var client = host.CreateClient();
        using var request = PackHttp.Get("/api/deadlines/quick");
        request.Headers.Add(PackTimeoutHeader.Name, "60S");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        PackHttp.AssertSame(SampleData.Small(), await PackHttp.ReadPackAsync<SmallObject>(response));
        Assert.False(response.Headers.Contains(PackTimeoutHeader.ExpiredName));
    }

    [Fact]
    public async Task SlowAction_TimeoutOverServerCap_IsCutToTheCap()
    {
        await using var host = await DeadlineTestHost.StartAsync(options => options.MaxTimeout = TimeSpan.FromMilliseconds(300));
        using var client = host.CreateClient();
        var probeId = Guid.NewGuid().ToString("N");
        using var request = PackHttp.Get($"/api/deadlines/slow?probe={probeId}");
        request.Headers.Add(PackTimeoutHeader.Name, "10M");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.GatewayTimeout, response.StatusCode);
        await host.Probe(probeId).Canceled.Task.WaitAsync(Timeout);
    }

    [Theory]
    [InlineData("abc")]
    [InlineData("123456789m")]
    [InlineData("10x")]
    [InlineData("m")]
    public async Task QuickAction_MalformedPackTimeout_IsIgnored(string value)
    {
        await using var host = await DeadlineTestHost.StartAsync();
        using var client = host.CreateClient();
        using var request = PackHttp.Get("/api/deadlines/quick");
        request.Headers.TryAddWithoutValidation(PackTimeoutHeader.Name, value);

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    [Fact]
    public async Task QuickAction_ServerWithoutPackDeadlines_IgnoresHeader()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();
        using var request = PackHttp.Get("/api/deadlines/quick");
        request.Headers.Add(PackTimeoutHeader.Name, "1m");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        PackHttp.AssertSame(SampleData.Small(), await PackHttp.ReadPackAsync<SmallObject>(response));
    }

    [Theory]
    [InlineData("1500m", 1500 * TimeSpan.TicksPerMillisecond)]
    [InlineData("2S", 2 * TimeSpan.TicksPerSecond)]
    [InlineData("3M", 3 * TimeSpan.TicksPerMinute)]
    [InlineData("1H", TimeSpan.TicksPerHour)]
    [InlineData("250u", 250 * TimeSpan.TicksPerMicrosecond)]
    [InlineData("1000n", 10)]
    public void TryParse_GrpcTimeoutUnits_ReadsTimeout(string value, long ticks)
    {
        Assert.True(PackTimeoutHeader.TryParse(value, out var timeout));
        Assert.Equal(TimeSpan.FromTicks(ticks), timeout);
    }

    [Theory]
    [InlineData(1500, "1500m")]
    [InlineData(0.1, "1m")]
    [InlineData(200_000_000.0, "200000S")]
    public void Format_Timeout_ShortestUnitRoundedUp(double milliseconds, string expected) =>
        Assert.Equal(expected, PackTimeoutHeader.Format(TimeSpan.FromMilliseconds(milliseconds)));
}

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
    [InlineData("-1m")]
    [InlineData("+5m")]
    [InlineData("1.5S")]
    [InlineData("5 m")]
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
    [InlineData(" 7S ", 7 * TimeSpan.TicksPerSecond)]
    [InlineData("99999999H", 99_999_999 * TimeSpan.TicksPerHour)]
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

    [Fact]
    public void Format_ThenTryParse_NeverGivesLessTimeThanAsked()
    {
        var random = new Random(21);
        for (var i = 0; i < 10_000; i++)
        {
            var ticks = i < 64 ? i + 1 : (long)Math.Pow(10, random.NextDouble() * 17.5);
            var timeout = TimeSpan.FromTicks(Math.Max(1, ticks));

            var value = PackTimeoutFormat.Format(timeout);

            Assert.True(PackTimeoutFormat.TryParse(value, out var parsed), value);
            Assert.True(parsed >= timeout, $"{timeout} was written as {value}, read back as {parsed}");
            Assert.InRange(value.Length, 2, PackTimeoutFormat.MaxDigits + 1);
        }
    }

    [Theory]
    [InlineData("1n", 1)]
    [InlineData("99n", 1)]
    [InlineData("100n", 1)]
    [InlineData("101n", 2)]
    [InlineData("99999999n", 1_000_000)]
    public void TryParse_NanosecondsBelowOrBetweenTicks_RoundsUpNeverToZero(string value, long ticks)
    {
        Assert.True(PackTimeoutHeader.TryParse(value, out var timeout));
        Assert.Equal(TimeSpan.FromTicks(ticks), timeout);
    }

    [Theory]
    [InlineData("0n")]
    [InlineData("0u")]
    [InlineData("0m")]
    [InlineData("0S")]
    [InlineData("0M")]
    [InlineData("00000000H")]
    public void TryParse_Zero_IsWellFormedAndZero(string value)
    {
        Assert.True(PackTimeoutHeader.TryParse(value, out var timeout));
        Assert.Equal(TimeSpan.Zero, timeout);
    }

    [Theory]
    [InlineData("/minimal/deadlines/slow", PackMediaTypes.Pack)]
    [InlineData("/minimal/deadlines/slow", PackMediaTypes.PackStream)]
    [InlineData("/minimal/deadlines/slow", "application/json")]
    [InlineData("/api/deadlines/slow", PackMediaTypes.Pack)]
    public async Task SlowEndpoint_ShortPackTimeout_Answers504ProblemWhateverTheAccept(string path, string accept)
    {
        await using var host = await DeadlineTestHost.StartAsync();
        using var client = host.CreateClient();
        var probeId = Guid.NewGuid().ToString("N");
        using var request = PackHttp.Get($"{path}?probe={probeId}", accept);
        request.Headers.Add(PackTimeoutHeader.Name, "300m");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.GatewayTimeout, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal(PackTimeoutHeader.ProblemType, problem.GetProperty("type").GetString());
        await host.Probe(probeId).Canceled.Task.WaitAsync(Timeout);
    }

    [Theory]
    [InlineData("/api/deadlines/slow", "1n")]
    [InlineData("/api/deadlines/slow", "99n")]
    [InlineData("/minimal/deadlines/slow", "1n")]
    [InlineData("/minimal/deadlines/slow", "50n")]
    public async Task SlowEndpoint_PositiveSubTickPackTimeout_IsADeadlineNotNone(string path, string value)
    {
        await using var host = await DeadlineTestHost.StartAsync();
        using var client = host.CreateClient();
        var probeId = Guid.NewGuid().ToString("N");
        using var request = PackHttp.Get($"{path}?probe={probeId}&ms=5000");
        request.Headers.TryAddWithoutValidation(PackTimeoutHeader.Name, value);

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.GatewayTimeout, response.StatusCode);
        Assert.Equal(PackTimeoutHeader.ProblemType, (await PackHttp.ReadProblemAsync(response)).GetProperty("type").GetString());
    }

    [Theory]
    [InlineData("/api/deadlines/slow", "0S")]
    [InlineData("/api/deadlines/slow", "0m")]
    [InlineData("/minimal/deadlines/slow", "0n")]
    [InlineData("/minimal/deadlines/slow", "00000000H")]
    public async Task SlowEndpoint_ZeroPackTimeout_Answers504AtOnceWithoutRunningTheEndpoint(string path, string value)
    {
        await using var host = await DeadlineTestHost.StartAsync();
        using var client = host.CreateClient();
        var probeId = Guid.NewGuid().ToString("N");
        using var request = PackHttp.Get($"{path}?probe={probeId}&ms=5000");
        request.Headers.TryAddWithoutValidation(PackTimeoutHeader.Name, value);

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.GatewayTimeout, response.StatusCode);
        Assert.Equal("true", Assert.Single(response.Headers.GetValues(PackTimeoutHeader.ExpiredName)));
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal(PackTimeoutHeader.ProblemType, problem.GetProperty("type").GetString());
        Assert.Equal(504, problem.GetProperty("status").GetInt32());
        Assert.False(host.Probe(probeId).Started.Task.IsCompleted, "The endpoint ran although the deadline had expired on arrival.");
    }

    [Fact]
    public async Task EndpointWithRequestTimeoutsDisabled_ZeroPackTimeout_RunsAsWithout()
    {
        await using var host = await DeadlineTestHost.StartAsync();
        using var client = host.CreateClient();
        var probeId = Guid.NewGuid().ToString("N");
        using var request = PackHttp.Get($"/minimal/deadlines/untimed?probe={probeId}");
        request.Headers.Add(PackTimeoutHeader.Name, "0S");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.True(host.Probe(probeId).Started.Task.IsCompleted);
    }

    [Theory]
    [InlineData("/api/deadlines/body")]
    [InlineData("/minimal/deadlines/body")]
    public async Task PostBody_DeadlineFiresWhileBodyArrives_Answers504AndDrainsTheRestWithoutErrors(string path)
    {
        var logs = new CapturingLoggerProvider();
        await using var host = await DeadlineTestHost.StartAsync(logger: logs);
        var body = PackSerializer.Serialize(SampleData.Organization(1, members: 20));
        await using var connection = await RawHttp1Connection.OpenAsync(host.BaseAddress);
        using var timeout = new CancellationTokenSource(Timeout);

        // Half the body, then nothing until the deadline has answered.
        await connection.SendAsync(
            $"POST {path} HTTP/1.1\r\nHost: localhost\r\nAccept: {PackMediaTypes.Pack}\r\nContent-Type: {PackMediaTypes.Pack}\r\n" +
            $"Content-Length: {body.Length}\r\n{PackTimeoutHeader.Name}: 300m\r\n\r\n");
        await connection.SendAsync(body.AsMemory(0, body.Length / 2));
        var (status, headers, problem) = await connection.ReadResponseAsync(timeout.Token);

        Assert.Equal(504, status);
        Assert.Equal(PackHttp.ProblemJson, headers["content-type"].Split(';')[0]);
        Assert.Contains(PackTimeoutHeader.ProblemType, System.Text.Encoding.UTF8.GetString(problem), StringComparison.Ordinal);

        // The rest of the body arrives: Kestrel drains it, and the connection serves the next request.
        int nextStatus;
        byte[] next;
        try
        {
            await connection.SendAsync(body.AsMemory(body.Length / 2));
            await connection.SendAsync($"GET /api/deadlines/quick HTTP/1.1\r\nHost: localhost\r\nAccept: {PackMediaTypes.Pack}\r\n\r\n");
            (nextStatus, _, next) = await connection.ReadResponseAsync(timeout.Token);
        }
        catch (IOException exception)
        {
            Assert.Fail($"The connection did not survive the deadline ({exception.Message}). Server errors: {string.Join(Environment.NewLine, logs.Errors)}");
            throw;
        }

        Assert.Equal(200, nextStatus);
        PackHttp.AssertSame(SampleData.Small(), PackSerializer.Deserialize<SmallObject>(next));
        Assert.False(logs.Errors.Any(), string.Join(Environment.NewLine, logs.Errors));
    }
}

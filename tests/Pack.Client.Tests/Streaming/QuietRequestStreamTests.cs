using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Server.Kestrel.Core;

namespace Pack.Client.Tests.Streaming;

/// <summary>
/// A request stream may go quiet between items (a live session, telemetry that comes when it comes): Kestrel's minimum
/// request body data rate, meant for uploads of a known body, must not end it. Deadlines (Pack-Timeout) bound it instead.
/// </summary>
public sealed class QuietRequestStreamTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(StreamingProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    [Theory]
    [InlineData(HttpProtocols.Http1, "mvc")]
    [InlineData(HttpProtocols.Http1, "minimal")]
    [InlineData(HttpProtocols.Http2, "mvc")]
    [InlineData(HttpProtocols.Http2, "minimal")]
    public async Task PostAsPackStreamAsync_QuietLongerThanTheMinimumDataRateAllows_IsReadToTheEnd(HttpProtocols protocols, string surface)
    {
        // 100 bytes/s after a 1.5 s grace period: a stream quiet for 3 s is far below it.
        await using var host = await StreamingServerHost.StartAsync(
            protocols, configureKestrel: options => options.Limits.MinRequestBodyDataRate = new MinDataRate(100, TimeSpan.FromSeconds(1.5)));
        using var client = host.CreateClient();

        var summary = await client.PostAsPackStreamAsync<Reading, ReadingSummary>($"{surface}/sum", Quiet(TimeSpan.FromSeconds(3)), Timeout);

        Assert.Equal(new ReadingSummary(2, 3), summary);
    }

    private static async IAsyncEnumerable<Reading> Quiet(TimeSpan pause, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        yield return new Reading(1, 1);
        await Task.Delay(pause, cancellationToken);
        yield return new Reading(2, 2);
    }
}

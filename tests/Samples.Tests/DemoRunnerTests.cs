using System.Net;
using System.Net.Sockets;
using Pack.Samples.Demo;

namespace Pack.Samples.Tests;

public sealed class DemoRunnerTests
{
    [Fact]
    public async Task RunAsync_InProcess_EveryComparisonMatches()
    {
        using var output = new StringWriter();

        // Few iterations: the test checks the comparisons and the table, not the timings.
        int exitCode = await DemoRunner.RunAsync(["--iterations", "3"], output, CancellationToken.None);

        string text = output.ToString();
        Assert.True(exitCode == 0, text);
        foreach (EndpointCase endpoint in DemoRunner.Cases)
        {
            Assert.Contains(endpoint.Name, text, StringComparison.Ordinal);
        }

        Assert.Matches(@"Web page:   http://127\.0\.0\.1:\d+/ ", text);
        Assert.DoesNotContain("DIFF", text, StringComparison.Ordinal);
        Assert.Contains("JSON and Pack streams match", text, StringComparison.Ordinal);
        Assert.Contains("Result: every JSON and Pack comparison matched.", text, StringComparison.Ordinal);

        // `pack inspect` on the live GET /api/shipments/7, with the schema from /pack/schema: the command to type, and
        // the tool's decoding of that shipment's values with their offsets and member paths.
        Assert.Matches(@"\$ dotnet run --project tools/Pack\.Tool -- inspect http://127\.0\.0\.1:\d+/api/shipments/7 --schema http://127\.0\.0\.1:\d+/pack/schema", text);
        Assert.Contains("the response's Pack-Schema matches", text, StringComparison.Ordinal);
        Assert.Matches(@"""Id"": 7, +// @6 +\+4 +07 00 00 00 +\$\.Id  i32", text);
        Assert.Matches(@"""Carrier"": ""DHL"", +// @10 .*\$\.Carrier  string", text);
        Assert.Matches(@"""WeightKg"": ""1\.125"", +// @17 .*\$\.WeightKg  decimal", text);
        Assert.Matches(@"""Status"": 1, +// .*\$\.Status  ShipmentStatus · InTransit", text);
        Assert.Matches(@"""P-7-4"" +// .*\$\.Parcels\[3\]  string", text);
        Assert.Matches(@"""TrackingUrl"": ""https://track\.example/7"" +// .*\$\.TrackingUrl  string", text);
        Assert.Contains("✓ decoded completely: 12 values in 114 bytes", text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_UnknownArgument_ReturnsUsageError()
    {
        using var output = new StringWriter();

        int exitCode = await DemoRunner.RunAsync(["--nope"], output, CancellationToken.None);

        Assert.Equal(2, exitCode);
        Assert.Contains("Usage", output.ToString(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--help")]
    [InlineData("-h")]
    public async Task RunAsync_Help_PrintsUsageAndExitsZero(string argument)
    {
        using var output = new StringWriter();

        int exitCode = await DemoRunner.RunAsync([argument], output, CancellationToken.None);

        Assert.Equal(0, exitCode);
        Assert.Contains("Usage: dotnet run --project samples/Demo", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("--iterations N", output.ToString(), StringComparison.Ordinal);
        Assert.DoesNotContain("Unknown", output.ToString(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("ftp://127.0.0.1/")]
    [InlineData("not-a-url")]
    public async Task RunAsync_UrlThatIsNotHttp_ReturnsUsageError(string url)
    {
        using var output = new StringWriter();

        int exitCode = await DemoRunner.RunAsync(["--url", url], output, CancellationToken.None);

        Assert.Equal(2, exitCode);
        Assert.Contains("Usage", output.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_UrlWithNothingListening_SaysSoWithoutAStackTrace()
    {
        // A port that was free a moment ago: nothing listens on it, so the connection is refused.
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        int port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        using var output = new StringWriter();

        int exitCode = await DemoRunner.RunAsync(["--url", $"http://127.0.0.1:{port}", "--iterations", "1"], output, CancellationToken.None);

        string text = output.ToString();
        Assert.True(exitCode == 1, text);
        Assert.Contains($"Cannot reach the sample API at http://127.0.0.1:{port}/", text, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", text, StringComparison.Ordinal);
    }
}

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
}

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

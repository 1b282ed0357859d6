namespace Pack.Tool.Tests;

/// <summary>The <c>pack</c> command line itself: help for the tool and for each command, and usage errors.</summary>
public sealed class PackToolTests
{
    [Theory]
    [InlineData(new[] { "--help" }, new[] { "pack schema export", "pack schema diff", "pack inspect", "pack ts", "pack py", "pack" })]
    [InlineData(new[] { "help" }, new[] { "pack schema export", "pack schema diff", "pack inspect", "pack ts", "pack py", "pack" })]
    [InlineData(new[] { "schema", "--help" }, new[] { "pack schema export", "pack schema diff" })]
    [InlineData(new[] { "schema", "export", "--help" }, new[] { "pack schema export" })]
    [InlineData(new[] { "schema", "diff", "-h" }, new[] { "pack schema diff" })]
    [InlineData(new[] { "inspect", "--help" }, new[] { "pack inspect" })]
    [InlineData(new[] { "inspect", "response.bin", "--help" }, new[] { "pack inspect" })]
    [InlineData(new[] { "ts", "--help" }, new[] { "pack ts" })]
    [InlineData(new[] { "help", "ts" }, new[] { "pack ts" })]
    [InlineData(new[] { "py", "--help" }, new[] { "pack py" })]
    public async Task Help_ForTheToolOrACommand_PrintsItsUsageAndExitsZero(string[] args, string[] commands)
    {
        var (exit, output, error) = await ToolRunner.RunAsync(args);

        Assert.Equal(0, exit);
        Assert.Empty(error);
        var shown = output.Split('\n').Where(l => l.StartsWith("  pack ", StringComparison.Ordinal))
            .Select(l => string.Join(' ', l.Trim().Split(' ').TakeWhile(word => word[0] is not ('<' or '-' or '['))));
        Assert.Equal(commands, shown);
        Assert.Contains("exit codes: 0", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Version_PrintsTheAssemblysInformationalVersionOnOneLineAndExitsZero()
    {
        var (exit, output, error) = await ToolRunner.RunAsync(["--version"]);

        Assert.Equal(0, exit);
        Assert.Empty(error);
        string expected = typeof(PackTool).Assembly
            .GetCustomAttributes(typeof(System.Reflection.AssemblyInformationalVersionAttribute), inherit: false)
            .Cast<System.Reflection.AssemblyInformationalVersionAttribute>().Single().InformationalVersion;
        Assert.Equal(expected + Environment.NewLine, output);
        Assert.Matches(@"^\d+\.\d+\.\d+", output);
    }

    [Theory]
    [InlineData("--help")]
    [InlineData("help")]
    public async Task Help_ForTheTool_ListsTheVersionOption(string help)
    {
        var (exit, output, _) = await ToolRunner.RunAsync([help]);

        Assert.Equal(0, exit);
        Assert.Contains(output.Split('\n'), line => line.Trim() == "pack --version");
    }

    [Fact]
    public async Task Version_WithACommand_IsAUsageError()
    {
        var (exit, _, error) = await ToolRunner.RunAsync(["inspect", "--version"]);

        Assert.Equal(2, exit);
        Assert.StartsWith("pack: ", error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("bogus")]
    [InlineData("schema")]
    [InlineData("inspect", "--schema")]
    public async Task Run_UsageError_IsOneMessageLineThenTheUsageWithExitCode2(params string[] args)
    {
        var (exit, output, error) = await ToolRunner.RunAsync(args);

        Assert.Equal(2, exit);
        Assert.Empty(output);
        Assert.StartsWith("pack: ", error, StringComparison.Ordinal);
        Assert.Contains("usage:", error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
    }
}

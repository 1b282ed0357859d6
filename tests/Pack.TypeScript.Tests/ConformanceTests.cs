using System.Text.RegularExpressions;

namespace Pack.TypeScript.Tests;

/// <summary>
/// The TypeScript client's own test suites, run as part of <c>dotnet test Web.sln</c>: the strict build, the Node tests
/// (golden vectors, client, generated code) and the golden vectors in real Chromium.
/// </summary>
public sealed partial class ConformanceTests(TypeScriptToolchain toolchain) : IClassFixture<TypeScriptToolchain>
{
    [Fact]
    public void Tsc_StrictBuildOfPackageAndTests_Succeeds()
    {
        toolchain.RequireBuild();
    }

    [Fact]
    public void NodeTest_AllSuites_Pass()
    {
        toolchain.RequireBuild();

        var run = TypeScriptToolchain.Node("--test --test-reporter=tap test/node/", TimeSpan.FromMinutes(5));

        Assert.True(run.ExitCode == 0, run.Describe());
        var pass = int.Parse(PassCount().Match(run.Output).Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
        Assert.Matches(FailZero(), run.Output);
        Assert.True(pass >= 284, $"only {pass} Node tests ran:\n{run.Output}");
    }

    [Fact]
    public void Chromium_GoldenVectors_AllPass()
    {
        toolchain.RequireBuild();
        toolchain.RequireChromium();

        var run = TypeScriptToolchain.Node("scripts/run-chromium.mjs", TimeSpan.FromMinutes(5));

        Assert.True(run.ExitCode == 0, run.Describe());
        var match = ChromiumSummary().Match(run.Output);
        Assert.True(match.Success, run.Output);
        Assert.Equal("0", match.Groups[2].Value);
        Assert.True(int.Parse(match.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) >= 283, run.Output);
    }

    [GeneratedRegex(@"^# pass (\d+)$", RegexOptions.Multiline)]
    private static partial Regex PassCount();

    [GeneratedRegex(@"^# fail 0$", RegexOptions.Multiline)]
    private static partial Regex FailZero();

    [GeneratedRegex(@"(\d+) passed, (\d+) failed \(golden vectors in Chromium\)")]
    private static partial Regex ChromiumSummary();
}

using System.Text.RegularExpressions;

namespace Pack.Samples.Tests.Packaging;

/// <summary>
/// The public-API guard works: a copy of the Pack project with one public method that is not in its
/// PublicAPI.*.txt fails to build with RS0016, and builds once the line the message names is recorded in
/// PublicAPI.Unshipped.txt (the procedure CONTRIBUTING.md#public-api describes).
/// </summary>
public sealed partial class PublicApiBaselineTests : IDisposable
{
    private readonly string _copy = Directory.CreateTempSubdirectory("pack-public-api-").FullName;

    [Fact]
    public void Build_PublicMemberNotInBaseline_FailsWithRS0016UntilRecorded()
    {
        foreach (var file in new[] { "global.json", "Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props", ".editorconfig" })
        {
            File.Copy(Path.Combine(RepositoryRoot.Path, file), Path.Combine(_copy, file));
        }

        DotnetCli.CopyTree(Path.Combine(RepositoryRoot.Path, "src", "Codec"), Path.Combine(_copy, "src", "Codec"));
        DotnetCli.CopyTree(Path.Combine(RepositoryRoot.Path, "src", "Generator"), Path.Combine(_copy, "src", "Generator"));
        // The source Pack and the generator link from the neutral folder (docs/contributing/packaging.md).
        DotnetCli.CopyTree(Path.Combine(RepositoryRoot.Path, "src", "Shared"), Path.Combine(_copy, "src", "Shared"));
        File.WriteAllText(Path.Combine(_copy, "src", "Codec", "UnrecordedApi.cs"), """
            namespace Pack;

            /// <summary>A public type added without recording it in PublicAPI.Unshipped.txt.</summary>
            public static class UnrecordedApi
            {
                /// <summary>Does nothing.</summary>
                public static void Probe()
                {
                }
            }
            """);
        string[] build = ["build", "src/Codec/Pack.csproj", "-v", "q", "--nologo"];

        var (exitCode, output) = DotnetCli.Run(_copy, build);

        Assert.NotEqual(0, exitCode);
        var missing = RS0016().Matches(output).Select(m => m.Groups["symbol"].Value).Distinct().Order().ToList();
        Assert.Equal(["Pack.UnrecordedApi", "static Pack.UnrecordedApi.Probe() -> void"], missing);

        File.AppendAllLines(Path.Combine(_copy, "src", "Codec", "PublicAPI.Unshipped.txt"), missing);
        var (recordedExitCode, recordedOutput) = DotnetCli.Run(_copy, build);

        Assert.True(recordedExitCode == 0, $"the build still fails after recording the API:\n{recordedOutput}");
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(_copy, recursive: true);
        }
        catch (IOException)
        {
            // Left for the OS's temp cleanup if a build server still holds a file.
        }
    }

    [GeneratedRegex(@"error RS0016: Symbol '(?<symbol>[^']+)' is not part of the declared public API")]
    private static partial Regex RS0016();
}

using System.IO.Compression;
using System.Text.RegularExpressions;

namespace Pack.Samples.Tests.Packaging;

/// <summary>
/// docs/tools.md's install path, as a user follows it: <c>dotnet pack tools/Pack.Tool</c> into a folder, then
/// <c>dotnet tool install --add-source folder --prerelease</c>, then <c>pack</c>. In the packages' collection, so it
/// never builds Release beside <see cref="PackageFixture"/>'s packing run.
/// </summary>
[Collection(PackageCollection.Name)]
public sealed partial class ToolPackageTests : IDisposable
{
    private readonly string workDirectory = Directory.CreateTempSubdirectory("pack-tool-package-").FullName;

    [Fact]
    public void PackTool_PackedInstalledAndRun_AsDocsToolsMdSays()
    {
        string feed = Path.Combine(workDirectory, "packages");
        var (packExit, packOutput) = DotnetCli.Run(RepositoryRoot.Path, ["pack", "tools/Pack.Tool", "-c", "Release", "-o", feed, "--nologo"], timeout: TimeSpan.FromMinutes(10));
        Assert.True(packExit == 0, $"dotnet pack tools/Pack.Tool failed:\n{packOutput}");
        Assert.DoesNotContain("warning", packOutput, StringComparison.OrdinalIgnoreCase);

        string nupkg = Assert.Single(Directory.GetFiles(feed, "Pack.Tool.*.nupkg"));
        using (var archive = ZipFile.OpenRead(nupkg))
        {
            var files = archive.Entries.Select(e => e.FullName).ToHashSet(StringComparer.Ordinal);
            Assert.Contains("tools/net10.0/any/Pack.Tool.dll", files);
            Assert.Contains("tools/net10.0/any/DotnetToolSettings.xml", files);
            Assert.Contains("icon.png", files);
            using var readme = new StreamReader(archive.GetEntry("README.md")!.Open());
            string text = readme.ReadToEnd();
            Assert.StartsWith("# Pack.Tool", text, StringComparison.Ordinal);
            Assert.DoesNotMatch(RelativeLink(), text);
        }

        var (id, version, nuspec) = PackageFixture.Nuspec(nupkg);
        var metadata = nuspec.Root!.Elements().Single(e => e.Name.LocalName == "metadata");
        Assert.Equal("Pack.Tool", id);
        Assert.Equal("DotnetTool", metadata.Descendants().Single(e => e.Name.LocalName == "packageType").Attribute("name")?.Value);
        Assert.Equal("MIT", metadata.Elements().Single(e => e.Name.LocalName == "license").Value);
        Assert.StartsWith("https://github.com/", metadata.Elements().Single(e => e.Name.LocalName == "repository").Attribute("url")?.Value, StringComparison.Ordinal);
        Assert.Contains("TypeScript", metadata.Elements().Single(e => e.Name.LocalName == "description").Value, StringComparison.Ordinal);
        Assert.Contains("-", version, StringComparison.Ordinal); // an untagged build is a prerelease: hence --prerelease in the docs

        // Only the folder feed: the tool package has no dependencies to fetch.
        File.WriteAllText(Path.Combine(workDirectory, "nuget.config"), """
            <?xml version="1.0" encoding="utf-8"?>
            <configuration><packageSources><clear /></packageSources></configuration>
            """);
        string toolPath = Path.Combine(workDirectory, "tools");
        var environment = new Dictionary<string, string> { ["NUGET_PACKAGES"] = Path.Combine(workDirectory, "nuget-packages") };
        var (installExit, installOutput) = DotnetCli.Run(workDirectory, ["tool", "install", "--tool-path", toolPath, "Pack.Tool", "--add-source", feed, "--prerelease"], environment);
        Assert.True(installExit == 0, $"dotnet tool install failed:\n{installOutput}");

        var (runExit, runOutput) = Run(Path.Combine(toolPath, OperatingSystem.IsWindows() ? "pack.exe" : "pack"), "inspect", "--help");
        Assert.True(runExit == 0, runOutput);
        Assert.Contains("pack inspect <file | hex | URL> --schema", runOutput, StringComparison.Ordinal);
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(workDirectory, recursive: true);
        }
        catch (IOException)
        {
            // A child process may still hold a file for a moment; the temp folder is left for the OS then.
        }
    }

    private static (int ExitCode, string Output) Run(string file, params string[] arguments)
    {
        var start = new System.Diagnostics.ProcessStartInfo(file) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = System.Diagnostics.Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        Assert.True(process.WaitForExit(TimeSpan.FromMinutes(1)), $"{file} did not exit");
        return (process.ExitCode, output + error.Result);
    }

    /// <summary>A markdown link or image whose target is neither absolute (scheme) nor an in-page anchor.</summary>
    [GeneratedRegex(@"\]\((?![a-z][a-z0-9+.-]*:|#)[^)]*\)", RegexOptions.IgnoreCase)]
    private static partial Regex RelativeLink();
}

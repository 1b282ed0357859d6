using System.IO.Compression;
using System.Xml.Linq;

namespace Pack.Samples.Tests.Packaging;

/// <summary>
/// Packs the five packages once per test run (<c>dotnet pack Packages.slnf -c Release</c>) into a folder feed of its
/// own, as a release does; <see cref="PackageLayoutTests"/> and <see cref="PackageConsumerTests"/> read it.
/// </summary>
public sealed class PackageFixture : IDisposable
{
    /// <summary>The packages every release publishes.</summary>
    public static readonly string[] PackageIds = ["Pack", "Pack.Schema", "Pack.AspNetCore", "Pack.Client", "Pack.Refit", "Pack.Caching"];

    public PackageFixture()
    {
        WorkDirectory = Directory.CreateTempSubdirectory("pack-packages-").FullName;
        Feed = Path.Combine(WorkDirectory, "feed");
        (ExitCode, Output) = DotnetCli.Run(RepositoryRoot.Path, ["pack", "Packages.slnf", "-c", "Release", "-o", Feed, "-v", "q", "--nologo"], timeout: TimeSpan.FromMinutes(15));
        if (ExitCode == 0)
        {
            var pack = Directory.GetFiles(Feed, "Pack.*.nupkg").Single(f => Nuspec(f).Id == "Pack");
            Version = Nuspec(pack).Version;
        }
    }

    /// <summary>A temporary folder this fixture owns (deleted at the end).</summary>
    public string WorkDirectory { get; }

    /// <summary>The folder feed holding the .nupkg and .snupkg files.</summary>
    public string Feed { get; }

    /// <summary>The exit code of <c>dotnet pack</c>.</summary>
    public int ExitCode { get; }

    /// <summary>What <c>dotnet pack</c> printed.</summary>
    public string Output { get; }

    /// <summary>The version MinVer gave the packages (all five share it).</summary>
    public string Version { get; } = "";

    /// <summary>Fails the calling test with the pack output when packing failed.</summary>
    public void AssertPacked() => Assert.True(ExitCode == 0, $"dotnet pack failed ({ExitCode}):\n{Output}");

    /// <summary>The path of a package's .nupkg (or .snupkg).</summary>
    public string PackagePath(string id, string extension = "nupkg") => Path.Combine(Feed, $"{id}.{Version}.{extension}");

    /// <summary>The id, version and XML of a package's nuspec.</summary>
    public static (string Id, string Version, XDocument Document) Nuspec(string nupkg)
    {
        using var archive = ZipFile.OpenRead(nupkg);
        var entry = archive.Entries.Single(e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal) && !e.FullName.Contains('/'));
        using var stream = entry.Open();
        var document = XDocument.Load(stream);
        var metadata = document.Root!.Elements().Single(e => e.Name.LocalName == "metadata");
        return (Value(metadata, "id"), Value(metadata, "version"), document);
    }

    private static string Value(XElement metadata, string name) => metadata.Elements().Single(e => e.Name.LocalName == name).Value;

    public void Dispose()
    {
        try
        {
            Directory.Delete(WorkDirectory, recursive: true);
        }
        catch (IOException)
        {
            // A child process may still hold a file for a moment; the temp folder is left for the OS then.
        }
    }
}

/// <summary>The tests that share one packing run.</summary>
[CollectionDefinition(Name)]
public sealed class PackageCollection : ICollectionFixture<PackageFixture>
{
    public const string Name = "Packages";
}

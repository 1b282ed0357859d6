using System.IO.Compression;
using System.Text.RegularExpressions;
using System.Xml.Linq;

namespace Pack.Samples.Tests.Packaging;

/// <summary>What each packed package carries: assemblies and XML docs, the generator, README, icon, license, repository and dependency floors.</summary>
[Collection(PackageCollection.Name)]
public sealed partial class PackageLayoutTests(PackageFixture packages)
{
    public static TheoryData<string> PackageIds => new(PackageFixture.PackageIds);

    [Theory]
    [MemberData(nameof(PackageIds))]
    public void Package_Files_LibXmlDocsReadmeAndIcon(string id)
    {
        packages.AssertPacked();
        var files = Entries(packages.PackagePath(id));

        Assert.Contains($"lib/net10.0/{id}.dll", files);
        Assert.Contains($"lib/net10.0/{id}.xml", files);
        Assert.Contains("README.md", files);
        Assert.Contains("icon.png", files);
        Assert.DoesNotContain(files, f => f.StartsWith("lib/", StringComparison.Ordinal) && !f.StartsWith("lib/net10.0/", StringComparison.Ordinal));
        Assert.DoesNotContain(files, f => f.EndsWith(".pdb", StringComparison.Ordinal));
        Assert.Equal(id == "Pack", files.Contains("analyzers/dotnet/cs/Pack.Generator.dll"));
        Assert.DoesNotContain(files, f => f.StartsWith("analyzers/", StringComparison.Ordinal) && f != "analyzers/dotnet/cs/Pack.Generator.dll");
        Assert.Equal(id == "Pack", files.Contains("build/Pack.targets") && files.Contains("buildTransitive/Pack.targets"));

        var symbols = Entries(packages.PackagePath(id, "snupkg"));
        Assert.Contains($"lib/net10.0/{id}.pdb", symbols);
    }

    [Theory]
    [MemberData(nameof(PackageIds))]
    public void Package_Readme_HasNoRepositoryRelativeLinks(string id)
    {
        packages.AssertPacked();
        var readme = ReadEntry(packages.PackagePath(id), "README.md");

        Assert.StartsWith($"# {id}", readme, StringComparison.Ordinal);
        var relative = RelativeLink().Matches(readme).Select(m => m.Value).ToList();
        Assert.True(relative.Count == 0, $"{id}'s README has links that break on the gallery: {string.Join(", ", relative)}");
    }

    [Theory]
    [MemberData(nameof(PackageIds))]
    public void Package_Metadata_LicenseRepositoryAndTags(string id)
    {
        packages.AssertPacked();
        var metadata = Metadata(packages.PackagePath(id));

        Assert.Equal(id, Text(metadata, "id"));
        Assert.Equal(packages.Version, Text(metadata, "version"));
        var license = metadata.Elements().Single(e => e.Name.LocalName == "license");
        Assert.Equal("expression", license.Attribute("type")?.Value);
        Assert.Equal("MIT", license.Value);
        Assert.Equal("icon.png", Text(metadata, "icon"));
        Assert.Equal("README.md", Text(metadata, "readme"));
        Assert.StartsWith("https://github.com/", Text(metadata, "projectUrl"), StringComparison.Ordinal);
        var repository = metadata.Elements().Single(e => e.Name.LocalName == "repository");
        Assert.Equal("git", repository.Attribute("type")?.Value);
        Assert.StartsWith("https://github.com/", repository.Attribute("url")?.Value, StringComparison.Ordinal);
        Assert.Matches("^[0-9a-f]{40}$", repository.Attribute("commit")?.Value ?? "");
        Assert.False(string.IsNullOrWhiteSpace(Text(metadata, "description")));
        Assert.Contains("serialization", Text(metadata, "tags").Split(' '));
        Assert.NotEqual("1.0.0", Text(metadata, "version"));
        Assert.NotEqual(id, Text(metadata, "authors"));
    }

    [Fact]
    public void Dependencies_SiblingsAtTheSameVersionAndFrameworkFloors()
    {
        packages.AssertPacked();
        var version = packages.Version;

        Assert.Empty(Dependencies("Pack"));
        Assert.Equal([("Pack", version)], Dependencies("Pack.Schema").Select(d => (d.Id, d.Version)));
        Assert.Equal([("Pack", version), ("Pack.Schema", version)], Dependencies("Pack.AspNetCore").Select(d => (d.Id, d.Version)).Order());
        Assert.Equal(["Microsoft.AspNetCore.App"], FrameworkReferences("Pack.AspNetCore"));
        Assert.Equal([("Microsoft.Extensions.Http", "10.0.0"), ("Pack", version), ("Pack.Schema", version)], Dependencies("Pack.Client").Select(d => (d.Id, d.Version)).Order());
        Assert.Equal([("Pack.Client", version), ("Refit", "16.4.0"), ("Refit.HttpClientFactory", "16.4.0")], Dependencies("Pack.Refit").Select(d => (d.Id, d.Version)).Order());
        Assert.Equal([("Microsoft.Extensions.Caching.Hybrid", "10.0.0"), ("Pack", version), ("Pack.Schema", version)], Dependencies("Pack.Caching").Select(d => (d.Id, d.Version)).Order());
    }

    [Theory]
    [InlineData("Pack.Schema", "Pack")]
    [InlineData("Pack.AspNetCore", "Pack")]
    [InlineData("Pack.Client", "Pack")]
    [InlineData("Pack.Refit", "Pack.Client")]
    [InlineData("Pack.Refit", "Refit")]
    [InlineData("Pack.Caching", "Pack")]
    public void Dependencies_AnalyzersFlowToTheApp(string id, string dependency)
    {
        packages.AssertPacked();

        var exclude = Dependencies(id).Single(d => d.Id == dependency).Exclude;

        // Pack's source generator (and Refit's) must reach an app that installs only this package.
        Assert.DoesNotContain("Analyzers", exclude, StringComparison.OrdinalIgnoreCase);
    }

    private List<(string Id, string Version, string Exclude)> Dependencies(string id)
    {
        var metadata = Metadata(packages.PackagePath(id));
        var groups = metadata.Elements().Where(e => e.Name.LocalName == "dependencies").Elements().ToList();
        Assert.All(groups, g => Assert.Equal("net10.0", g.Attribute("targetFramework")?.Value));
        return groups.Elements()
            .Select(d => (d.Attribute("id")!.Value, d.Attribute("version")!.Value, d.Attribute("exclude")?.Value ?? ""))
            .ToList();
    }

    private List<string> FrameworkReferences(string id) =>
        Metadata(packages.PackagePath(id)).Elements().Where(e => e.Name.LocalName == "frameworkReferences")
            .Descendants().Where(e => e.Name.LocalName == "frameworkReference").Select(e => e.Attribute("name")!.Value).ToList();

    private static XElement Metadata(string nupkg) => PackageFixture.Nuspec(nupkg).Document.Root!.Elements().Single(e => e.Name.LocalName == "metadata");

    private static string Text(XElement metadata, string name) => metadata.Elements().SingleOrDefault(e => e.Name.LocalName == name)?.Value ?? "";

    private static HashSet<string> Entries(string package)
    {
        Assert.True(File.Exists(package), $"{package} was not packed");
        using var archive = ZipFile.OpenRead(package);
        return archive.Entries.Select(e => e.FullName).ToHashSet(StringComparer.Ordinal);
    }

    private static string ReadEntry(string package, string name)
    {
        using var archive = ZipFile.OpenRead(package);
        using var reader = new StreamReader(archive.GetEntry(name)!.Open());
        return reader.ReadToEnd();
    }

    /// <summary>A markdown link or image whose target is neither absolute (scheme) nor an in-page anchor.</summary>
    [GeneratedRegex(@"\]\((?![a-z][a-z0-9+.-]*:|#)[^)]*\)", RegexOptions.IgnoreCase)]
    private static partial Regex RelativeLink();
}

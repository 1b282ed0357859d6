namespace Pack.Samples.Tests.Packaging;

/// <summary>
/// An app built from the packed packages only, as a user installs them: PackageReferences to a local folder feed, its
/// own nuget.config and NUGET_PACKAGES folder, outside the repository (no Directory.*.props, no project reference).
/// See docs/contributing/packaging.md.
/// </summary>
[Collection(PackageCollection.Name)]
public sealed class PackageConsumerTests(PackageFixture packages)
{
    private static readonly string[] ExpectedChecks =
    [
        "generated-context", "schema-package",
        "client-pack api/orders/7", "content-type-pack api/orders/7", "bytes api/orders/7", "content-type-json api/orders/7", "json api/orders/7",
        "client-pack minimal/orders/7", "content-type-pack minimal/orders/7", "bytes minimal/orders/7", "content-type-json minimal/orders/7", "json minimal/orders/7",
        "client-post-pack", "refit-get", "refit-post", "hybrid-cache", "hybrid-cache-entry",
    ];

    [Fact]
    public void ConsumerApp_FromPackagesOnly_ServesAndCallsPackAndJson()
    {
        packages.AssertPacked();
        var app = Path.Combine(packages.WorkDirectory, "consumer");
        Directory.CreateDirectory(app);
        var template = Path.Combine(RepositoryRoot.Path, "tests", "Samples.Tests", "Packaging", "ConsumerApp");
        File.WriteAllText(Path.Combine(app, "Consumer.csproj"), File.ReadAllText(Path.Combine(template, "Consumer.csproj.template")).Replace("$(PackVersion)", packages.Version, StringComparison.Ordinal));
        File.Copy(Path.Combine(template, "Program.cs.template"), Path.Combine(app, "Program.cs"));
        File.WriteAllText(Path.Combine(app, "nuget.config"), NuGetConfig(packages.Feed));
        var environment = new Dictionary<string, string> { ["NUGET_PACKAGES"] = Path.Combine(packages.WorkDirectory, "nuget-packages") };

        var (buildExit, buildOutput) = DotnetCli.Run(app, ["build", "-c", "Release", "-v", "q", "--nologo"], environment);
        Assert.True(buildExit == 0, $"the consumer app does not build from the packages:\n{buildOutput}");
        var schemaFile = Path.Combine(app, "schema", "contracts.json");
        Assert.True(File.Exists(schemaFile), "the PackSchemaFile build option wrote no schema/contracts.json");
        Assert.NotNull(Pack.Schema.PackSchemaSet.Parse(File.ReadAllText(schemaFile)).Find("Order"));

        var (runExit, runOutput) = DotnetCli.Run(app, ["bin/Release/net10.0/Consumer.dll"], environment, TimeSpan.FromMinutes(2));

        Assert.True(runExit == 0, $"the consumer app failed ({runExit}):\n{runOutput}");
        foreach (var check in ExpectedChecks)
        {
            Assert.Contains($"PASS {check}\n", runOutput.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        }

        Assert.Contains("RESULT all checks passed", runOutput, StringComparison.Ordinal);
    }

    /// <summary>The feed first; the machine's package cache and nuget.org for the packages' own dependencies.</summary>
    private static string NuGetConfig(string feed)
    {
        var cache = Environment.GetEnvironmentVariable("NUGET_PACKAGES") is { Length: > 0 } configured
            ? configured
            : Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");
        var cacheSource = Directory.Exists(cache) ? $"""    <add key="machine-cache" value="{cache}" />""" : "";
        return $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <clear />
                <add key="pack-feed" value="{feed}" />
            {cacheSource}
                <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />
              </packageSources>
            </configuration>
            """;
    }
}

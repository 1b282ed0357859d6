using System.Text.Json.Nodes;

namespace Pack.TypeScript.Tests;

/// <summary>
/// What a user of clients/typescript gets from its package.json: <c>npm run test:node</c> runs the Node suites, and
/// <c>npm pack</c> (or <c>npm publish</c>) from a fresh clone builds first and ships the compiled modules. That the
/// README's links work on npmjs.com (absolute or anchors, never relative) is MarkdownLinkTests' in tests/Pack.Docs.Tests,
/// with every other package page.
/// </summary>
public sealed class NpmPackageTests(TypeScriptToolchain toolchain) : IClassFixture<TypeScriptToolchain>
{
    private static JsonObject PackageJson => JsonNode.Parse(File.ReadAllText(Path.Combine(RepositoryPaths.Package, "package.json")))!.AsObject();

    [Fact]
    public void Scripts_TestNode_RunsTheSuitesConformanceTestsRuns()
    {
        // The Node suites are the .mjs files in test/node (ConformanceTests.NodeTest_AllSuites_Pass); build/test holds
        // compiled helpers, one of them for the browser, which are not tests.
        Assert.Equal("node --test test/node/", PackageJson["scripts"]?["test:node"]?.GetValue<string>());
    }

    [Fact]
    public void Scripts_Prepack_BuildsDist()
    {
        // dist/ is not committed: without a prepack build, npm pack in a fresh clone ships README.md and package.json only.
        Assert.Equal("npm run build", PackageJson["scripts"]?["prepack"]?.GetValue<string>());
    }

    [Fact]
    public void NpmPack_DryRun_ShipsTheModulesTheirTypesAndSources()
    {
        toolchain.RequireBuild();

        // --ignore-scripts: the build above already wrote dist/, and a second tsc must not rewrite it under other tests.
        var run = ProcessRunner.Run("npm", "pack --dry-run --json --ignore-scripts", RepositoryPaths.Package, TimeSpan.FromMinutes(2));

        Assert.True(run.ExitCode == 0, run.Describe());
        string json = run.Output[run.Output.IndexOf('[', StringComparison.Ordinal)..];
        var files = JsonNode.Parse(json)![0]!["files"]!.AsArray().Select(f => f!["path"]!.GetValue<string>()).ToHashSet(StringComparer.Ordinal);
        Assert.Contains("package.json", files);
        Assert.Contains("README.md", files);
        Assert.Contains("dist/index.js", files);
        Assert.Contains("dist/index.d.ts", files);
        Assert.Contains("dist/client.js.map", files);
        Assert.Contains("src/client.ts", files); // the source maps' sources
        Assert.DoesNotContain(files, f => f.StartsWith("test/", StringComparison.Ordinal) || f.StartsWith("build/", StringComparison.Ordinal) || f.StartsWith("node_modules/", StringComparison.Ordinal));
    }
}

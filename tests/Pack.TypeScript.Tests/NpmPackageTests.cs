using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Pack.TypeScript.Tests;

/// <summary>
/// What a user of clients/typescript gets from its package.json: <c>npm run test:node</c> runs the Node suites, and
/// <c>npm pack</c> (or <c>npm publish</c>) from a fresh clone builds first and ships the compiled modules, with a README
/// whose links work on npmjs.com.
/// </summary>
public sealed partial class NpmPackageTests(TypeScriptToolchain toolchain) : IClassFixture<TypeScriptToolchain>
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

    [Fact]
    public void Readme_Links_DoNotLeaveThePackageFolder()
    {
        // npmjs.com shows README.md without the repository around it: a link such as ../../docs/schema.md is dead there.
        // The rest of the repository is linked as https://github.com/pack-dotnet/pack/blob/main/<path> (MarkdownLinkTests
        // in tests/Pack.Docs.Tests checks those paths and anchors).
        var escaping = LinksLeavingThePackage(File.ReadAllText(Path.Combine(RepositoryPaths.Package, "README.md")));

        Assert.True(escaping.Count == 0, "README.md links out of clients/typescript:\n" + string.Join('\n', escaping));
    }

    [Theory]
    [InlineData("See [the spec](../../docs/wire-format.md).", "../../docs/wire-format.md")]
    [InlineData("See [the spec](/docs/wire-format.md#3-values).", "/docs/wire-format.md#3-values")]
    [InlineData("[spec]: ../../docs/schema.md", "../../docs/schema.md")]
    [InlineData("See [the client](src/client.ts), [a heading](#schema-check) and [the spec](https://github.com/pack-dotnet/pack/blob/main/docs/wire-format.md).", null)]
    [InlineData("`[in code](../../docs/wire-format.md)`", null)]
    [InlineData("```md\n[in a fence](../../docs/wire-format.md)\n```", null)]
    public void LinksLeavingThePackage_Markdown_FindsOnlyRelativeLinksThatClimbOut(string markdown, string? expected)
    {
        string[] want = expected is null ? [] : [$"line 1: {expected}"];

        var escaping = LinksLeavingThePackage(markdown);

        Assert.Equal(want, escaping);
    }

    /// <summary>Relative link targets, outside code, that resolve to a path outside clients/typescript.</summary>
    private static List<string> LinksLeavingThePackage(string markdown)
    {
        var package = Path.GetFullPath(RepositoryPaths.Package);
        var escaping = new List<string>();
        var inFence = false;
        var number = 0;
        foreach (var raw in markdown.ReplaceLineEndings("\n").Split('\n'))
        {
            number++;
            if (raw.TrimStart().StartsWith("```", StringComparison.Ordinal))
            {
                inFence = !inFence;
                continue;
            }

            if (inFence)
            {
                continue;
            }

            var line = InlineCode().Replace(raw, "");
            var targets = new List<string>();
            foreach (Match link in InlineLink().Matches(line))
            {
                targets.Add(link.Groups["target"].Value.Trim('<', '>'));
            }

            if (ReferenceDefinition().Match(line) is { Success: true } definition)
            {
                targets.Add(definition.Groups["target"].Value.Trim('<', '>'));
            }

            foreach (var target in targets)
            {
                var path = target.Split('#', 2)[0];
                if (path.Length == 0 || Scheme().IsMatch(path))
                {
                    continue;
                }

                var full = path.StartsWith('/') ? path : Path.GetFullPath(Path.Combine(package, Uri.UnescapeDataString(path)));
                if (!full.StartsWith(package + Path.DirectorySeparatorChar, StringComparison.Ordinal))
                {
                    escaping.Add($"line {number}: {target}");
                }
            }
        }

        return escaping;
    }

    [GeneratedRegex(@"!?\[[^\]]*\]\((?<target>[^)\s]+)[^)]*\)")]
    private static partial Regex InlineLink();

    [GeneratedRegex(@"`[^`]*`")]
    private static partial Regex InlineCode();

    [GeneratedRegex(@"^\s{0,3}\[[^\]]+\]:\s*(?<target>\S+)")]
    private static partial Regex ReferenceDefinition();

    [GeneratedRegex(@"^[a-z][a-z0-9+.-]*:", RegexOptions.IgnoreCase)]
    private static partial Regex Scheme();
}

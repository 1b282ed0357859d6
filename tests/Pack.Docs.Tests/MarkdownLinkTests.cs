using System.Text;
using System.Text.RegularExpressions;

namespace Pack.Docs.Tests;

/// <summary>
/// Every relative link in README.md, the other top-level markdown files, docs/**/*.md, benchmarks/**/*.md and the package
/// pages (the npm README, every PACKAGE.md) resolves: the file or folder exists, and an <c>#anchor</c> names a heading of
/// the target file (GitHub's anchor rules). A link to this repository on GitHub (<c>https://github.com/pack-dotnet/pack/blob/main/...</c>),
/// in a link or as a bare URL, is checked as the repository path it names; the package pages, read on npmjs.com and
/// nuget.org, use only those.
/// </summary>
public sealed partial class MarkdownLinkTests
{
    public static TheoryData<string> MarkdownFiles
    {
        get
        {
            var root = RepositoryPaths.Root;
            var files = Directory.GetFiles(root, "*.md")
                .Concat(Directory.GetFiles(Path.Combine(root, "docs"), "*.md", SearchOption.AllDirectories))
                .Concat(Directory.GetFiles(Path.Combine(root, "benchmarks"), "*.md", SearchOption.AllDirectories)
                    .Where(f => !f.Contains("BenchmarkDotNet.Artifacts", StringComparison.Ordinal) && !IsBuildOutput(root, f)))
                .Select(f => Path.GetRelativePath(root, f).Replace('\\', '/'))
                .Concat(PackagePages)
                .Order(StringComparer.Ordinal);
            return new TheoryData<string>(files);
        }
    }

    /// <summary>The markdown published with a package, away from the repository: the npm README and each NuGet PACKAGE.md.</summary>
    public static IEnumerable<string> PackagePages => RepositoryPaths.PackagePages.Prepend(RepositoryPaths.NpmReadme);

    public static TheoryData<string> PackagePageData => new(PackagePages);

    [Fact]
    public void MarkdownFiles_IncludeThePackagePages()
    {
        var files = ((IEnumerable<object[]>)MarkdownFiles).Select(row => (string)row[0]).ToHashSet(StringComparer.Ordinal);

        Assert.Contains("src/Codec/PACKAGE.md", files);
        Assert.Contains("tools/Pack.Tool/PACKAGE.md", files);
        Assert.Contains(RepositoryPaths.NpmReadme, files);
        Assert.All(RepositoryPaths.PackagePages, page => Assert.Contains(page, files));
    }

    [Theory]
    [MemberData(nameof(PackagePageData))]
    public void Links_PackagePage_AreAbsoluteOrAnchors(string file)
    {
        // npmjs.com and nuget.org show the page without the repository around it: a relative link there is dead.
        var relative = Links(File.ReadAllText(Path.Combine(RepositoryPaths.Root, file)))
            .Where(l => !l.Target.StartsWith('#') && !IsRepositoryUrl(l.Target))
            .Select(l => $"{file}:{l.Line}: ({l.Target})")
            .ToList();

        Assert.True(relative.Count == 0, string.Join('\n', relative));
    }

    private static bool IsBuildOutput(string root, string path)
    {
        var relative = Path.GetRelativePath(root, path).Replace('\\', '/');
        return relative.Contains("/bin/", StringComparison.Ordinal) || relative.Contains("/obj/", StringComparison.Ordinal) || relative.Contains("/node_modules/", StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(MarkdownFiles))]
    public void Links_Relative_ResolveToFilesAndAnchors(string file)
    {
        var broken = new List<string>();
        foreach (var (line, target) in Links(File.ReadAllText(Path.Combine(RepositoryPaths.Root, file))))
        {
            if (Resolve(file, target) is { } problem)
            {
                broken.Add($"{file}:{line}: ({target}) {problem}");
            }
        }

        Assert.True(broken.Count == 0, string.Join('\n', broken));
    }

    [Fact]
    public void Links_Checker_FindsBrokenFileAndAnchor()
    {
        const string Markdown = """
            # Title

            See [missing](no-such-file.md), [anchor](#no-such-heading), [good](#title), `[code](nowhere.md)` and [web](https://example.com).

            ```bash
            echo [not a link](nowhere.md)
            ```
            """;

        var targets = Links(Markdown).Select(l => l.Target).ToList();

        Assert.Equal(["no-such-file.md", "#no-such-heading", "#title"], targets);
        Assert.NotNull(Resolve("README.md", "no-such-file.md"));
        Assert.NotNull(Resolve("README.md", "#no-such-heading-anywhere"));
        Assert.Null(Resolve("README.md", "docs/wire-format.md"));
        Assert.Null(Resolve("clients/typescript/README.md", RepositoryPaths.GitHubBlob + "docs/wire-format.md"));
        Assert.NotNull(Resolve("clients/typescript/README.md", RepositoryPaths.GitHubBlob + "docs/no-such-file.md"));
        Assert.NotNull(Resolve("clients/typescript/README.md", RepositoryPaths.GitHubBlob + "docs/wire-format.md#no-such-heading-anywhere"));
        Assert.Null(Resolve("src/Codec/PACKAGE.md", RepositoryPaths.GitHubTree + "docs/vectors"));
    }

    [Fact]
    public void Links_BareRepositoryUrls_AreCheckedToo()
    {
        // A PACKAGE.md ends with "Documentation: https://github.com/pack-dotnet/pack/blob/main/docs/....md": a bare URL,
        // which GitHub and nuget.org make a link.
        const string Markdown = """
            [other](https://github.com/dotnet/runtime/blob/main/README.md)
            Documentation: https://github.com/pack-dotnet/pack/blob/main/docs/client.md#refit.
            `https://github.com/pack-dotnet/pack/blob/main/in-code.md`
            """;

        var targets = Links(Markdown).Select(l => l.Target).ToList();

        Assert.Equal([RepositoryPaths.GitHubBlob + "docs/client.md#refit"], targets);
    }

    [Theory]
    [InlineData("8. Unions", "8-unions")]
    [InlineData("Compile-time generation and Native AOT", "compile-time-generation-and-native-aot")]
    [InlineData("What `Pack` supports", "what-pack-supports")]
    [InlineData("Refit", "refit")]
    [InlineData("Key equality (§5.1)", "key-equality-51")]
    public void Anchor_Heading_FollowsGitHubRules(string heading, string anchor) => Assert.Equal(anchor, Anchor(heading));

    /// <summary>Relative link targets and links to this repository on GitHub, outside code, with their line numbers.</summary>
    private static IEnumerable<(int Line, string Target)> Links(string markdown)
    {
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
            foreach (Match match in InlineLink().Matches(line))
            {
                var target = match.Groups["target"].Value.Trim().Split(' ')[0].Trim('<', '>');
                if (!IsExternal(target))
                {
                    yield return (number, target);
                }
            }

            if (ReferenceDefinition().Match(line) is { Success: true } definition)
            {
                if (!IsExternal(definition.Groups["target"].Value))
                {
                    yield return (number, definition.Groups["target"].Value);
                }

                continue;
            }

            // Bare URLs to this repository (GitHub and nuget.org make links of them).
            foreach (Match match in BareRepositoryUrl().Matches(InlineLink().Replace(line, "")))
            {
                yield return (number, match.Value.TrimEnd('.', ',', ';', ':'));
            }
        }
    }

    private static bool IsExternal(string target) => Scheme().IsMatch(target) && !IsRepositoryUrl(target);

    private static bool IsRepositoryUrl(string target)
        => target.StartsWith(RepositoryPaths.GitHubBlob, StringComparison.Ordinal) || target.StartsWith(RepositoryPaths.GitHubTree, StringComparison.Ordinal);

    /// <summary>Null when <paramref name="target"/>, linked from <paramref name="file"/>, resolves; otherwise what is wrong.</summary>
    private static string? Resolve(string file, string target)
    {
        var hash = target.IndexOf('#', StringComparison.Ordinal);
        var path = Uri.UnescapeDataString(hash < 0 ? target : target[..hash]);
        var anchor = hash < 0 ? null : target[(hash + 1)..];

        var fromDirectory = Path.GetDirectoryName(Path.Combine(RepositoryPaths.Root, file))!;
        foreach (var repository in new[] { RepositoryPaths.GitHubBlob, RepositoryPaths.GitHubTree })
        {
            if (path.StartsWith(repository, StringComparison.Ordinal))
            {
                // This repository on GitHub: the path after the branch, from the repository's root.
                (fromDirectory, path) = (RepositoryPaths.Root, path[repository.Length..]);
            }
        }

        var full = path.Length == 0 ? Path.Combine(RepositoryPaths.Root, file) : Path.GetFullPath(Path.Combine(fromDirectory, path));
        if (!File.Exists(full) && !Directory.Exists(full))
        {
            return "no such file or folder";
        }

        if (anchor is null or "" || !full.EndsWith(".md", StringComparison.OrdinalIgnoreCase) || !File.Exists(full))
        {
            return null;
        }

        return Anchors(File.ReadAllText(full)).Contains(anchor) ? null : $"no heading with anchor #{anchor} in {Path.GetRelativePath(RepositoryPaths.Root, full)}";
    }

    /// <summary>The anchors GitHub gives the headings of a markdown file (duplicates get -1, -2, …), plus explicit HTML ids.</summary>
    private static HashSet<string> Anchors(string markdown)
    {
        var anchors = new HashSet<string>(StringComparer.Ordinal);
        var seen = new Dictionary<string, int>(StringComparer.Ordinal);
        var inFence = false;
        foreach (var line in markdown.ReplaceLineEndings("\n").Split('\n'))
        {
            if (line.TrimStart().StartsWith("```", StringComparison.Ordinal))
            {
                inFence = !inFence;
                continue;
            }

            if (inFence)
            {
                continue;
            }

            if (Heading().Match(line) is { Success: true } heading)
            {
                var anchor = Anchor(heading.Groups["text"].Value);
                var count = seen.GetValueOrDefault(anchor);
                seen[anchor] = count + 1;
                anchors.Add(count == 0 ? anchor : $"{anchor}-{count}");
            }

            foreach (Match id in HtmlId().Matches(line))
            {
                anchors.Add(id.Groups["id"].Value);
            }
        }

        return anchors;
    }

    /// <summary>GitHub's heading anchor: the rendered text in lower case, punctuation dropped (but - and _), spaces as -.</summary>
    private static string Anchor(string heading)
    {
        var text = InlineLink().Replace(heading, m => m.Groups["text"].Value).Replace("`", "", StringComparison.Ordinal).Replace("*", "", StringComparison.Ordinal).Trim();
        var anchor = new StringBuilder(text.Length);
        foreach (var c in text.ToLowerInvariant())
        {
            if (char.IsLetterOrDigit(c) || c is '-' or '_')
            {
                anchor.Append(c);
            }
            else if (c == ' ')
            {
                anchor.Append('-');
            }
        }

        return anchor.ToString();
    }

    [GeneratedRegex(@"!?\[(?<text>[^\]]*)\]\((?<target>[^)]+)\)")]
    private static partial Regex InlineLink();

    [GeneratedRegex(@"https://github\.com/pack-dotnet/pack/(?:blob|tree)/main/[^\s)>\]""'`]+")]
    private static partial Regex BareRepositoryUrl();

    [GeneratedRegex(@"`[^`]*`")]
    private static partial Regex InlineCode();

    [GeneratedRegex(@"^\s{0,3}\[[^\]]+\]:\s*(?<target>\S+)")]
    private static partial Regex ReferenceDefinition();

    [GeneratedRegex(@"^[a-z][a-z0-9+.-]*:", RegexOptions.IgnoreCase)]
    private static partial Regex Scheme();

    [GeneratedRegex(@"^\s{0,3}#{1,6}\s+(?<text>.+?)\s*#*\s*$")]
    private static partial Regex Heading();

    [GeneratedRegex(@"<a\s+(?:name|id)=""(?<id>[^""]+)""")]
    private static partial Regex HtmlId();
}

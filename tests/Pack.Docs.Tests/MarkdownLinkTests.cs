using System.Text;
using System.Text.RegularExpressions;

namespace Pack.Docs.Tests;

/// <summary>
/// Every relative link in README.md, the other top-level markdown files and docs/**/*.md resolves: the file or folder
/// exists, and an <c>#anchor</c> names a heading of the target file (GitHub's anchor rules).
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
                .Select(f => Path.GetRelativePath(root, f).Replace('\\', '/'))
                .Order(StringComparer.Ordinal);
            return new TheoryData<string>(files);
        }
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
    }

    [Theory]
    [InlineData("8. Unions", "8-unions")]
    [InlineData("Compile-time generation and Native AOT", "compile-time-generation-and-native-aot")]
    [InlineData("What `Pack` supports", "what-pack-supports")]
    [InlineData("Refit", "refit")]
    [InlineData("Key equality (§5.1)", "key-equality-51")]
    public void Anchor_Heading_FollowsGitHubRules(string heading, string anchor) => Assert.Equal(anchor, Anchor(heading));

    /// <summary>Relative link targets outside code, with their line numbers.</summary>
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

            if (ReferenceDefinition().Match(line) is { Success: true } definition && !IsExternal(definition.Groups["target"].Value))
            {
                yield return (number, definition.Groups["target"].Value);
            }
        }
    }

    private static bool IsExternal(string target) => Scheme().IsMatch(target);

    /// <summary>Null when <paramref name="target"/>, linked from <paramref name="file"/>, resolves; otherwise what is wrong.</summary>
    private static string? Resolve(string file, string target)
    {
        var hash = target.IndexOf('#', StringComparison.Ordinal);
        var path = Uri.UnescapeDataString(hash < 0 ? target : target[..hash]);
        var anchor = hash < 0 ? null : target[(hash + 1)..];

        var fromDirectory = Path.GetDirectoryName(Path.Combine(RepositoryPaths.Root, file))!;
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

using System.Text.RegularExpressions;

namespace Pack.Docs.Tests.Snippets;

/// <summary>
/// Reads the fenced C# blocks of the top-level markdown files (README.md, CONTRIBUTING.md …), docs/**/*.md and every
/// package's PACKAGE.md at test time, so the tests compile exactly what a reader sees, on GitHub or on nuget.org. The
/// marker convention is documented in docs/contributing/snippets.md.
/// </summary>
public static partial class MarkdownSnippets
{
    private static readonly Lazy<IReadOnlyList<MarkdownSnippet>> Loaded = new(Load);

    /// <summary>Every C# block of every documentation file and package page, in file and line order.</summary>
    public static IReadOnlyList<MarkdownSnippet> All => Loaded.Value;

    /// <summary>The snippet with the given id (<c>file:line</c>).</summary>
    public static MarkdownSnippet Get(string id) => All.Single(s => s.Id == id);

    /// <summary>Parses the C# blocks of one markdown text.</summary>
    public static List<MarkdownSnippet> Parse(string file, string markdown)
    {
        var lines = markdown.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        var snippets = new List<MarkdownSnippet>();
        for (int i = 0; i < lines.Length; i++)
        {
            var open = Fence().Match(lines[i]);
            if (!open.Success)
            {
                continue;
            }

            string fence = open.Groups["fence"].Value;
            string language = open.Groups["info"].Value.Trim().Split(' ', 2)[0].ToLowerInvariant();
            int start = i;
            var body = new List<string>();
            for (i++; i < lines.Length && !IsClosing(lines[i], fence); i++)
            {
                body.Add(lines[i]);
            }

            if (i == lines.Length)
            {
                throw new InvalidDataException($"{file}:{start + 1}: the fenced block is never closed.");
            }

            if (language is not ("csharp" or "cs" or "c#"))
            {
                continue;
            }

            var (context, reason) = ReadMarker(file, lines, start);
            snippets.Add(new MarkdownSnippet(file, start + 1, string.Join('\n', body), context, reason));
        }

        return snippets;
    }

    private static bool IsClosing(string line, string fence)
    {
        string trimmed = line.Trim();
        return trimmed.Length >= fence.Length && trimmed.StartsWith(fence, StringComparison.Ordinal) && trimmed.TrimStart(fence[0]).Length == 0;
    }

    /// <summary>The marker is the last non-blank line before the fence, if it is a snippet comment.</summary>
    private static (string? Context, string? Reason) ReadMarker(string file, string[] lines, int fenceLine)
    {
        int j = fenceLine - 1;
        while (j >= 0 && lines[j].Trim().Length == 0)
        {
            j--;
        }

        if (j < 0)
        {
            return (null, null);
        }

        var marker = Marker().Match(lines[j].Trim());
        if (!marker.Success)
        {
            return (null, null);
        }

        string text = marker.Groups["text"].Value.Trim();
        if (text.StartsWith("not-compiled:", StringComparison.Ordinal))
        {
            string reason = text["not-compiled:".Length..].Trim();
            return reason.Length == 0 ? throw new InvalidDataException($"{file}:{j + 1}: 'not-compiled:' needs a reason.") : (null, reason);
        }

        if (text.StartsWith("context=", StringComparison.Ordinal))
        {
            return (text["context=".Length..].Trim(), null);
        }

        throw new InvalidDataException($"{file}:{j + 1}: unknown snippet marker '{text}' (expected 'context=NAME' or 'not-compiled: REASON').");
    }

    private static List<MarkdownSnippet> Load()
    {
        var root = RepositoryPaths.Root;
        var files = new List<string>(Directory.GetFiles(root, "*.md").Order(StringComparer.Ordinal));
        files.AddRange(Directory.GetFiles(Path.Combine(root, "docs"), "*.md", SearchOption.AllDirectories).Order(StringComparer.Ordinal));
        foreach (var page in RepositoryPaths.PackagePages)
        {
            files.Add(Path.Combine(root, page));
        }

        var snippets = new List<MarkdownSnippet>();
        foreach (var path in files)
        {
            snippets.AddRange(Parse(Path.GetRelativePath(root, path).Replace('\\', '/'), File.ReadAllText(path)));
        }

        return snippets;
    }

    [GeneratedRegex(@"^\s{0,3}(?<fence>`{3,}|~{3,})(?<info>[^`]*)$")]
    private static partial Regex Fence();

    [GeneratedRegex(@"^<!--\s*snippet:(?<text>.*?)-->$")]
    private static partial Regex Marker();
}

namespace Pack.Docs.Tests.Snippets;

/// <summary>One fenced C# block of a markdown file, with the snippet marker that precedes it, if any.</summary>
/// <param name="File">The markdown file, relative to the repository root, with forward slashes.</param>
/// <param name="Line">The 1-based line of the opening fence.</param>
/// <param name="Code">The block's text exactly as printed, without the fences.</param>
/// <param name="Context">The context named by <c>&lt;!-- snippet: context=NAME --&gt;</c>, or <see langword="null"/> for a complete program.</param>
/// <param name="NotCompiledReason">The reason given by <c>&lt;!-- snippet: not-compiled: REASON --&gt;</c>, or <see langword="null"/>.</param>
public sealed record MarkdownSnippet(string File, int Line, string Code, string? Context, string? NotCompiledReason)
{
    /// <summary>The id used in test names and messages: <c>file:line</c>.</summary>
    public string Id => $"{File}:{Line}";
}

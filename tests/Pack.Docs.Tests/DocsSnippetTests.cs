using Pack.Docs.Tests.Snippets;

namespace Pack.Docs.Tests;

/// <summary>
/// Every fenced C# block in the top-level markdown files, docs/**/*.md and each package's PACKAGE.md, read from the
/// markdown at test time, compiles exactly as printed (in its named context, if it has one), or is marked as not compiled
/// with a reason. See docs/contributing/snippets.md.
/// </summary>
public class DocsSnippetTests
{
    public static TheoryData<string> CompiledSnippets => new(MarkdownSnippets.All.Where(s => s.NotCompiledReason is null).Select(s => s.Id));

    [Theory]
    [MemberData(nameof(CompiledSnippets))]
    public void Snippet_AsPrinted_CompilesWithoutWarnings(string id)
    {
        var snippet = MarkdownSnippets.Get(id);

        var (assembly, problems) = SnippetCompiler.Compile(snippet);

        Assert.True(assembly is not null, $"{id} does not compile:\n{string.Join('\n', problems)}\n--- source ---\n{SnippetCompiler.ComposeSource(snippet)}");
    }

    [Fact]
    public void All_ReadmeDocsAndPackagePages_AreReadFromTheMarkdown()
    {
        var files = MarkdownSnippets.All.Select(s => s.File).ToHashSet();

        Assert.Contains("README.md", files);
        Assert.Contains("docs/aspnetcore.md", files);
        Assert.Contains("docs/client.md", files);
        Assert.Contains("src/Codec/PACKAGE.md", RepositoryPaths.PackagePages);
        Assert.Contains("tools/Pack.Tool/PACKAGE.md", RepositoryPaths.PackagePages);
        Assert.Contains("src/Codec/PACKAGE.md", files);
        Assert.Contains(MarkdownSnippets.All, s => s.File == "src/Refit/PACKAGE.md" && s.NotCompiledReason is null && s.Code.Contains("AddPackRefitClient<IOrdersApi>", StringComparison.Ordinal));
        Assert.Contains(MarkdownSnippets.All, s => s.File == "README.md" && s.Code.Contains("PackSerializer.Serialize(order)", StringComparison.Ordinal));
        Assert.Contains(MarkdownSnippets.All, s => s.File == "docs/generator.md" && s.NotCompiledReason is null && s.Code.Contains(": PackSerializerContext;", StringComparison.Ordinal));
    }

    [Fact]
    public void PackagePages_Snippets_AreCompleteProgramsWithoutMarkers()
    {
        // nuget.org renders no HTML: a <!-- snippet: ... --> marker would show as text above the code, so a package
        // page's C# blocks are whole programs, with their using lines, that compile without a context.
        var marked = MarkdownSnippets.All
            .Where(s => RepositoryPaths.PackagePages.Contains(s.File) && (s.Context is not null || s.NotCompiledReason is not null))
            .Select(s => s.Id)
            .ToList();

        Assert.True(marked.Count == 0, "Snippet markers on a package page: " + string.Join(", ", marked));
    }

    [Fact]
    public void Contexts_EveryContextFile_IsUsedBySomeSnippet()
    {
        var used = MarkdownSnippets.All.Select(s => s.Context).OfType<string>().ToHashSet();
        var files = Directory.GetFiles(SnippetCompiler.ContextDirectory, "*.cs").Select(f => Path.GetFileNameWithoutExtension(f)!).ToList();

        Assert.All(files, name => Assert.Contains(name, used));
    }

    [Fact]
    public void Parse_Markers_ReadContextReasonAndIgnoreOtherLanguages()
    {
        const string Markdown = """
            Text.

            <!-- snippet: context=quickstart-server -->
            ```csharp
            builder.Services.AddPack();
            ```

            <!-- snippet: not-compiled: shows a signature only -->
            ```cs
            void F() { ... }
            ```

            ```bash
            dotnet test
            ```

            ```csharp
            using Pack;
            ```
            """;

        var snippets = MarkdownSnippets.Parse("x.md", Markdown);

        Assert.Equal(3, snippets.Count);
        Assert.Equal(("quickstart-server", (string?)null, 4, "builder.Services.AddPack();"), (snippets[0].Context, snippets[0].NotCompiledReason, snippets[0].Line, snippets[0].Code));
        Assert.Equal("shows a signature only", snippets[1].NotCompiledReason);
        Assert.Null(snippets[2].Context);
        Assert.Null(snippets[2].NotCompiledReason);
    }

    [Theory]
    [InlineData("<!-- snippet: compile-me -->")]
    [InlineData("<!-- snippet: not-compiled: -->")]
    public void Parse_MalformedMarker_Throws(string marker)
    {
        Assert.Throws<InvalidDataException>(() => MarkdownSnippets.Parse("x.md", marker + "\n```csharp\nint x = 1;\n```\n"));
    }

    [Fact]
    public void Compile_ContextSnippet_RunsTheSourceGenerator()
    {
        var snippet = MarkdownSnippets.Parse("x.md", "```csharp\nusing Pack;\n\nbyte[] bytes = PackSerializer.Serialize(new Dto(1), new PackSerializerOptions { Resolvers = [DtoContext.Default] });\n\npublic sealed record Dto(int Id);\n\n[PackSerializable(typeof(Dto))]\ninternal partial class DtoContext : PackSerializerContext;\n```\n")[0];

        var (assembly, problems) = SnippetCompiler.Compile(snippet);

        Assert.True(assembly is not null, string.Join('\n', problems));
    }

    [Fact]
    public void Compile_SnippetWithAGeneratorError_FailsWithTheDiagnostic()
    {
        var snippet = MarkdownSnippets.Parse("x.md", "```csharp\nusing Pack;\n\npublic sealed class Dto { public object? Any { get; set; } }\n\n[PackSerializable(typeof(Dto))]\ninternal partial class DtoContext : PackSerializerContext;\n```\n")[0];

        var (assembly, problems) = SnippetCompiler.Compile(snippet);

        Assert.Null(assembly);
        Assert.Contains(problems, p => p.Contains("PACK003", StringComparison.Ordinal));
    }

    [Fact]
    public void Compile_SnippetMissingAUsing_FailsNamingTheMarkdownLine()
    {
        var snippet = MarkdownSnippets.Parse("x.md", "```csharp\nvar buffer = new ArrayBufferWriter<byte>();\n```\n")[0];

        var (assembly, problems) = SnippetCompiler.Compile(snippet);

        Assert.Null(assembly);
        Assert.Contains(problems, p => p.StartsWith("x.md(2,", StringComparison.Ordinal) && p.Contains("CS0246", StringComparison.Ordinal));
    }
}

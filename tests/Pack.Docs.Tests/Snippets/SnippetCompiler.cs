using System.Reflection;
using System.Text;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Pack.Docs.Tests.Snippets;

/// <summary>
/// Compiles a markdown snippet with Roslyn against the assemblies this test project runs with: the shared frameworks
/// (Microsoft.NETCore.App and Microsoft.AspNetCore.App) and every project it references. Adding an assembly for the
/// snippets is one ProjectReference in Pack.Docs.Tests.csproj.
/// </summary>
public static partial class SnippetCompiler
{
    /// <summary>The implicit usings of a default <c>Microsoft.NET.Sdk</c> project; every other namespace must be in the snippet.</summary>
    public static readonly IReadOnlyList<string> ImplicitUsings =
        ["System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading", "System.Threading.Tasks"];

    private const string SnippetMarker = "// <snippet>";

    private static readonly Lazy<IReadOnlyList<MetadataReference>> References = new(LoadReferences);

    private static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

    /// <summary>The folder holding the contexts (<c>NAME.cs</c>), in the source tree.</summary>
    public static string ContextDirectory { get; } = Path.Combine(RepositoryPaths.Root, "tests", "Pack.Docs.Tests", "Snippets", "Contexts");

    /// <summary>Builds the C# source of a snippet: the block itself, or the block placed in its context.</summary>
    public static string ComposeSource(MarkdownSnippet snippet)
    {
        var source = new StringBuilder();
        if (snippet.Context is null)
        {
            source.Append("#line ").Append(snippet.Line + 1).Append(" \"").Append(snippet.File).Append("\"\n");
            source.Append(snippet.Code).Append('\n');
            return source.ToString();
        }

        string path = Path.Combine(ContextDirectory, snippet.Context + ".cs");
        if (!File.Exists(path))
        {
            throw new InvalidDataException($"{snippet.Id}: the context '{snippet.Context}' does not exist ({path}).");
        }

        string context = File.ReadAllText(path).Replace("\r\n", "\n", StringComparison.Ordinal);
        int at = context.IndexOf(SnippetMarker, StringComparison.Ordinal);
        if (at < 0)
        {
            throw new InvalidDataException($"{path}: no '{SnippetMarker}' line.");
        }

        // The snippet's own using directives open the file; the context's text surrounds the rest.
        var lines = snippet.Code.Split('\n');
        int usingLines = 0;
        for (int i = 0; i < lines.Length; i++)
        {
            string line = lines[i].Trim();
            if (UsingDirective().IsMatch(line))
            {
                usingLines = i + 1;
            }
            else if (line.Length != 0 && !line.StartsWith("//", StringComparison.Ordinal))
            {
                break;
            }
        }

        source.Append("#line ").Append(snippet.Line + 1).Append(" \"").Append(snippet.File).Append("\"\n");
        source.AppendJoin('\n', lines[..usingLines]).Append('\n');
        source.Append("#line default\n").Append(context[..at]);
        source.Append("#line ").Append(snippet.Line + 1 + usingLines).Append(" \"").Append(snippet.File).Append("\"\n");
        source.AppendJoin('\n', lines[usingLines..]).Append('\n');
        source.Append("#line default\n").Append(context[(at + SnippetMarker.Length)..]);
        return source.ToString();
    }

    /// <summary>Compiles a snippet; returns the assembly's bytes and every error or warning (warnings count as failures).</summary>
    public static (byte[]? Assembly, IReadOnlyList<string> Problems) Compile(MarkdownSnippet snippet)
    {
        string source = ComposeSource(snippet);
        var tree = CSharpSyntaxTree.ParseText(source, ParseOptions, path: snippet.File, encoding: Encoding.UTF8);
        var implicitUsings = CSharpSyntaxTree.ParseText(string.Concat(ImplicitUsings.Select(n => $"global using global::{n};\n")), ParseOptions, path: "ImplicitUsings.g.cs");
        bool isProgram = tree.GetRoot().DescendantNodes().OfType<GlobalStatementSyntax>().Any();
        var options = new CSharpCompilationOptions(
                isProgram ? OutputKind.ConsoleApplication : OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: NullableContextOptions.Enable)
            .WithSpecificDiagnosticOptions(new Dictionary<string, ReportDiagnostic>
            {
                // Assembly-version unification, as the .NET SDK suppresses by default.
                ["CS1701"] = ReportDiagnostic.Suppress,
                ["CS1702"] = ReportDiagnostic.Suppress,
            });
        string name = "Snippet_" + Regex.Replace(snippet.Id, "[^A-Za-z0-9]", "_");
        Compilation compilation = CSharpCompilation.Create(name, [tree, implicitUsings], References.Value, options);

        // Pack's source generator runs as it does in a project referencing the Pack package (PackSerializerContext snippets);
        // its diagnostics (PACK001...) fail the snippet as they fail a build.
        CSharpGeneratorDriver.Create(new Pack.Generator.PackSourceGenerator())
            .WithUpdatedParseOptions((CSharpParseOptions)tree.Options)
            .RunGeneratorsAndUpdateCompilation(compilation, out compilation, out var generatorDiagnostics);
        using var stream = new MemoryStream();
        var result = compilation.Emit(stream);
        var problems = generatorDiagnostics.Concat(result.Diagnostics)
            .Where(d => d.Severity is DiagnosticSeverity.Error or DiagnosticSeverity.Warning)
            .Select(d => d.ToString())
            .ToList();
        return (result.Success && problems.Count == 0 ? stream.ToArray() : null, problems);
    }

    /// <summary>Compiles a snippet and loads it, or fails with the compiler's messages and the composed source.</summary>
    public static Assembly CompileAndLoad(MarkdownSnippet snippet)
    {
        var (bytes, problems) = Compile(snippet);
        if (bytes is null)
        {
            throw new InvalidOperationException($"{snippet.Id} does not compile:\n{string.Join('\n', problems)}\n--- source ---\n{ComposeSource(snippet)}");
        }

        return Assembly.Load(bytes);
    }

    private static List<MetadataReference> LoadReferences()
    {
        // The trusted platform assemblies are the shared frameworks plus everything in this project's deps.json.
        string paths = (string?)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES") ?? throw new InvalidOperationException("No TRUSTED_PLATFORM_ASSEMBLIES.");
        return paths.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Where(p => p.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToList();
    }

    [GeneratedRegex(@"^using\s+(static\s+)?[A-Za-z_][\w.]*\s*;$|^using\s+[A-Za-z_]\w*\s*=\s*[^;]+;$")]
    private static partial Regex UsingDirective();
}

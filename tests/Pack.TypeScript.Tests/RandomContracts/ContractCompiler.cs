using System.Reflection;
using System.Runtime.Loader;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>
/// Compiles a batch of random declarations in memory with Roslyn, twice: once as plain types (read and written by the
/// run-time path, reflection and emitted code) and once with a <c>PackSerializerContext</c> naming every root and Pack's
/// source generator (<c>PackSourceGenerator</c>) run on it, as Pack.Docs.Tests' SnippetCompiler does. Each assembly is
/// loaded into its own collectible <see cref="AssemblyLoadContext"/> that resolves everything else (Pack included) from
/// the test's own context, so both use the test's Pack.
/// </summary>
public static class ContractCompiler
{
    private static readonly Lazy<List<MetadataReference>> References = new(LoadReferences);

    private static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

    /// <summary>The C# source of a batch; with <paramref name="roots"/>, the context declaring them.</summary>
    public static string Source(string @namespace, IEnumerable<ContractDeclaration> declarations, IReadOnlyList<ContractTypeRef>? roots)
    {
        var source = new StringBuilder("#nullable enable\nusing System;\nusing System.Collections.Generic;\nusing System.Collections.Immutable;\nusing Pack;\n\n");
        source.Append("namespace ").Append(@namespace).Append(";\n\n");
        foreach (var declaration in declarations)
        {
            declaration.WriteSource(source);
        }

        if (roots is not null)
        {
            foreach (var root in roots)
            {
                source.Append("[PackSerializable(typeof(").Append(root.CSharp(annotations: false)).Append("))]\n");
            }

            source.Append("public partial class RandomContext : PackSerializerContext;\n");
        }

        return source.ToString();
    }

    /// <summary>Compiles and loads <paramref name="source"/>, running the generator when <paramref name="generate"/>; throws with every error.</summary>
    public static Assembly CompileAndLoad(string name, string source, bool generate)
    {
        var tree = CSharpSyntaxTree.ParseText(source, ParseOptions, path: name + ".cs", encoding: Encoding.UTF8);
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable)
            .WithSpecificDiagnosticOptions(new Dictionary<string, ReportDiagnostic> { ["CS1701"] = ReportDiagnostic.Suppress, ["CS1702"] = ReportDiagnostic.Suppress });
        Compilation compilation = CSharpCompilation.Create(name, [tree], References.Value, options);
        var problems = new List<Diagnostic>();
        if (generate)
        {
            CSharpGeneratorDriver.Create(new Pack.Generator.PackSourceGenerator())
                .WithUpdatedParseOptions(ParseOptions)
                .RunGeneratorsAndUpdateCompilation(compilation, out compilation, out var generatorDiagnostics);
            // Every PACK diagnostic is a contract the generator refused (or warned about): the random contracts are all valid.
            problems.AddRange(generatorDiagnostics);
        }

        using var stream = new MemoryStream();
        var result = compilation.Emit(stream);
        problems.AddRange(result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error || d.Id.StartsWith("PACK", StringComparison.Ordinal)));
        if (!result.Success || problems.Count > 0)
        {
            var numbered = string.Join('\n', source.Split('\n').Select((line, i) => $"{i + 1,4}  {line}"));
            throw new InvalidOperationException($"{name} does not compile{(generate ? " with the generator" : "")}:\n{string.Join('\n', problems.Take(20))}\n--- source ---\n{numbered}");
        }

        stream.Position = 0;
        return new ContractLoadContext(name).LoadFromStream(stream);
    }

    /// <summary>
    /// Runs the source generator on <paramref name="source"/> without loading anything: the generator's diagnostics,
    /// and the compilation's errors once the generated code is in (a contract the generator accepts must compile).
    /// </summary>
    public static (IReadOnlyList<Diagnostic> Generator, IReadOnlyList<Diagnostic> Errors) Generate(string name, string source)
    {
        var tree = CSharpSyntaxTree.ParseText(source, ParseOptions, path: name + ".cs", encoding: Encoding.UTF8);
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable);
        Compilation compilation = CSharpCompilation.Create(name, [tree], References.Value, options);
        CSharpGeneratorDriver.Create(new Pack.Generator.PackSourceGenerator())
            .WithUpdatedParseOptions(ParseOptions)
            .RunGeneratorsAndUpdateCompilation(compilation, out compilation, out var generatorDiagnostics);
        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        return (generatorDiagnostics, errors);
    }

    private static List<MetadataReference> LoadReferences()
    {
        string paths = (string?)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES") ?? throw new InvalidOperationException("No TRUSTED_PLATFORM_ASSEMBLIES.");
        return paths.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Where(p => p.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
            .Where(p => Path.GetFileName(p) is var file && (file.StartsWith("System.", StringComparison.Ordinal) || file is "mscorlib.dll" or "netstandard.dll" or "Pack.dll"))
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToList();
    }

    /// <summary>Collectible; everything but the compiled assembly comes from the default context (one Pack for all).</summary>
    private sealed class ContractLoadContext(string name) : AssemblyLoadContext(name, isCollectible: true)
    {
        protected override Assembly? Load(AssemblyName assemblyName) => null;
    }
}

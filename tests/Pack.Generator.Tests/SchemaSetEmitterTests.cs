using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Pack.Generator.Tests;

/// <summary>The generated file behind the PackSchemaFile build option: only when the option is set, and a comment that holds any schema.</summary>
public class SchemaSetEmitterTests
{
    private const string Source = """
        using Pack;
        namespace App;
        /// <summary>A record whose default closes a C# comment.</summary>
        public sealed record Note(string Text = "a*/b");
        /// <summary>The context.</summary>
        [PackSerializable(typeof(Note))]
        public partial class AppContext : PackSerializerContext;
        """;

    [Fact]
    public void Run_PackSchemaFileSet_EmitsTheSchemaSetInACommentThatCompiles()
    {
        var (generated, output) = Run(packSchemaFile: "schema/contracts.json");

        string set = Assert.Single(generated, g => g.HintName == "PackSchemaSet.g.cs").SourceText.ToString();
        Assert.Contains("/* pack-schema-set\n{\n  \"format\": \"pack-schema-set/1\",", set, StringComparison.Ordinal);
        Assert.Contains("\"default\": \"a*\\/b\"", set, StringComparison.Ordinal);
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
    }

    [Fact]
    public void Run_PackSchemaFileNotSet_EmitsNoSchemaSet()
    {
        var (generated, _) = Run(packSchemaFile: null);

        Assert.DoesNotContain(generated, g => g.HintName == "PackSchemaSet.g.cs");
    }

    private static (ImmutableArray<GeneratedSourceResult> Generated, Compilation Output) Run(string? packSchemaFile)
    {
        var parse = new CSharpParseOptions(LanguageVersion.Preview);
        var compilation = CSharpCompilation.Create("Generated", [CSharpSyntaxTree.ParseText(Source, parse)], GeneratorDriverTests.References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            [new PackSourceGenerator().AsSourceGenerator()], parseOptions: parse, optionsProvider: new Options(packSchemaFile));
        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out _);
        return (driver.GetRunResult().Results[0].GeneratedSources, output);
    }

    private sealed class Options(string? packSchemaFile) : AnalyzerConfigOptionsProvider
    {
        public override AnalyzerConfigOptions GlobalOptions { get; } = new Values(packSchemaFile);

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => new Values(null);

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => new Values(null);
    }

    private sealed class Values(string? packSchemaFile) : AnalyzerConfigOptions
    {
        public override bool TryGetValue(string key, [NotNullWhen(true)] out string? value)
        {
            value = key == "build_property.PackSchemaFile" ? packSchemaFile : null;
            return value is not null;
        }
    }
}

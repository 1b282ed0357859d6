using System.Collections;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Pack.Generator.Tests;

/// <summary>
/// The generator is incremental: an edit that leaves a context and the types it reaches as they were stops at the first
/// step (its model equals the previous run's), and an edit to a reachable type flows through to a new source.
/// </summary>
public class PackSourceGeneratorTests
{
    private const string DtoFile = """
        using System.Collections.Generic;
        namespace App;
        public sealed class Order
        {
            public int Id { get; set; }
            public List<Line> Lines { get; set; } = new();
            public override string ToString() => "Order " + Id;
        }
        public sealed record Line(string Name, int Quantity);
        """;

    private const string ContextFile = """
        using Pack;
        namespace App;
        [PackSerializable(typeof(Order))]
        internal partial class AppContext : PackSerializerContext;
        """;

    private static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Preview);

    private static readonly string[] StepNames = [TrackingNames.Contexts, TrackingNames.Models, TrackingNames.Diagnostics];

    [Fact]
    public void Run_FirstRun_TracksEveryStepAsNew()
    {
        var (driver, _) = FirstRun(DtoFile, ContextFile);

        var result = driver.GetRunResult().Results.Single();

        Assert.All(StepNames, name => Assert.All(Reasons(result, name), reason => Assert.Equal(IncrementalStepRunReason.New, reason)));
        Assert.Contains(result.GeneratedSources, s => s.HintName == "App.AppContext.Pack.g.cs");
    }

    [Fact]
    public void Run_UnrelatedFileAdded_ReusesEveryStep()
    {
        var (driver, compilation) = FirstRun(DtoFile, ContextFile);

        var next = compilation.AddSyntaxTrees(Tree("namespace App; public static class Unrelated { public static int Answer() => 42; }", "Unrelated.cs"));
        var result = driver.RunGenerators(next).GetRunResult().Results.Single();

        AssertReused(result, StepNames);
    }

    [Fact]
    public void Run_MethodBodyOfReachableTypeChanged_ReusesEveryStep()
    {
        var (driver, compilation) = FirstRun(DtoFile, ContextFile);

        var next = Replace(compilation, "Dto.cs", DtoFile.Replace("\"Order \" + Id", "$\"Order #{Id}\"", StringComparison.Ordinal));
        var result = driver.RunGenerators(next).GetRunResult().Results.Single();

        AssertReused(result, StepNames);
    }

    [Fact]
    public void Run_MemberAddedToReachableType_ModifiesTheModelAndTheSource()
    {
        var (driver, compilation) = FirstRun(DtoFile, ContextFile);

        var next = Replace(compilation, "Dto.cs", DtoFile.Replace("public int Id { get; set; }", "public int Id { get; set; } public string? Note { get; set; }", StringComparison.Ordinal));
        var result = driver.RunGenerators(next).GetRunResult().Results.Single();

        Assert.Contains(IncrementalStepRunReason.Modified, Reasons(result, TrackingNames.Contexts));
        Assert.Contains(IncrementalStepRunReason.Modified, Reasons(result, TrackingNames.Models));
        string source = result.GeneratedSources.Single().SourceText.ToString();
        Assert.Contains("value.Note", source, StringComparison.Ordinal);
    }

    [Fact]
    public void Run_RootAddedToContext_ModifiesTheModel()
    {
        var (driver, compilation) = FirstRun(DtoFile, ContextFile);

        var next = Replace(compilation, "Context.cs", ContextFile.Replace("[PackSerializable(typeof(Order))]", "[PackSerializable(typeof(Order))] [PackSerializable(typeof(Line[]))]", StringComparison.Ordinal));
        var result = driver.RunGenerators(next).GetRunResult().Results.Single();

        Assert.Contains(IncrementalStepRunReason.Modified, Reasons(result, TrackingNames.Models));
        Assert.Contains("typeof(global::App.Line[])", result.GeneratedSources.Single().SourceText.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void Run_LineInsertedAboveAFailingContext_MovesTheDiagnosticWithoutReemitting()
    {
        const string dto = "namespace App; public sealed class Dto { public object? Any { get; set; } public int Id { get; set; } }";
        var (driver, compilation) = FirstRun(dto, ContextFile.Replace("typeof(Order)", "typeof(Dto)", StringComparison.Ordinal));
        var first = driver.GetRunResult().Diagnostics.Single(d => d.Id == "PACK003");

        var next = Replace(compilation, "Context.cs", "// A comment that moves the context down a line.\n" + ContextFile.Replace("typeof(Order)", "typeof(Dto)", StringComparison.Ordinal));
        var run = driver.RunGenerators(next).GetRunResult();
        var result = run.Results.Single();
        var moved = run.Diagnostics.Single(d => d.Id == "PACK003");

        Assert.Equal(first.Location.GetLineSpan().StartLinePosition.Line + 1, moved.Location.GetLineSpan().StartLinePosition.Line);
        Assert.Contains(IncrementalStepRunReason.Modified, Reasons(result, TrackingNames.Diagnostics));
        Assert.All(Reasons(result, TrackingNames.Models), reason => Assert.True(reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, reason.ToString()));
    }

    [Fact]
    public void Run_UnsupportedMember_ReportsTheDiagnosticAtTheRootAttribute()
    {
        const string dto = "namespace App; public sealed class Dto { public object? Any { get; set; } }";
        var (driver, _) = FirstRun(dto, ContextFile.Replace("typeof(Order)", "typeof(Dto)", StringComparison.Ordinal));

        var diagnostic = driver.GetRunResult().Diagnostics.Single(d => d.Id == "PACK003");

        var span = diagnostic.Location.GetLineSpan();
        Assert.Equal("Context.cs", span.Path);
        Assert.Equal(2, span.StartLinePosition.Line);
        Assert.Equal("PackSerializable(typeof(Dto))", ContextFile.Replace("typeof(Order)", "typeof(Dto)", StringComparison.Ordinal).Substring(diagnostic.Location.SourceSpan.Start, diagnostic.Location.SourceSpan.Length));
    }

    [Fact]
    public void Run_UnrelatedFileAddedToContextWithEveryKindOfFact_ReusesEveryStep()
    {
        // Constants (defaults of every built-in kind), accessors of a generic type and of a base type's members, a
        // constructor reached through an accessor, instance fields, a nested context and a frozen struct: each is a fact
        // record of the model, which must compare equal when nothing it describes changed.
        const string shapes = """
            using System.Collections.Generic;
            using Pack;
            namespace App;
            public enum Status : byte { Open, Closed }
            public sealed record Line(string Name = "x", int Quantity = 1, double Price = 1.5, float Rate = float.NaN, char Mark = 'a', bool On = true, Status Status = Status.Closed, long? Big = 7);
            public class Entity { public int Id { get; private set; } }
            public sealed class Order : Entity
            {
                [PackConstructor]
                private Order(int number, List<Line> lines) { Number = number; Lines = lines; }
                public int Number { get; }
                public List<Line> Lines { get; }
                public Box<string> Tag { get; set; } = new();
                public Point At { get; set; }
            }
            public sealed class Box<T> { private T? _value; public T? Value { get => _value; init => _value = value; } }
            public struct Point { public int X; public int Y; }
            """;
        const string context = """
            using Pack;
            namespace App;
            public partial class Outer
            {
                [PackSerializable(typeof(Order))]
                internal partial class AppContext : PackSerializerContext;
            }
            """;
        var (driver, compilation) = FirstRun(shapes, context);
        Assert.Empty(driver.GetRunResult().Diagnostics);

        var next = compilation.AddSyntaxTrees(Tree("namespace App; public static class Unrelated { public static int Answer() => 42; }", "Unrelated.cs"));
        var result = driver.RunGenerators(next).GetRunResult().Results.Single();

        AssertReused(result, StepNames);
    }

    [Fact]
    public void Run_EveryTrackedOutput_HoldsNoSymbolSyntaxOrCompilation()
    {
        const string shapes = """
            using System.Collections.Generic;
            namespace App;
            public sealed class Order { public int Id { get; init; } public List<Line> Lines { get; set; } = new(); public Dictionary<string, int?>? Tags { get; set; } public Status Status { get; private set; } public object? Bad { get; set; } }
            public sealed record Line(string Name, int Quantity = 1);
            public enum Status { Open, Closed }
            """;
        var (driver, _) = FirstRun(shapes, ContextFile);

        var result = driver.GetRunResult().Results.Single();

        foreach (string name in StepNames)
        {
            foreach (var (value, _) in result.TrackedSteps[name].SelectMany(static s => s.Outputs))
            {
                AssertPlainValues(value, name, new HashSet<object>(ReferenceEqualityComparer.Instance));
            }
        }
    }

    private static void AssertPlainValues(object? value, string path, HashSet<object> seen)
    {
        if (value is null || value is string || value.GetType().IsPrimitive || value.GetType().IsEnum || value is DiagnosticDescriptor || !seen.Add(value))
        {
            return;
        }

        Assert.False(
            value is ISymbol or SyntaxNode or SyntaxTree or Compilation or SemanticModel or Location,
            $"{path} holds a {value.GetType().Name}, which is new in every compilation, so the step's output never compares equal.");
        if (value is IEnumerable sequence)
        {
            int i = 0;
            foreach (object? item in sequence)
            {
                AssertPlainValues(item, $"{path}[{i++}]", seen);
            }

            return;
        }

        foreach (var field in value.GetType().GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
        {
            AssertPlainValues(field.GetValue(value), path + "." + field.Name, seen);
        }
    }

    private static void AssertReused(GeneratorRunResult result, string[] names)
    {
        foreach (string name in names)
        {
            var reasons = Reasons(result, name);
            Assert.NotEmpty(reasons);
            Assert.All(reasons, reason => Assert.True(reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, $"{name}: {reason}"));
        }

        Assert.All(result.TrackedOutputSteps.SelectMany(static s => s.Value).SelectMany(static s => s.Outputs), output => Assert.Equal(IncrementalStepRunReason.Cached, output.Reason));
    }

    private static List<IncrementalStepRunReason> Reasons(GeneratorRunResult result, string name)
    {
        Assert.True(result.TrackedSteps.ContainsKey(name), $"No step named {name}: {string.Join(", ", result.TrackedSteps.Keys)}");
        return result.TrackedSteps[name].SelectMany(static s => s.Outputs).Select(static o => o.Reason).ToList();
    }

    private static (GeneratorDriver Driver, Compilation Compilation) FirstRun(string dto, string context)
    {
        var compilation = CSharpCompilation.Create(
            "Incremental",
            [Tree(dto, "Dto.cs"), Tree(context, "Context.cs")],
            GeneratorDriverTests.References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            [new PackSourceGenerator().AsSourceGenerator()],
            parseOptions: ParseOptions,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
        return (driver.RunGenerators(compilation), compilation);
    }

    private static SyntaxTree Tree(string source, string path) => CSharpSyntaxTree.ParseText(source, ParseOptions, path);

    private static Compilation Replace(Compilation compilation, string path, string source)
        => compilation.ReplaceSyntaxTree(compilation.SyntaxTrees.Single(t => t.FilePath == path), Tree(source, path));
}

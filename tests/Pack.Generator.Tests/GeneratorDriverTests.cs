using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Pack.Generator.Tests;

/// <summary>
/// Drives the generator on source strings: what compiles cleanly, and which diagnostic each unsupported shape gets.
/// (docs/generator.md's snippet is compiled with the generator by tests/Pack.Docs.Tests, like every docs snippet.)
/// </summary>
public class GeneratorDriverTests
{
    internal static readonly ImmutableArray<MetadataReference> References = BuildReferences();

    [Fact]
    public void Run_SupportedShapes_GeneratesCodeThatCompilesWithoutDiagnostics()
    {
        const string source = """
            using System.Collections.Generic;
            using Pack;
            namespace App;
            public sealed record Line(int Sku, int Quantity);
            public sealed class Order { public int Id { get; init; } public List<Line> Lines { get; set; } = new(); public Dictionary<string, int?>? Tags { get; set; } public Status Status { get; private set; } }
            public enum Status { Open, Closed }
            public struct Point { public int X; public int Y; }
            public sealed class Box<T> { public T? Value { get; init; } public int Count { get; private set; } }
            /// <summary>The context.</summary>
            [PackSerializable(typeof(Order))]
            [PackSerializable(typeof(Point[]))]
            [PackSerializable(typeof(Box<Line>))]
            public partial class AppContext : PackSerializerContext;
            """;

        var (diagnostics, output) = Run(source);

        Assert.Empty(diagnostics);
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning && d.Id != "CS1591"));
        Assert.Empty(output.GetDiagnostics().Where(d => d.Location.SourceTree?.FilePath.EndsWith(".g.cs", StringComparison.Ordinal) == true));
    }

    [Theory]
    [InlineData("public sealed class Dto { [PackOrder(1)] public int A { get; set; } [PackOrder(0)] public int B { get; set; } public int Sum => A + B; }")]
    [InlineData("public struct Dto { [PackOrder(1)] public int A { get; set; } public readonly int Twice => A * 2; }")]
    [InlineData("public sealed record Dto([property: PackOrder(1)] int A, [property: PackOrder(0)] string B) { public int Length => B.Length; [PackOrder(0)] public int Shadow => A; }")]
    public void Run_PackOrderBesideAComputedProperty_IsNotMixedOrder(string declaration)
    {
        // wire-format §6.3: a get-only property that no constructor parameter binds is not a member, so [PackOrder] on
        // every member is complete without it (and its own order, if any, counts for nothing). PACK011 and PACK012 were
        // judged on every public property (found by tests/Pack.TypeScript.Tests/RandomContracts).
        var (diagnostics, output) = Run("using Pack; namespace App; " + declaration + " [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;");

        Assert.Empty(diagnostics);
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
    }

    [Fact]
    public void Run_ContextsNestedInPartialTypes_GenerateCodeThatCompilesWithoutDiagnostics()
    {
        const string source = """
            using System.Collections.Generic;
            using Pack;
            namespace App;
            public sealed class Box<T> { public T? Value { get; init; } public int Count { get; private set; } }
            /// <summary>Holds a context that reaches its private types.</summary>
            public static partial class Api
            {
                private sealed record Secret(int Id, string Name);
                /// <summary>An order.</summary>
                public sealed class Order { /// <summary>Its id.</summary>
                    public int Id { get; set; } }
                [PackSerializable(typeof(Secret))]
                [PackSerializable(typeof(Order))]
                internal partial class Ctx : PackSerializerContext;
            }
            internal partial struct Holder
            {
                internal partial record Inner
                {
                    [PackSerializable(typeof(List<Api.Order>))]
                    private protected partial class Ctx : PackSerializerContext;
                }
            }
            internal readonly partial record struct Pair(int X, int Y)
            {
                [PackSerializable(typeof(Api.Order[]))]
                internal partial class Ctx : PackSerializerContext;
            }
            internal sealed partial class Outer
            {
                internal static partial class Middle
                {
                    [PackSerializable(typeof(Box<long>))]
                    internal partial class Ctx : PackSerializerContext;
                }
            }
            internal ref partial struct Span
            {
                [PackSerializable(typeof(Api.Order))]
                internal partial class Ctx : PackSerializerContext;
            }
            internal partial interface IHost
            {
                [PackSerializable(typeof(Api.Order))]
                internal partial class Ctx : PackSerializerContext;
            }
            """;

        var (diagnostics, output) = Run(source);

        Assert.Empty(diagnostics);
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning && d.Id != "CS1591"));
        Assert.Equal(
            ["App.Api.Ctx.Pack.g.cs", "App.Holder.Inner.Ctx.Pack.g.cs", "App.IHost.Ctx.Pack.g.cs", "App.Outer.Middle.Ctx.Pack.g.cs", "App.Pair.Ctx.Pack.g.cs", "App.Span.Ctx.Pack.g.cs"],
            output.SyntaxTrees.Select(t => Path.GetFileName(t.FilePath)).Where(n => n.EndsWith(".g.cs", StringComparison.Ordinal)).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Run_ContextInNonPartialType_NamesThatTypeInTheDiagnostic()
    {
        var (diagnostics, _) = Run("using Pack; namespace App; public sealed class Dto { public int A { get; set; } } public partial class Outer { public class Middle { [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext; } }");

        var diagnostic = Assert.Single(diagnostics);
        Assert.Equal("PACK009", diagnostic.Id);
        Assert.Contains("'Middle', which is not partial", diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void Run_ObjectFormatter_SerializeToBufferWriterHoldsTheBodyItself()
    {
        // The JIT sizes its inlining budget by the method it compiles: a one-line SerializeToBufferWriter that forwards to
        // a helper inlines the helper and then runs out of budget for the writer's own methods (W6's second string and
        // the object end stayed calls, 1.14x the IL path's time), so the body must be the entry point's own.
        var (diagnostics, output) = Run("using Pack; namespace App; public sealed class Dto { public int A { get; set; } public int B { get; set; } public string? Name { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;");

        Assert.Empty(diagnostics);
        var generated = Assert.Single(output.SyntaxTrees, t => t.FilePath.EndsWith(".g.cs", StringComparison.Ordinal));
        var method = Assert.Single(
            generated.GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>(),
            m => m.Identifier.Text == "SerializeToBufferWriter");
        Assert.Null(method.ExpressionBody);
        var calls = method.Body!.DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.InvocationExpressionSyntax>().Select(c => c.Expression.ToString()).ToList();
        Assert.Contains("writer.WriteObjectStart", calls);
        Assert.Contains("writer.WriteString", calls);
        Assert.Contains("writer.WriteObjectEnd", calls);
    }

    [Theory]
    [InlineData("PACK001", "public sealed class Dto { public int A { get; set; } } [PackSerializable(typeof(Dto))] internal class Ctx : PackSerializerContext { public override Pack.Formatters.PackFormatter<T>? GetFormatter<T>() => null; }")]
    [InlineData("PACK002", "public sealed class Dto { public int A { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx;")]
    [InlineData("PACK003", "public sealed class Dto { public object? Any { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK003", "public sealed class Dto { public List<object>? Items { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK004", "public sealed class Dto { public int[,]? Grid { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK005", "public sealed class Dto { public Queue<int>? Queue { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK005", "public abstract class Base { } public sealed class Dto { public Base? Value { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK005", "public sealed class Dto { public Action? Callback { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK011", "public sealed class Dto { [PackOrder(1)] public int A { get; set; } public int B { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK012", "public sealed class Dto { [PackOrder(1)] public int A { get; set; } [PackOrder(1)] public int B { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK013", "public sealed class Dto { public Dto(int other) { } public int A { get; } } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK007", "public static class Outer { private sealed class Hidden { public int A { get; set; } } [System.Runtime.Serialization.DataContract] public sealed class Dto { [System.Runtime.Serialization.DataMember] private Hidden? H { get; set; } } } [PackSerializable(typeof(Outer.Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK008", "#pragma warning disable CS0693\npublic sealed class Outer<T> { public sealed class Box<T> { public T Value { get; init; } } } [PackSerializable(typeof(Outer<int>.Box<long>))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK008", "#pragma warning disable CS0693\npublic abstract class Outer<T> { public abstract class Base<T> { public T Id { get; protected set; } } } public sealed class Dto : Outer<int>.Base<long> { } [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK009", "public sealed class Dto { public int A { get; set; } } public class Outer { [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext; }")]
    [InlineData("PACK009", "public sealed class Dto { public int A { get; set; } } public partial class Outer { public class Middle { [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext; } }")]
    [InlineData("PACK009", "public sealed class Dto { public int A { get; set; } } public partial class Outer<T> { [PackSerializable(typeof(Dto))] internal partial class Ctx : PackSerializerContext; }")]
    [InlineData("PACK009", "public sealed class Dto { public int A { get; set; } } [PackSerializable(typeof(Dto))] internal partial class Ctx<T> : PackSerializerContext;")]
    [InlineData("PACK019", "[System.Text.Json.Serialization.JsonDerivedType(typeof(Case), \"case\")] public abstract class Base { } public sealed class Case : Base { } [PackSerializable(typeof(Base))] internal partial class Ctx : PackSerializerContext;")]
    [InlineData("PACK017", "[PackUnion(1, typeof(Case))] [PackUnion(1, typeof(Other))] public abstract class Base { } public sealed class Case : Base { } public sealed class Other : Base { } [PackSerializable(typeof(Base))] internal partial class Ctx : PackSerializerContext;")]
    public void Run_UnsupportedShape_ReportsItsDiagnostic(string id, string declarations)
    {
        var (diagnostics, _) = Run("using System; using System.Collections.Generic; using Pack; namespace App; " + declarations);

        Assert.Contains(diagnostics, d => d.Id == id && d.Severity == DiagnosticSeverity.Error);
    }

    [Fact]
    public void Run_GenericTypeWhoseUnusedArgumentPackCannotDescribe_ReportsItOnlyWhereAValueIsTyped()
    {
        // The argument only names Tagged<object> (docs/schema.md §1.2): no value of it is written, so nothing is reported
        // for it (the root has no schema, as PackSchema.For refuses it at run time); a member typed object still is.
        const string Declarations = "using Pack; namespace App; public sealed class Tagged<T> { public int Id { get; set; } } public sealed class Holder { public object? Other { get; set; } } ";

        var (alone, aloneOutput) = Run(Declarations + "[PackSerializable(typeof(Tagged<object>))] internal partial class Ctx : PackSerializerContext;");
        var (both, _) = Run(Declarations + "[PackSerializable(typeof(Tagged<object>))] [PackSerializable(typeof(Holder))] internal partial class Ctx : PackSerializerContext;");

        Assert.DoesNotContain(alone, d => d.Severity == DiagnosticSeverity.Error);
        Assert.DoesNotContain(aloneOutput.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
        var diagnostic = Assert.Single(both, d => d.Severity == DiagnosticSeverity.Error);
        Assert.Equal("PACK003", diagnostic.Id);
        Assert.StartsWith("App.Holder.Other ", diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void Run_GenericRecordNestedInANonGenericType_ReportsNothing()
    {
        // Found by the random contract check: PACK008 is for types nested in a generic type, not in any type.
        var (diagnostics, output) = Run("using Pack; namespace App; public static class Outer { public sealed record Box<T>(T Value, int Count); } [PackSerializable(typeof(Outer.Box<string>))] internal partial class Ctx : PackSerializerContext;");

        Assert.Empty(diagnostics);
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
    }

    [Theory]
    [InlineData("public abstract class Entity<TId> { public TId Id { get; protected set; } = default!; } public abstract class Audited<T> : Entity<T> { public DateTime Modified { get; private set; } public required string By { get; init; } } public sealed class Order : Audited<Guid> { public string? Name { get; set; } }", "Order")]
    [InlineData("public sealed class Box<T> where T : struct, IComparable<T> { public T Value { get; init; } }", "Box<int>")]
    [InlineData("public static class Outer<T> where T : notnull { public sealed class Inner<U> where U : class, new() { private Inner() { } [PackConstructor] private Inner(T key) => Key = key; public T Key { get; } public U? Value { get; private set; } } }", "Outer<string>.Inner<List<int>>")]
    [InlineData("public abstract class Base<T> where T : unmanaged { public T Raw { get; private set; } } public sealed class Dto<U> : Base<long> where U : notnull { public U Tag { get; init; } = default!; }", "Dto<string>")]
    public void Run_NonPublicMembersOfGenericTypesAndBases_ReportsNothing(string declarations, string root)
    {
        // Issue 42: PACK008 refused these (the DDD Entity<TId> base, constrained parameters, nesting in a generic type).
        var (diagnostics, output) = Run("using System; using System.Collections.Generic; using Pack; namespace App; " + declarations + " [PackSerializable(typeof(" + root + "))] internal partial class Ctx : PackSerializerContext;");

        Assert.Empty(diagnostics);
        var declared = output.SyntaxTrees.First();
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error || (d.Severity == DiagnosticSeverity.Warning && d.Location.SourceTree != declared)));
    }

    [Fact]
    public void Run_TypeParameterNameRepeatedByANestedType_NamesThatReason()
    {
        var (diagnostics, _) = Run("#pragma warning disable CS0693\nusing Pack; namespace App; public sealed class Outer<T> { public sealed class Box<T> { public T Value { get; init; } } } [PackSerializable(typeof(Outer<int>.Box<long>))] internal partial class Ctx : PackSerializerContext;");

        var diagnostic = Assert.Single(diagnostics);
        string message = diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        Assert.Equal("PACK008", diagnostic.Id);
        Assert.Contains("'Value'", message, StringComparison.Ordinal);
        Assert.Contains("the name 'T' twice", message, StringComparison.Ordinal);
        Assert.DoesNotContain("constrained", message, StringComparison.Ordinal);
    }

    internal static (ImmutableArray<Diagnostic> Diagnostics, Compilation Output) Run(string source)
    {
        // Documentation comments are checked, as in a project that generates its XML documentation.
        var parse = new CSharpParseOptions(LanguageVersion.Preview, DocumentationMode.Diagnose);
        var compilation = CSharpCompilation.Create(
            "Generated",
            [CSharpSyntaxTree.ParseText(source, parse)],
            References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new PackSourceGenerator()).WithUpdatedParseOptions(parse);
        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);
        return (diagnostics, output);
    }

    private static ImmutableArray<MetadataReference> BuildReferences()
    {
        var paths = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator);
        return [.. paths.Where(p => Path.GetFileName(p).StartsWith("System", StringComparison.Ordinal) || Path.GetFileName(p) is "netstandard.dll" or "mscorlib.dll")
            .Select(p => MetadataReference.CreateFromFile(p)), MetadataReference.CreateFromFile(typeof(PackSerializerContext).Assembly.Location)];
    }
}

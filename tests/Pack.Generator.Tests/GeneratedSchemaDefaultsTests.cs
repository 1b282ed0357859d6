using System.Reflection;
using Microsoft.CodeAnalysis;
using Pack.Schema;

namespace Pack.Generator.Tests;

/// <summary>
/// Members' defaults in the generated contract form: the generator knows them from constants, empty collections and
/// constructors that only store their parameters, and then writes the schema PackSchema.For computes by reading an
/// object at run time; when a constructor it cannot read runs, it emits the wire form only (the contract form is null).
/// </summary>
public class GeneratedSchemaDefaultsTests
{
    private const string Source = """
        using System.Collections.Generic;
        using Pack;
        namespace App;
        public enum Tone : long { Low = -1, High = 1L << 40 }
        public sealed class Initialized
        {
            public double Ratio = -0.0;
            public int Count { get; set; } = 3;
            public string Name { get; set; } = "n\"\u0001";
            public List<int> Items { get; set; } = new();
            public HashSet<string> Set { get; set; } = [];
            public Dictionary<string, int> Map { get; set; } = new Dictionary<string, int>();
            public Tone Tone { get; set; } = Tone.High;
            public int? Maybe { get; set; } = 4;
            public long Big { get; set; } = long.MinValue;
            public ulong Huge { get; set; } = ulong.MaxValue;
            public float Single { get; set; } = 1.5f;
            public char Letter { get; set; } = 'é';
            public bool On { get; set; } = true;
            public string Empty { get; set; } = "";
            public string? None { get; set; }
            public Tone Zero { get; set; } = 0;
        }
        public class Base
        {
            protected Base() { }
            public int A { get; set; } = 1;
        }
        public sealed class Derived : Base
        {
            public Derived(int b, string c = "c") { B = b; C = c; }
            public int B { get; }
            public string C { get; }
        }
        public sealed record Positional(int A, string B = "x", Tone T = Tone.Low, int? M = 7, double D = double.NaN)
        {
            public byte Extra { get; init; } = 200;
        }
        public struct Plain { public int X; public short Y; public string Z; }
        public sealed class WithBody { public WithBody() { Count = 5; } public int Count { get; set; } }
        public sealed class WithCall { public WithCall() { Init(); } public int Count { get; set; } private void Init() => Count = 2; }
        public sealed class NonConstant { public string Text { get; set; } = string.Empty; }
        public sealed class Chained { public Chained() : this(9) { } public Chained(int value) { Value = value; } public int Value { get; set; } }
        public sealed class Wrapped { private int _value = 6; public int Value { get => _value; set => _value = value; } }
        public sealed class Zeroed<T> { public T Value { get; set; } = default!; public int Count { get; set; } = default; public string? Note { get; set; } = default(string); public List<T> Items { get; set; } = default!; }
        [PackSerializable(typeof(Initialized))]
        [PackSerializable(typeof(Zeroed<long>))]
        [PackSerializable(typeof(Derived))]
        [PackSerializable(typeof(Positional))]
        [PackSerializable(typeof(Plain))]
        [PackSerializable(typeof(WithBody))]
        [PackSerializable(typeof(WithCall))]
        [PackSerializable(typeof(NonConstant))]
        [PackSerializable(typeof(Chained))]
        [PackSerializable(typeof(Wrapped))]
        public partial class AppContext : PackSerializerContext;
        """;

    private static readonly Lazy<PackSerializerContext> Context = new(Compile);

    [Theory]
    [InlineData("Initialized")]
    [InlineData("Derived")]
    [InlineData("Positional")]
    [InlineData("Plain")]
    // Found by the random contract check: `default!` of a type parameter (a generic class's non-nullable T member) was an initializer the generator could not read.
    [InlineData("Zeroed`1")]
    public void GeneratedSchema_DefaultsKnownAtCompileTime_EqualsTheRunTimeSchema(string name)
    {
        var generated = Find(name);

        Assert.NotNull(generated.CanonicalText);
        GeneratedSchemaTests.AssertEqualsRunTime(generated);
    }

    [Theory]
    [InlineData("WithBody")]
    [InlineData("WithCall")]
    [InlineData("NonConstant")]
    [InlineData("Chained")]
    [InlineData("Wrapped")]
    public void GeneratedSchema_ConstructorOrInitializerItCannotRead_HasTheWireFormOnly(string name)
    {
        var generated = Find(name);
        var runtime = PackSchema.For(generated.Type);

        Assert.Null(generated.CanonicalText);
        Assert.Null(generated.ContractFingerprint);
        Assert.Equal(runtime.WireCanonicalText, generated.WireCanonicalText);
        Assert.Equal(runtime.WireFingerprint, generated.WireFingerprint);
        Assert.Contains("\"default\":", runtime.CanonicalText, StringComparison.Ordinal);
    }

    [Fact]
    public void GeneratedSchema_Initializers_AreDefaults()
    {
        string text = Find("Initialized").CanonicalText!;

        Assert.Contains("{\"default\":\"8000000000000000\",\"name\":\"Ratio\"", text, StringComparison.Ordinal);
        Assert.Contains("{\"default\":[],\"name\":\"Items\"", text, StringComparison.Ordinal);
        Assert.Contains("{\"default\":\"1099511627776\",\"name\":\"Tone\"", text, StringComparison.Ordinal);
        Assert.Matches("\\{\"name\":\"Zero\",\"type\":\\d+\\}", text);
    }

    private static PackGeneratedSchema Find(string name) => Context.Value.GeneratedSchemas.Single(s => s.Type.Name == name);

    private static PackSerializerContext Compile()
    {
        var (diagnostics, output) = GeneratorDriverTests.Run(Source);
        Assert.Empty(diagnostics);
        using var stream = new MemoryStream();
        var emit = output.Emit(stream);
        Assert.True(emit.Success, string.Join("\n", emit.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)));
        var assembly = Assembly.Load(stream.ToArray());
        return (PackSerializerContext)assembly.GetType("App.AppContext")!.GetProperty("Default")!.GetValue(null)!;
    }
}

using System.Security.Cryptography;
using System.Text;
using System.Text.Json.Nodes;
using Pack.ContractTests;
using Pack.Schema;
using Pack.Tests.GoldenVectors;

namespace Pack.Generator.Tests;

/// <summary>
/// The schema constants the generator emits for each root (docs/schema.md §4) are the schema PackSchema.For computes
/// at run time from the run-time path's model: same canonical texts, same fingerprints, for every shared-suite type,
/// every root of this assembly's contexts and every schema vector of docs/vectors/schemas.json (all roots of GoldenVectorContext).
/// </summary>
public class GeneratedSchemaTests
{
    private static readonly PackSerializerContext[] Contexts =
        [ContractContext.Default, GoldenVectorContext.Default, ShapeContext.Default, LayoutContext.Default];

    public static TheoryData<string> SharedSuiteCases => ContractCases.Names();

    public static TheoryData<string, string> Roots()
    {
        var data = new TheoryData<string, string>();
        foreach (var context in Contexts)
        {
            foreach (var schema in context.GeneratedSchemas)
            {
                data.Add(context.GetType().Name, schema.Type.ToString());
            }
        }

        return data;
    }

    public static TheoryData<string> VectorNames()
    {
        var data = new TheoryData<string>();
        foreach (var name in LoadVectors().Keys.Order(StringComparer.Ordinal))
        {
            data.Add(name);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(SharedSuiteCases))]
    public void GeneratedSchema_SharedSuiteType_EqualsTheRunTimeSchema(string name)
    {
        var type = ContractCases.Get(name).Type;

        var generated = ContractContext.Default.GetGeneratedSchema(type);

        Assert.NotNull(generated);
        AssertEqualsRunTime(generated);
    }

    [Theory]
    [MemberData(nameof(Roots))]
    public void GeneratedSchema_EveryRootOfEveryContext_EqualsTheRunTimeSchema(string context, string type)
    {
        var generated = Contexts.Single(c => c.GetType().Name == context).GeneratedSchemas.Single(s => s.Type.ToString() == type);

        AssertEqualsRunTime(generated);
    }

    [Theory]
    [MemberData(nameof(VectorNames))]
    public void GeneratedSchema_SchemaVector_IsTheRecordedSchema(string name)
    {
        var vector = LoadVectors()[name];
        var type = SchemaVectorRoots.Get(name);

        var generated = GoldenVectorContext.Default.GetGeneratedSchema(type);

        Assert.NotNull(generated);
        Assert.Equal(vector["canonical"]!.GetValue<string>(), generated.CanonicalText);
        Assert.Equal(vector["wireCanonical"]!.GetValue<string>(), generated.WireCanonicalText);
        Assert.Equal(vector["contract"]!.GetValue<string>(), generated.ContractFingerprint);
        Assert.Equal(vector["wire"]!.GetValue<string>(), generated.WireFingerprint);
    }

    [Fact]
    public void GeneratedSchemas_EveryRootOfEveryContext_HasOne()
    {
        // Found by the random contract check: a root whose schema the generator could not build was left out silently
        // (a generic type whose argument no member uses and nothing else reaches, Tagged<DateTimeOffset?>), so the run-time schema was computed instead.
        foreach (var context in Contexts)
        {
            foreach (var root in context.GetType().GetCustomAttributes(typeof(PackSerializableAttribute), inherit: false).Cast<PackSerializableAttribute>())
            {
                Assert.True(context.GetGeneratedSchema(root.Type) is not null, $"{context.GetType().Name} has no generated schema for its root {root.Type}");
            }
        }
    }

    [Theory]
    [InlineData(typeof(Models.Tagged<DateTimeOffset?>))]
    [InlineData(typeof(Models.Tagged<Dictionary<Guid, ushort>>))]
    [InlineData(typeof(Models.Tagged<Models.TagOnly>))]
    public void GeneratedSchema_GenericTypeWhoseArgumentNoMemberUses_EqualsTheRunTimeSchema(Type type)
    {
        var generated = ShapeContext.Default.GetGeneratedSchema(type);

        Assert.NotNull(generated);
        AssertEqualsRunTime(generated);
    }

    [Fact]
    public void GoldenVectorContext_HasARootForEverySchemaVector()
    {
        Assert.Equal(LoadVectors().Keys.Order(StringComparer.Ordinal), SchemaVectorRoots.All.Select(r => r.Name).Order(StringComparer.Ordinal));
        Assert.All(SchemaVectorRoots.All, root => Assert.NotNull(GoldenVectorContext.Default.GetGeneratedSchema(root.Type)));
    }

    [Fact]
    public void TryGetGenerated_RegisteredContextRoot_FindsTheConstantsWithoutHashing()
    {
        var options = new PackSerializerOptions { Resolvers = [ContractContext.Default] };

        bool found = PackSchema.TryGetGenerated(typeof(ContractTests.Types.Settings), options, out var generated);
        var schema = generated!.ToSchema();

        Assert.True(found);
        Assert.Same(ContractContext.Default.GetGeneratedSchema(typeof(ContractTests.Types.Settings)), generated);
        Assert.Equal(Sha256Prefix(generated.WireCanonicalText), generated.WireFingerprint);
        Assert.Equal(Sha256Prefix(generated.CanonicalText!), generated.ContractFingerprint);
        Assert.Equal(generated.CanonicalText, schema.CanonicalText);
        Assert.Equal(generated.ContractFingerprint, schema.ContractFingerprint);
        Assert.Equal(generated.WireFingerprint, schema.WireFingerprint);
        Assert.Equal("Pack.ContractTests.Types.Settings", schema.Label);
    }

    [Fact]
    public void TryGetGenerated_TypeNoContextDeclaresAsRoot_ReturnsFalse()
    {
        // Reached by ContractContext (a member type), but not one of its roots.
        Assert.False(PackSchema.TryGetGenerated(typeof(ContractTests.Types.Level), options: null, out var generated));
        Assert.Null(generated);
        Assert.Null(ContractContext.Default.GetGeneratedSchema(typeof(ContractTests.Types.Level)));
    }

    internal static void AssertEqualsRunTime(PackGeneratedSchema generated)
    {
        var runtime = PackSchema.For(generated.Type);
        Assert.Equal(runtime.WireCanonicalText, generated.WireCanonicalText);
        Assert.Equal(runtime.WireFingerprint, generated.WireFingerprint);
        Assert.Equal(runtime.CanonicalText, generated.CanonicalText);
        Assert.Equal(runtime.ContractFingerprint, generated.ContractFingerprint);
    }

    private static string Sha256Prefix(string text) => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(text)).AsSpan(0, 8));

    private static Dictionary<string, JsonObject> LoadVectors()
    {
        var document = JsonNode.Parse(File.ReadAllText(Path.Combine(GoldenVectorFiles.Directory, "schemas.json")))!;
        return document["schemas"]!.AsArray().ToDictionary(s => s!["type"]!.GetValue<string>(), s => s!.AsObject());
    }
}

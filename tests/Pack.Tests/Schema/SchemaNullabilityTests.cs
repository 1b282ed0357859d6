using Pack.ContractTests.Types;
using Pack.Schema;

namespace Pack.Tests.Schema;

/// <summary>
/// Members' nullability annotations (docs/schema.md §1.4): one character per reference position, from C#'s
/// annotations; in the contract form and its fingerprint, never in the wire form.
/// </summary>
public class SchemaNullabilityTests
{
    [Theory]
    [InlineData("Name", "!")]
    [InlineData("Nickname", "?")]
    [InlineData("Tags", "!?")]
    [InlineData("Labels", "?!")]
    [InlineData("Aliases", "!?")]
    [InlineData("Index", "?!!")]
    [InlineData("Parent", "?")]
    [InlineData("Child", "!")]
    [InlineData("Children", "??")]
    [InlineData("Frozen", "?!")]
    [InlineData("Count", null)]
    [InlineData("Maybe", "?")]
    [InlineData("Pair", null)]
    [InlineData("Legacy", "?")]
    public void For_AnnotatedMember_RecordsEachReferencePosition(string member, string? expected)
    {
        var schema = PackSchema.For(typeof(Annotated));

        Assert.Equal(expected, schema.Root.Members.Single(m => m.Name == member).Nullability);
    }

    [Fact]
    public void For_NullableDisableAndTypeParameters_AreObliviousAndAbsent()
    {
        var schema = PackSchema.For(typeof(Annotated));
        var oblivious = schema.Types.Single(t => t.Name == typeof(ObliviousAnnotated).FullName);
        var pair = schema.Types.Single(t => t.Name?.StartsWith("System.Collections.Generic.KeyValuePair", StringComparison.Ordinal) == true);

        Assert.All(oblivious.Members, m => Assert.Null(m.Nullability));
        Assert.All(pair.Members, m => Assert.Null(m.Nullability));
        Assert.Contains("\"nullability\":\"!?\"", schema.CanonicalText, StringComparison.Ordinal);
    }

    [Fact]
    public void WireForm_HasNoAnnotations_AndItsFingerprintIgnoresThem()
    {
        var schema = PackSchema.For(typeof(Annotated));
        var changed = PackSchema.Parse(schema.CanonicalText.Replace("\"nullability\":\"!?\"", "\"nullability\":\"??\"", StringComparison.Ordinal));

        Assert.DoesNotContain("nullability", schema.WireCanonicalText, StringComparison.Ordinal);
        Assert.Equal(schema.WireFingerprint, changed.WireFingerprint);
        Assert.NotEqual(schema.ContractFingerprint, changed.ContractFingerprint);
        Assert.Empty(PackSchema.CheckCompatibility(schema, changed));
        Assert.Empty(PackSchema.CheckCompatibility(changed, schema));
    }

    [Theory]
    [InlineData("\"!\"")]
    [InlineData("\"!!!\"")]
    [InlineData("\"!x\"")]
    [InlineData("3")]
    public void Parse_AnnotationNotOnePerPosition_ThrowsFormatException(string value)
    {
        const string Schema = """{"format":"pack-schema/1","types":[{"kind":"object","members":[{"name":"Tags","nullability":VALUE,"type":1}],"name":"A","nullable":true},{"element":2,"kind":"list","nullable":true},{"kind":"primitive","nullable":true,"primitive":"string"}]}""";

        Assert.Throws<FormatException>(() => PackSchema.Parse(Schema.Replace("VALUE", value, StringComparison.Ordinal)));
    }

    [Fact]
    public void Parse_OnlyObliviousAnnotation_ReadsAsAbsent()
    {
        const string Schema = """{"format":"pack-schema/1","types":[{"kind":"object","members":[{"name":"Tags","nullability":"~~","type":1}],"name":"A","nullable":true},{"element":2,"kind":"list","nullable":true},{"kind":"primitive","nullable":true,"primitive":"string"}]}""";

        var schema = PackSchema.Parse(Schema);

        Assert.Null(schema.Root.Members[0].Nullability);
        Assert.DoesNotContain("nullability", schema.CanonicalText, StringComparison.Ordinal);
    }
}

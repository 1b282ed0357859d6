using Pack.Schema;
using Pack.Tests.Schema.Fixtures;

namespace Pack.Schema.Tests;

/// <summary>One test per rule ID of docs/schema.md §3, on schemas the codec builds from two versions of a contract (<see cref="SchemaV1"/>, <see cref="SchemaV2"/>).</summary>
public class PackSchemaCompatibilityTests
{
    [Fact]
    public void CheckCompatibility_AppendedMember_IsCompatibleBothWays()
    {
        var v1 = PackSchema.For(typeof(SchemaV1.Order));
        var v2 = PackSchema.For(typeof(SchemaV2.Order));

        Assert.Empty(PackSchema.CheckCompatibility(v1, v2));
        Assert.Empty(PackSchema.CheckCompatibility(v2, v1));
        Assert.NotEqual(v1.WireFingerprint, v2.WireFingerprint);
    }

    [Fact]
    public void CheckCompatibility_AppendedMember_OldAndNewPayloadsReadAsTheSchemaSays()
    {
        // The rule is only worth something if the codec agrees: a V2 payload reads as V1 and the reverse.
        var written = PackSerializer.Serialize(new SchemaV2.Order { Id = 3, Name = "x", Total = 1.5m });
        var old = PackSerializer.Deserialize<SchemaV1.Order>(written)!;
        var back = PackSerializer.Deserialize<SchemaV2.Order>(PackSerializer.Serialize(new SchemaV1.Order { Id = 4, Name = "y" }))!;

        Assert.Equal((3, "x"), (old.Id, old.Name));
        Assert.Equal((4, "y", 0m), (back.Id, back.Name, back.Total));
    }

    [Fact]
    public void CheckCompatibility_SameType_HasNoViolations()
    {
        var schema = PackSchema.For(typeof(SchemaV1.Animal));

        Assert.Empty(PackSchema.CheckCompatibility(schema, schema));
        Assert.Empty(PackSchema.CheckCompatibility(schema.ToWireForm(), schema.ToWireForm()));
    }

    [Fact]
    public void CheckCompatibility_RenamedMember_IsCompatible()
    {
        var v1 = PackSchema.For(typeof(SchemaV1.Order));
        var renamed = PackSchema.Parse(v1.CanonicalText.Replace("\"Name\"", "\"Title\"", StringComparison.Ordinal));

        Assert.Empty(PackSchema.CheckCompatibility(v1, renamed));
    }

    [Theory]
    [InlineData(typeof(SchemaV1.Removed), typeof(SchemaV2.Removed), PackSchemaRules.MemberRemoved, "$.B")]
    [InlineData(typeof(SchemaV1.Inserted), typeof(SchemaV2.Inserted), PackSchemaRules.MemberInserted, "$.B")]
    [InlineData(typeof(SchemaV1.Reordered), typeof(SchemaV2.Reordered), PackSchemaRules.MemberReordered, "$.A")]
    [InlineData(typeof(SchemaV1.Retyped), typeof(SchemaV2.Retyped), PackSchemaRules.MemberRetyped, "$.Amount")]
    [InlineData(typeof(int[]), typeof(long[]), PackSchemaRules.TypeChanged, "$[]")]
    [InlineData(typeof(SchemaV1.Located), typeof(SchemaV2.Located), PackSchemaRules.NullabilityChanged, "$.Where")]
    [InlineData(typeof(SchemaV1.Placed), typeof(SchemaV2.Placed), PackSchemaRules.FrozenStructChanged, "$.At")]
    [InlineData(typeof(SchemaV1.Leveled), typeof(SchemaV2.Leveled), PackSchemaRules.EnumUnderlyingChanged, "$.Level")]
    [InlineData(typeof(SchemaV1.Painted), typeof(SchemaV2.Painted), PackSchemaRules.EnumValueChanged, "$.Color")]
    [InlineData(typeof(SchemaV1.Shape), typeof(SchemaV2.Shape), PackSchemaRules.UnionTagReused, "$(0)")]
    [InlineData(typeof(SchemaV1.Animal), typeof(SchemaV2.Animal), PackSchemaRules.UnionTagChanged, "$")]
    public void CheckCompatibility_BreakingChange_ReportsTheRuleAndPath(Type reader, Type writer, string rule, string path)
    {
        var violations = PackSchema.CheckCompatibility(PackSchema.For(reader), PackSchema.For(writer));

        Assert.Contains(violations, v => v.RuleId == rule && v.Path == path);
        Assert.All(violations, v => Assert.Equal(rule, v.RuleId));
    }

    [Fact]
    public void CheckCompatibility_FrozenStructMemberRetypedAtSameWidth_IsFrozenStructChanged()
    {
        var schema = PackSchema.For(typeof(SchemaV1.Placed));
        var retyped = PackSchema.Parse(schema.CanonicalText.Replace("\"primitive\":\"i32\",\"signed\":true", "\"primitive\":\"f32\"", StringComparison.Ordinal));

        var violation = Assert.Single(PackSchema.CheckCompatibility(schema, retyped));

        Assert.Equal(PackSchemaRules.FrozenStructChanged, violation.RuleId);
    }

    [Fact]
    public void CheckCompatibility_StructReadAsClass_IsCompatible()
    {
        // The reverse of NULLABILITY_CHANGED: a struct writer never writes null, so a class reader is fine.
        Assert.Empty(PackSchema.CheckCompatibility(PackSchema.For(typeof(SchemaV2.Located)), PackSchema.For(typeof(SchemaV1.Located))));
    }

    [Fact]
    public void CheckCompatibility_WireForms_ReportPositionalRetypes()
    {
        var violations = PackSchema.CheckCompatibility(PackSchema.For(typeof(SchemaV1.Retyped)).ToWireForm(), PackSchema.For(typeof(SchemaV2.Retyped)).ToWireForm());

        var violation = Assert.Single(violations);
        Assert.Equal((PackSchemaRules.MemberRetyped, "$.#1"), (violation.RuleId, violation.Path));
    }

    [Fact]
    public void CheckCompatibility_SeveralChanges_ReportsEveryViolation()
    {
        var reader = PackSchema.Parse(PackSchema.For(typeof(SchemaV1.Reordered)).CanonicalText);
        var writer = PackSchema.For(typeof(SchemaV2.Reordered));

        var violations = PackSchema.CheckCompatibility(reader, writer);

        Assert.Equal(["$.A", "$.B"], violations.Select(v => v.Path).Order(StringComparer.Ordinal));
        Assert.All(violations, v => Assert.Equal(PackSchemaRules.MemberReordered, v.RuleId));
    }
}

using Pack.Schema;
using Pack.Tests.Schema.Fixtures;

namespace Pack.Tool.Tests;

/// <summary><c>pack schema diff</c>: a test per rule ID (docs/schema.md §3), the exit codes and the three output formats.</summary>
public sealed class PackSchemaDiffTests : IDisposable
{
    private readonly SchemaFiles files = new();

    public void Dispose() => files.Dispose();

    [Theory]
    [InlineData(typeof(SchemaV1.Removed), typeof(SchemaV2.Removed), PackSchemaRules.MemberRemoved)]
    [InlineData(typeof(SchemaV1.Inserted), typeof(SchemaV2.Inserted), PackSchemaRules.MemberInserted)]
    [InlineData(typeof(SchemaV1.Reordered), typeof(SchemaV2.Reordered), PackSchemaRules.MemberReordered)]
    [InlineData(typeof(SchemaV1.Retyped), typeof(SchemaV2.Retyped), PackSchemaRules.MemberRetyped)]
    [InlineData(typeof(int[]), typeof(long[]), PackSchemaRules.TypeChanged)]
    [InlineData(typeof(SchemaV1.Located), typeof(SchemaV2.Located), PackSchemaRules.NullabilityChanged)]
    [InlineData(typeof(SchemaV1.Placed), typeof(SchemaV2.Placed), PackSchemaRules.FrozenStructChanged)]
    [InlineData(typeof(SchemaV1.Leveled), typeof(SchemaV2.Leveled), PackSchemaRules.EnumUnderlyingChanged)]
    [InlineData(typeof(SchemaV1.Painted), typeof(SchemaV2.Painted), PackSchemaRules.EnumValueChanged)]
    [InlineData(typeof(SchemaV1.Shape), typeof(SchemaV2.Shape), PackSchemaRules.UnionTagReused)]
    [InlineData(typeof(SchemaV1.Animal), typeof(SchemaV2.Animal), PackSchemaRules.UnionTagChanged)]
    public async Task Diff_BreakingChange_ExitsOneAndNamesTheRule(Type old, Type @new, string rule)
    {
        var (exit, output, error) = await ToolRunner.RunAsync("schema", "diff", files.Write("old.json", old), files.Write("new.json", @new), "--format", "json");

        Assert.Equal(1, exit);
        Assert.Empty(error);
        var json = System.Text.Json.Nodes.JsonNode.Parse(output)!;
        Assert.False(json["compatible"]!.GetValue<bool>());
        Assert.Contains(json["violations"]!.AsArray(), v => v!["rule"]!.GetValue<string>() == rule);
    }

    [Theory]
    [InlineData(typeof(SchemaV1.Retyped), typeof(SchemaV2.Retyped), PackSchemaRules.MemberRetyped, "old-reads-new,new-reads-old")]
    [InlineData(typeof(SchemaV1.Leveled), typeof(SchemaV2.Leveled), PackSchemaRules.EnumUnderlyingChanged, "old-reads-new,new-reads-old")]
    [InlineData(typeof(CompatibilityV1.Badged), typeof(CompatibilityV2.Badged), PackSchemaRules.FrozenStructChanged, "old-reads-new,new-reads-old")]
    [InlineData(typeof(SchemaV1.Located), typeof(SchemaV2.Located), PackSchemaRules.NullabilityChanged, "old-reads-new")]
    [InlineData(typeof(SchemaV2.Located), typeof(SchemaV1.Located), PackSchemaRules.NullabilityChanged, "new-reads-old")]
    public async Task Diff_Json_ListsEveryDirectionAViolationBreaks(Type old, Type @new, string rule, string directions)
    {
        var (exit, output, _) = await ToolRunner.RunAsync("schema", "diff", files.Write("old.json", old), files.Write("new.json", @new), "--format", "json");

        Assert.Equal(1, exit);
        var violation = Assert.Single(System.Text.Json.Nodes.JsonNode.Parse(output)!["violations"]!.AsArray())!;
        Assert.Equal(rule, violation["rule"]!.GetValue<string>());
        Assert.Equal(directions, string.Join(",", violation["directions"]!.AsArray().Select(d => d!.GetValue<string>())));
        Assert.Equal(directions.Split(',')[0], violation["direction"]!.GetValue<string>());
    }

    [Fact]
    public async Task Diff_EnumRetypedToUnsigned_MarksBothDirectionsInTextAndGitHubFormats()
    {
        string old = files.Write("old.json", typeof(CompatibilityV1.Feeling));
        string edited = files.PathOf("new.json");
        var retyped = PackSchema.For(typeof(CompatibilityV1.Feeling)).CanonicalText.Replace("\"primitive\":\"i32\",\"signed\":true", "\"primitive\":\"u32\",\"signed\":false", StringComparison.Ordinal);
        await File.WriteAllTextAsync(edited, retyped);

        var text = await ToolRunner.RunAsync("schema", "diff", old, edited);
        var github = await ToolRunner.RunAsync("schema", "diff", old, edited, "--format", "github");

        Assert.Equal((1, 1), (text.Exit, github.Exit));
        Assert.Contains("ENUM_UNDERLYING_CHANGED", text.Output, StringComparison.Ordinal);
        Assert.Contains("[old readers, new payloads; new readers, old payloads]", text.Output, StringComparison.Ordinal);
        Assert.Contains("incompatible: 1 violation", text.Output, StringComparison.Ordinal);
        Assert.Contains("(old readers, new payloads; new readers, old payloads)", github.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Diff_AppendedMember_ExitsZeroBothWays()
    {
        string v1 = files.Write("v1.json", typeof(SchemaV1.Order));
        string v2 = files.Write("v2.json", typeof(SchemaV2.Order));

        var forward = await ToolRunner.RunAsync("schema", "diff", v1, v2);
        var backward = await ToolRunner.RunAsync("schema", "diff", v2, v1);

        Assert.Equal((0, 0), (forward.Exit, backward.Exit));
        Assert.Contains("compatible: 1 type compared, no violations", forward.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Diff_Text_MatchesGoldenOutput()
    {
        string old = files.Write("old.json", typeof(SchemaV1.Retyped));
        string @new = files.Write("new.json", typeof(SchemaV2.Retyped));

        var (exit, output, _) = await ToolRunner.RunAsync("schema", "diff", old, @new);

        Repository.AssertGolden("diff-retyped.txt", output);
        Assert.Equal(1, exit);
    }

    [Fact]
    public async Task Diff_SchemaSets_ComparesTypesByName()
    {
        // Sets of several types pair them by label: V2's Retyped, named as V1's, stands for the new version of that type.
        string old = files.Write("old.json", typeof(SchemaV1.Order), typeof(SchemaV1.Retyped));
        string edited = files.PathOf("new.json");
        var retyped = PackSchema.Parse(PackSchema.For(typeof(SchemaV2.Retyped)).CanonicalText.Replace("SchemaV2.Retyped", "SchemaV1.Retyped", StringComparison.Ordinal));
        await File.WriteAllTextAsync(edited, new PackSchemaSet([PackSchema.For(typeof(SchemaV1.Order)), retyped]).ToJsonString());

        var (exit, output, _) = await ToolRunner.RunAsync("schema", "diff", old, edited);

        Assert.Equal(1, exit);
        Assert.Contains("✓ Pack.Tests.Schema.Fixtures.SchemaV1.Order", output, StringComparison.Ordinal);
        Assert.Contains("✗ Pack.Tests.Schema.Fixtures.SchemaV1.Retyped", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Diff_GitHubFormat_WritesErrorAnnotations()
    {
        var (exit, output, _) = await ToolRunner.RunAsync("schema", "diff", files.Write("old.json", typeof(SchemaV1.Painted)), files.Write("new.json", typeof(SchemaV2.Painted)), "--format", "github");

        Assert.Equal(1, exit);
        Assert.StartsWith("::error title=Pack schema ENUM_VALUE_CHANGED::", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("schema", "diff", "only-one.json")]
    [InlineData("schema", "diff", "a.json", "b.json", "--format", "xml")]
    [InlineData("schema", "frobnicate")]
    public async Task Diff_BadCommandLine_ExitsTwo(params string[] args)
    {
        var (exit, _, error) = await ToolRunner.RunAsync(args);

        Assert.Equal(2, exit);
        Assert.StartsWith("pack: ", error, StringComparison.Ordinal);
    }
}

using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;
using Pack.Tests.GoldenVectors;
using Pack.Tests.Schema.Fixtures;

namespace Pack.Schema.Tests;

/// <summary>
/// docs/vectors/compatibility.json: pairs of reader and writer schemas with the violations (rule ID and path, in order)
/// that docs/schema.md §3 gives, shared with the TypeScript client's tests. The pairs are built here from C# contracts
/// (the file must equal what they build), and every recorded pair is checked with
/// <see cref="PackSchema.CheckCompatibility"/>. Set PACK_WRITE_COMPATIBILITY_VECTORS=1 to rewrite the file (then review the diff).
/// </summary>
public class CompatibilityVectorTests
{
    private static readonly CompatibilityCase[] Cases =
    [
        // Compatible changes (§3).
        new("appended-member.writer-newer", "the writer appended a member: the reader skips it", typeof(SchemaV1.Order), typeof(SchemaV2.Order)),
        new("appended-member.reader-newer", "the reader has a member the writer never wrote: the reader gives it its default", typeof(SchemaV2.Order), typeof(SchemaV1.Order)),
        new("renamed-member", "a member renamed at the same position with the same type", typeof(SchemaV1.Order), typeof(SchemaV1.Order), Edit: ("\"name\":\"Name\"", "\"name\":\"Title\"")),
        new("renamed-type", "the root type renamed", typeof(SchemaV1.Order), typeof(SchemaV1.Order), Edit: ("SchemaV1.Order", "Shop.Order")),
        new("renamed-enum-value", "an enum value renamed, same number", typeof(CompatibilityV1.Feeling), typeof(CompatibilityV1.Feeling), Edit: ("\"name\":\"Calm\"", "\"name\":\"Quiet\"")),
        new("enum-value-added", "the writer has an enum value the reader has not", typeof(CompatibilityV1.Feeling), typeof(CompatibilityV2.Feeling)),
        new("enum-value-removed", "the reader has an enum value the writer has not", typeof(CompatibilityV2.Feeling), typeof(CompatibilityV1.Feeling)),
        new("union-case-added.reader-older", "the writer has a union case the reader has not (and Dog's member changed)", typeof(CompatibilityV1.Pet), typeof(CompatibilityV2.Pet)),
        new("struct-read-as-class", "a struct object written, a class object read", typeof(SchemaV2.Located), typeof(SchemaV1.Located)),
        new("list-read-as-set", "a list written, a set read", typeof(CompatibilityV2.Tags), typeof(CompatibilityV1.Tags)),
        new("set-read-as-list", "a set written, a list read", typeof(CompatibilityV1.Tags), typeof(CompatibilityV2.Tags)),
        new("same-type", "the same schema", typeof(CompatibilityV1.Several), typeof(CompatibilityV1.Several)),

        // One case per rule ID.
        new("type-changed.root", "the root is i32 in the reader and string in the writer", typeof(int), typeof(string)),
        new("type-changed.nullable-root", "int? against int at the root", typeof(int?), typeof(int)),
        new("type-changed.element", "int[] against long[]", typeof(int[]), typeof(long[])),
        new("type-changed.map-key-and-value", "a map's key and another map's value changed", typeof(CompatibilityV1.Prices), typeof(CompatibilityV2.Prices)),
        new("member-retyped", "int Amount became long", typeof(SchemaV1.Retyped), typeof(SchemaV2.Retyped)),
        new("member-retyped.nullable", "int? became long? (a nullable adds nothing to the path)", typeof(CompatibilityV1.Optional), typeof(CompatibilityV2.Optional)),
        new("member-retyped.in-list-element", "a member of a list's element retyped", typeof(CompatibilityV1.Basket), typeof(CompatibilityV2.Basket)),
        new("member-retyped.recursive", "a recursive type's member retyped: reported once", typeof(CompatibilityV1.Tree), typeof(CompatibilityV2.Tree)),
        new("member-removed", "B removed from the middle", typeof(SchemaV1.Removed), typeof(SchemaV2.Removed)),
        new("member-inserted", "B inserted in the middle", typeof(SchemaV1.Inserted), typeof(SchemaV2.Inserted)),
        new("member-reordered", "A and B swapped", typeof(SchemaV1.Reordered), typeof(SchemaV2.Reordered)),
        new("nullability-changed", "a struct object read, a class object written", typeof(SchemaV1.Located), typeof(SchemaV2.Located)),
        new("frozen-struct-changed.member-added", "a frozen struct gained a member", typeof(SchemaV1.Placed), typeof(SchemaV2.Placed)),
        new("frozen-struct-changed.same-width", "a frozen struct's i32 became f32 (same width)", typeof(SchemaV1.Placed), typeof(SchemaV1.Placed), Edit: ("\"primitive\":\"i32\",\"signed\":true", "\"primitive\":\"f32\"")),
        new("enum-underlying-changed", "int enum became long", typeof(SchemaV1.Leveled), typeof(SchemaV2.Leveled)),
        new("enum-value-changed", "Red and Green swapped numbers: one violation per path", typeof(SchemaV1.Painted), typeof(SchemaV2.Painted)),
        new("union-tag-reused", "tag 0 means Square, not Circle", typeof(SchemaV1.Shape), typeof(SchemaV2.Shape)),
        new("union-tag-reused.enum-underlying", "tag 0 means Silver, not Gold, whose enum member is over u32, not i32: not wire-equal (§3.1)", typeof(CompatibilityV1.Medal), typeof(CompatibilityV2.Medal)),
        new("frozen-struct-changed.enum-underlying", "a frozen struct's enum member went from i32 to u32 (same width): not wire-equal (§3.1)", typeof(CompatibilityV1.Badged), typeof(CompatibilityV2.Badged)),
        new("union-tag-changed", "Cat moved from tag 0 to 5", typeof(SchemaV1.Animal), typeof(SchemaV2.Animal)),
        new("several", "several changes in one type, in the order they are met", typeof(CompatibilityV1.Several), typeof(CompatibilityV2.Several)),

        // The request side (§5.2): the writer's schema is a wire form (no names).
        new("wire-writer.retyped", "the writer's wire form: positions and types only", typeof(SchemaV1.Retyped), typeof(SchemaV2.Retyped), WireWriter: true),
        new("wire-writer.removed-same-type", "without names, a member removed before one of the same type reads as an appended member", typeof(SchemaV1.Removed), typeof(SchemaV2.Removed), WireWriter: true),
        new("wire-writer.appended", "the writer's wire form with an appended member", typeof(SchemaV1.Order), typeof(SchemaV2.Order), WireWriter: true),
    ];

    private static readonly Lazy<JsonObject> File = new(Load);

    public static TheoryData<string> Ids => new(Cases.Select(c => c.Id));

    [Theory]
    [MemberData(nameof(Ids))]
    public void CheckCompatibility_RecordedPair_ReportsTheRecordedViolations(string id)
        => AssertRecorded(id, "violations", reversed: false);

    [Theory]
    [MemberData(nameof(Ids))]
    public void CheckCompatibility_RecordedPairReversed_ReportsTheRecordedReverseViolations(string id)
        => AssertRecorded(id, "reverseViolations", reversed: true); // the other direction of a rollout (docs/schema.md §3)

    private static void AssertRecorded(string id, string recorded, bool reversed)
    {
        var vector = File.Value["cases"]!.AsArray().Single(c => c!["id"]!.GetValue<string>() == id)!;
        var reader = PackSchema.FromJson(vector["reader"]);
        var writer = PackSchema.FromJson(vector["writer"]);

        var violations = reversed ? PackSchema.CheckCompatibility(writer, reader) : PackSchema.CheckCompatibility(reader, writer);

        Assert.Equal(
            vector[recorded]!.AsArray().Select(v => $"{v!["ruleId"]} {v["path"]}"),
            violations.Select(v => $"{v.RuleId} {v.Path}"));
    }

    [Fact]
    public void CompatibilityJson_IsWhatTheContractsBuild()
    {
        Assert.Equal(Build().ToJsonString(Indented), File.Value.ToJsonString(Indented));
    }

    [Fact]
    public void CompatibilityJson_CoversEveryRuleAndCompatibleCases()
    {
        var rules = typeof(PackSchemaRules).GetFields().Select(f => (string)f.GetValue(null)!).ToHashSet();
        var found = File.Value["cases"]!.AsArray().SelectMany(c => c!["violations"]!.AsArray()).Select(v => v!["ruleId"]!.GetValue<string>()).ToHashSet();

        Assert.Equal(rules.Order(StringComparer.Ordinal), found.Order(StringComparer.Ordinal));
        Assert.Contains(File.Value["cases"]!.AsArray(), c => c!["violations"]!.AsArray().Count == 0);
    }

    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    private static JsonObject Build()
    {
        var cases = new JsonArray();
        foreach (var c in Cases)
        {
            var reader = PackSchema.For(c.Reader);
            var writer = PackSchema.For(c.Writer);
            if (c.Edit is var (from, to))
            {
                Assert.Contains(from, writer.CanonicalText, StringComparison.Ordinal);
                writer = PackSchema.Parse(writer.CanonicalText.Replace(from, to, StringComparison.Ordinal));
            }

            if (c.WireWriter)
            {
                writer = writer.ToWireForm();
            }

            var violations = Violations(PackSchema.CheckCompatibility(reader, writer));
            var reverse = Violations(PackSchema.CheckCompatibility(writer, reader));

            cases.Add((JsonNode)new JsonObject
            {
                ["id"] = c.Id,
                ["description"] = c.Description,
                ["reader"] = reader.ToJson(),
                ["writer"] = writer.ToJson(),
                ["violations"] = violations,
                ["reverseViolations"] = reverse,
            });
        }

        return new JsonObject
        {
            ["format"] = "pack-compatibility-vectors/1",
            ["description"] = "docs/schema.md §3: can a reader with the `reader` schema read what a writer with the `writer` schema writes? `violations` lists, in the order the check finds them, the rule ID and path of each; empty means compatible. `reverseViolations` are those of the roles swapped (the writer's program reading the reader's payloads): together they say which directions of a rollout a change breaks. Built from C# contracts by tests/Pack.Schema.Tests/CompatibilityVectorTests.cs; checked there and by clients/typescript.",
            ["cases"] = cases,
        };
    }

    private static JsonArray Violations(IReadOnlyList<PackSchemaViolation> found)
    {
        var violations = new JsonArray();
        foreach (var v in found)
        {
            violations.Add((JsonNode)new JsonObject { ["ruleId"] = v.RuleId, ["path"] = v.Path });
        }

        return violations;
    }

    private static JsonObject Load()
    {
        string path = Path.Combine(GoldenVectorFiles.Directory, "compatibility.json");
        if (Environment.GetEnvironmentVariable("PACK_WRITE_COMPATIBILITY_VECTORS") == "1")
        {
            System.IO.File.WriteAllText(path, Build().ToJsonString(Indented) + "\n");
        }

        return JsonNode.Parse(System.IO.File.ReadAllText(path))!.AsObject();
    }

    private sealed record CompatibilityCase(string Id, string Description, Type Reader, Type Writer, (string From, string To)? Edit = null, bool WireWriter = false);
}

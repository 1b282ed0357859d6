extern alias tool;

using System.Text.Json.Nodes;
using Pack.Schema;
using tool::Pack.Tool.TypeScript;

namespace Pack.TypeScript.Tests;

/// <summary>
/// <c>pack ts</c> (<see cref="TypeScriptGenerator"/>): the schema fixtures under Schemas/ generate exactly the files
/// committed under clients/typescript/test/generated (which the Node and tsc --strict runs then compile and exercise),
/// and the fingerprints follow docs/schema.md §2.
/// </summary>
public sealed class GeneratorTests
{
    /// <summary>Fixture schema → generated file (under clients/typescript/test/generated).</summary>
    public static TheoryData<string, string> Fixtures => new()
    {
        { "sample-api.schema.json", "sample-api.ts" },
        { "sample-api.appended.schema.json", "sample-api-appended.ts" },
        { "sample-api.served.schema.json", "sample-api-served.ts" },
        { "vectors.schema.json", "vectors.ts" },
        { "schema-check.schema.json", "schema-check.ts" },
    };

    private static readonly TypeScriptGeneratorOptions TestOptions = new() { RuntimeModule = "../../src/codegen.js" };

    [Theory]
    [MemberData(nameof(Fixtures))]
    public void Generate_FixtureSchema_EqualsCommittedOutput(string schemaFile, string generatedFile)
    {
        var schema = File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Schemas", schemaFile));
        var text = TypeScriptGenerator.Generate(schema, TestOptions).Single().Value;
        var path = Path.Combine(RepositoryPaths.Package, "test", "generated", generatedFile);

        if (Environment.GetEnvironmentVariable("PACK_UPDATE_GENERATED") == "1")
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, text);
        }

        Assert.True(File.Exists(path), $"{path} is missing: run with PACK_UPDATE_GENERATED=1 to write it.");
        Assert.Equal(File.ReadAllText(path), text);
    }

    [Fact]
    public void SampleApiFixture_IsTheSchemaOfTheSampleContracts()
    {
        // The fixture is transcribed by Schemas/make-fixtures.py; its annotations (docs/schema.md §1.4) and defaults
        // must be the real contracts', so that the generated sample-api.ts types what the sample API really sends.
        var set = PackSchemaSet.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Schemas", "sample-api.schema.json")));
        Type[] roots =
        [
            typeof(Pack.Samples.Contracts.Order), typeof(List<Pack.Samples.Contracts.Order>), typeof(Pack.Samples.Contracts.CreateOrderRequest),
            typeof(Pack.Samples.Contracts.Organization), typeof(Pack.Samples.Contracts.Member), typeof(List<Pack.Samples.Contracts.Member>),
            typeof(Pack.Samples.Contracts.Shipment),
        ];

        Assert.Equal(roots.Length, set.Schemas.Count);
        foreach (var root in roots)
        {
            var schema = PackSchema.For(root);
            Assert.Equal(schema.CanonicalText, set.Find(schema.Label)?.CanonicalText);
        }
    }

    [Fact]
    public void VectorsFixture_TupleAndKeyValuePairKeyRoots_AreTheSchemasOfTheirTypes()
    {
        // The roots make-fixtures.py adds for the §5.1 component vectors must be what .NET describes for those types.
        var set = PackSchemaSet.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Schemas", "vectors.schema.json")));
        Type[] roots =
        [
            typeof(HashSet<(decimal, int)>), typeof(HashSet<(DateTime, int)>), typeof(Dictionary<(DateTimeOffset, int), int>),
            typeof(HashSet<(double, int)>), typeof(Dictionary<KeyValuePair<decimal, int>, int>), typeof(HashSet<(decimal, string)>),
        ];

        foreach (var root in roots)
        {
            var schema = PackSchema.For(root);
            Assert.Equal(schema.CanonicalText, set.Find(schema.Label)?.CanonicalText);
        }
    }

    [Fact]
    public void Generate_CatchAllRouteParameter_KeepsItsSlashes()
    {
        // docs/schema.md §5.3: a catch-all ({*path}) is split at '/' and each segment encoded; any other route value is one component.
        var order = PackSchema.For(typeof(Pack.Samples.Contracts.Order));
        var set = new PackSchemaSet([order],
        [
            new PackSchemaEndpoint("Files", "Get", "GET", "/files/{id}/{path}",
                [
                    new PackSchemaEndpointParameter("id", PackSchemaParameterSource.Route, "i32", optional: false),
                    new PackSchemaEndpointParameter("path", PackSchemaParameterSource.Route, "string", optional: false, catchAll: true),
                ],
                request: null, new PackSchemaEndpointBody(order.Label, stream: false)),
        ]);

        var text = TypeScriptGenerator.Generate(set.ToJsonString(), TestOptions).Single().Value;

        Assert.Contains("export function filesGet(client: PackClient, id: number, path: string, options?: EndpointOptions<Order | null>): Promise<Order | null> {", text, StringComparison.Ordinal);
        Assert.Contains("return client.call(\"GET\", `files/${routeValue(id)}/${routePathValue(path)}`, null, endpointReader(OrderPayload, options), options);", text, StringComparison.Ordinal);
        Assert.Contains("routePathValue", text[..text.IndexOf("export", StringComparison.Ordinal)], StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_NonNullableMembers_AreTypedAndCheckedWithoutNull()
    {
        var schema = File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Schemas", "sample-api.schema.json"));

        var text = TypeScriptGenerator.Generate(schema, TestOptions).Single().Value;

        Assert.Contains("  Customer: string;", text, StringComparison.Ordinal);
        Assert.Contains("  Lines: OrderLine[];", text, StringComparison.Ordinal);
        Assert.Contains("  Name: string | null;", text, StringComparison.Ordinal);
        Assert.Contains("  Tags: string[] | null;", text, StringComparison.Ordinal);
        Assert.Contains("  TrackingUrl: string | null;", text, StringComparison.Ordinal);
        Assert.Contains("m1 = r.notNull(r.pos, r.string());", text, StringComparison.Ordinal);
        Assert.Contains("w.string(w.notNull(v.Customer));", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_NonNullableMemberWithoutDefault_IsAnErrorWhenAbsent()
    {
        // record Person(string Name, List<string?> Tags): an older writer's payload without them has no non-null value to give.
        const string Schema = """{"format":"pack-schema/1","types":[{"kind":"object","members":[{"name":"Name","nullability":"!","type":1},{"name":"Tags","nullability":"!?","type":2}],"name":"Shop.Person","nullable":true},{"kind":"primitive","nullable":true,"primitive":"string"},{"element":1,"kind":"list","nullable":true}]}""";

        var text = TypeScriptGenerator.Generate(Schema, TestOptions).Single().Value;

        Assert.Contains("  Name: string;", text, StringComparison.Ordinal);
        Assert.Contains("  Tags: (string | null)[];", text, StringComparison.Ordinal);
        Assert.Contains("let m0: string = null!;", text, StringComparison.Ordinal);
        Assert.Contains("if (r.has(t, 0)) m0 = r.notNull(r.pos, r.string()); else r.absent();", text, StringComparison.Ordinal);
        Assert.Contains("m = 1; if (r.has(t, 1)) m1 = r.notNull(r.pos, readListOfString(r)); else r.absent();", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_AbsentStructMemberWhoseZeroHoldsANonNullableNull_IsAnErrorWhenAbsent()
    {
        // class Holder { int A; Named Inner; } struct Named { string Name; }: an older writer's payload without Inner
        // leaves the zero Named, whose Name is null where the contract says `!` (docs/schema.md §6; found by
        // RandomContracts/). A struct whose references are all nullable still reads as its zero value.
        const string Schema = """{"format":"pack-schema/1","types":[{"kind":"object","members":[{"name":"A","type":1},{"name":"Inner","type":2},{"name":"Loose","type":4}],"name":"Shop.Holder","nullable":true},{"kind":"primitive","nullable":false,"primitive":"i32","signed":true,"width":4},{"kind":"object","members":[{"name":"Name","nullability":"!","type":3}],"name":"Shop.Named","nullable":false},{"kind":"primitive","nullable":true,"primitive":"string"},{"kind":"object","members":[{"name":"Note","nullability":"?","type":3}],"name":"Shop.Loose","nullable":false}]}""";

        var text = TypeScriptGenerator.Generate(Schema, TestOptions).Single().Value;

        Assert.Contains("let m1: Named = null!;", text, StringComparison.Ordinal);
        Assert.Contains("m = 1; if (r.has(t, 1)) m1 = readNamed(r); else r.absent();", text, StringComparison.Ordinal);
        Assert.Contains("let m2: Loose = { Note: null };", text, StringComparison.Ordinal);
        Assert.Contains("m = 2; if (r.has(t, 2)) m2 = readLoose(r);", text, StringComparison.Ordinal);
        Assert.DoesNotContain("readLoose(r); else r.absent();", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_MapWithNonNullableKeyBesideTheSameMapAsARoot_EmitsItOnce()
    {
        // Holder { Dictionary<string, int>? Tags } ("?!": the key's `!`) and the root Dictionary<string, int>
        // (oblivious) are one map: its key is never null either way. The annotated one was a variant with the plain
        // one's name, so both were emitted (esbuild: "readMapOfStringToI32 has already been declared"; found by
        // RandomContracts/).
        const string Holder = """{"format":"pack-schema/1","types":[{"kind":"object","members":[{"name":"Tags","nullability":"?!","type":1}],"name":"Shop.Holder","nullable":true},{"key":2,"kind":"map","nullable":true,"value":3},{"kind":"primitive","nullable":true,"primitive":"string"},{"kind":"primitive","nullable":false,"primitive":"i32","signed":true,"width":4}]}""";
        const string Map = """{"format":"pack-schema/1","types":[{"key":1,"kind":"map","nullable":true,"value":2},{"kind":"primitive","nullable":true,"primitive":"string"},{"kind":"primitive","nullable":false,"primitive":"i32","signed":true,"width":4}]}""";
        var set = new PackSchemaSet([PackSchema.Parse(Holder), PackSchema.Parse(Map)]);

        var text = TypeScriptGenerator.Generate(set, TestOptions).Single().Value;

        Assert.Single(System.Text.RegularExpressions.Regex.Matches(text, "function readMapOfStringToI32\\("));
        Assert.Single(System.Text.RegularExpressions.Regex.Matches(text, "function writeMapOfStringToI32\\("));
        Assert.Contains("m0 = readMapOfStringToI32(r);", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_AbsentMembersWhoseValuesAllocate_ChargeTheAllocationBudget()
    {
        // class Holder { int A; Named Inner; DateTimeOffset At; List<int>? Ids = []; } struct Named { Pair P; int N; }
        // struct Pair { int X; int Y; }: an older writer's payload without the last three leaves a zero Named (two
        // objects), a zero DateTimeOffset and the default typed array, each charged (docs/robustness.md); A is not. At's
        // read is prepaid with the object (its fixed estimate charged after the header), so absent it is given back the
        // difference to its zero value.
        const string Schema = """{"format":"pack-schema/1","types":[{"kind":"object","members":[{"name":"A","type":1},{"name":"Inner","type":2},{"name":"At","type":4},{"default":[],"name":"Ids","type":5}],"name":"Shop.Holder","nullable":true},{"kind":"primitive","nullable":false,"primitive":"i32","signed":true,"width":4},{"kind":"object","members":[{"name":"P","type":3},{"name":"N","type":1}],"name":"Shop.Named","nullable":false},{"kind":"object","members":[{"name":"X","type":1},{"name":"Y","type":1}],"name":"Shop.Pair","nullable":false},{"kind":"primitive","nullable":false,"primitive":"datetimeoffset","width":10},{"element":1,"kind":"list","nullable":true}]}""";

        var text = TypeScriptGenerator.Generate(Schema, TestOptions).Single().Value.Replace("\r\n", "\n", StringComparison.Ordinal);

        var budget = AllocationBudgetConstants();
        int obj = budget["OBJECT_BYTES"], member = budget["MEMBER_BYTES"];
        Assert.Contains("if (r.has(t, 0)) m0 = r.i32();\n", text, StringComparison.Ordinal);
        Assert.Contains($"m1 = readNamed(r); else r.charge({(obj + (2 * member)) * 2});", text, StringComparison.Ordinal);
        Assert.Contains($"  if (t === NULL_OBJECT) return null;\n  r.charge({budget["DATETIMEOFFSET_BYTES"]});\n", text, StringComparison.Ordinal);
        Assert.Contains($"m2 = r.dateTimeOffsetPrepaid(); else r.charge({obj + (2 * member) - budget["DATETIMEOFFSET_BYTES"]});", text, StringComparison.Ordinal);
        Assert.Contains($"else r.charge({budget["TYPED_ARRAY_BYTES"]});", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_EveryPrepaidRead_IsAReaderMethod_AndTheObjectChargesTheirSum()
    {
        // One object with a member of every primitive whose estimate the type fixes: each is read by a `…Prepaid`
        // method that PackReader has, and the object charges the sum of what their charged reads charge.
        string[] primitives = ["f16", "f32", "f64", "i64", "u64", "i128", "u128", "char", "decimal", "guid", "datetime", "datetimeoffset", "timespan", "timeonly"];
        int[] widths = [2, 4, 8, 8, 8, 16, 16, 2, 16, 16, 8, 10, 8, 8];
        string Signed(string p) => p[0] is 'i' ? ",\"signed\":true" : p[0] is 'u' ? ",\"signed\":false" : "";
        var members = string.Join(",", primitives.Select((p, i) => $$"""{"name":"M{{i}}","type":{{i + 1}}}"""));
        var types = string.Join(",", primitives.Select((p, i) => $$"""{"kind":"primitive","nullable":false,"primitive":"{{p}}"{{Signed(p)}},"width":{{widths[i]}}}"""));
        var schema = $$"""{"format":"pack-schema/1","types":[{"kind":"object","members":[{{members}}],"name":"Shop.All","nullable":true},{{types}}]}""";

        var text = TypeScriptGenerator.Generate(schema, TestOptions).Single().Value;

        var reader = File.ReadAllText(Path.Combine(RepositoryPaths.Package, "src", "reader.ts"));
        var reads = System.Text.RegularExpressions.Regex.Matches(text, @"m\d+ = r\.(\w+Prepaid)\(\);").Select(m => m.Groups[1].Value).ToList();
        Assert.Equal(primitives.Length, reads.Count);
        foreach (var read in reads)
        {
            Assert.Contains($"\n  {read}(): ", reader, StringComparison.Ordinal);
        }

        var budget = AllocationBudgetConstants();
        int number = budget["NUMBER_BYTES"], bigint = budget["BIGINT_BYTES"], bigint128 = budget["BIGINT128_BYTES"];
        var sum = (3 * number) + (2 * bigint) + (2 * bigint128) + budget["STRING_BYTES"] + budget["DECIMAL_BYTES"] + budget["GUID_BYTES"]
            + budget["DATETIME_BYTES"] + budget["DATETIMEOFFSET_BYTES"] + (2 * bigint);
        Assert.Contains($"  r.charge({sum});", text, StringComparison.Ordinal);
    }

    [Fact]
    public void AbsentCharges_EstimatesAreTheTypeScriptClients()
    {
        var budget = AllocationBudgetConstants();

        Assert.Equal(TypeScriptGenerator.ObjectBytes, budget["OBJECT_BYTES"]);
        Assert.Equal(TypeScriptGenerator.MemberBytes, budget["MEMBER_BYTES"]);
        Assert.Equal(TypeScriptGenerator.CollectionBytes, budget["COLLECTION_BYTES"]);
        Assert.Equal(TypeScriptGenerator.TypedArrayBytes, budget["TYPED_ARRAY_BYTES"]);
        Assert.Equal(TypeScriptGenerator.NumberBytes, budget["NUMBER_BYTES"]);
        Assert.Equal(TypeScriptGenerator.StringBytes, budget["STRING_BYTES"]);
        Assert.Equal(TypeScriptGenerator.BigintBytes, budget["BIGINT_BYTES"]);
        Assert.Equal(TypeScriptGenerator.Bigint128Bytes, budget["BIGINT128_BYTES"]);
        Assert.Equal(TypeScriptGenerator.DecimalBytes, budget["DECIMAL_BYTES"]);
        Assert.Equal(TypeScriptGenerator.GuidBytes, budget["GUID_BYTES"]);
        Assert.Equal(TypeScriptGenerator.DateTimeBytes, budget["DATETIME_BYTES"]);
        Assert.Equal(TypeScriptGenerator.DateTimeOffsetBytes, budget["DATETIMEOFFSET_BYTES"]);
    }

    [Fact]
    public void Generate_MembersAndElementsWithFixedEstimates_ArePrepaidOnce()
    {
        // class Reading { double V; long At; string Name; } struct Point { float X; float Y; } List<decimal>: the object
        // charges V's number and At's bigint after its header, the fixed struct its members with itself, the list its
        // elements after the count; each is then read uncharged (docs/robustness.md).
        const string Schema = """{"format":"pack-schema/1","types":[{"kind":"object","members":[{"name":"V","type":1},{"name":"At","type":2},{"name":"Name","type":3},{"name":"P","type":4},{"name":"Amounts","type":6}],"name":"Shop.Reading","nullable":true},{"kind":"primitive","nullable":false,"primitive":"f64","width":8},{"kind":"primitive","nullable":false,"primitive":"i64","signed":true,"width":8},{"kind":"primitive","nullable":true,"primitive":"string"},{"kind":"frozen-struct","members":[{"name":"X","type":5},{"name":"Y","type":5}],"name":"Shop.Point","nullable":false,"width":8},{"kind":"primitive","nullable":false,"primitive":"f32","width":4},{"element":7,"kind":"list","nullable":true},{"kind":"primitive","nullable":false,"primitive":"decimal","width":16}]}""";

        var text = TypeScriptGenerator.Generate(Schema, TestOptions).Single().Value.Replace("\r\n", "\n", StringComparison.Ordinal);

        var budget = AllocationBudgetConstants();
        Assert.Contains($"  if (t === NULL_OBJECT) return null;\n  r.charge({budget["NUMBER_BYTES"] + budget["BIGINT_BYTES"]});\n", text, StringComparison.Ordinal);
        Assert.Contains($"if (r.has(t, 0)) m0 = r.f64Prepaid(); else r.charge(-{budget["NUMBER_BYTES"]});", text, StringComparison.Ordinal);
        Assert.Contains($"m = 1; if (r.has(t, 1)) m1 = r.i64Prepaid(); else r.charge(-{budget["BIGINT_BYTES"]});", text, StringComparison.Ordinal);
        Assert.Contains("m = 2; if (r.has(t, 2)) m2 = r.string();\n", text, StringComparison.Ordinal);
        Assert.Contains($"  r.charge({budget["OBJECT_BYTES"] + (2 * budget["MEMBER_BYTES"]) + (2 * budget["NUMBER_BYTES"])});\n  const m0 = r.f32Prepaid();\n  const m1 = r.f32Prepaid();", text, StringComparison.Ordinal);
        Assert.Contains($"  r.charge(n * {budget["DECIMAL_BYTES"]});\n", text, StringComparison.Ordinal);
        Assert.Contains("for (; i < n; i++) out[i] = r.decimalPrepaid();", text, StringComparison.Ordinal);
        Assert.DoesNotContain("r.f64()", text, StringComparison.Ordinal);
        Assert.DoesNotContain("r.f32()", text, StringComparison.Ordinal);
    }

    /// <summary>The <c>export const NAME = n;</c> lines of clients/typescript/src/allocation-budget.ts.</summary>
    private static Dictionary<string, int> AllocationBudgetConstants()
    {
        var source = File.ReadAllText(Path.Combine(RepositoryPaths.Package, "src", "allocation-budget.ts"));
        var constants = System.Text.RegularExpressions.Regex.Matches(source, @"export const ([A-Z][A-Z0-9_]*) = (\d+);")
            .ToDictionary(m => m.Groups[1].Value, m => int.Parse(m.Groups[2].Value, System.Globalization.CultureInfo.InvariantCulture), StringComparer.Ordinal);
        Assert.Contains("OBJECT_BYTES", constants.Keys);
        return constants;
    }

    [Fact]
    public void Generate_SameSchemaTwice_SameText()
    {
        var schema = File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Schemas", "vectors.schema.json"));

        Assert.Equal(TypeScriptGenerator.Generate(schema, TestOptions).Single().Value, TypeScriptGenerator.Generate(schema, TestOptions).Single().Value);
    }

    [Fact]
    public void Generate_SampleApi_EmbedsEachRootsWireFingerprint()
    {
        var schema = File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Schemas", "sample-api.schema.json"));
        var set = JsonNode.Parse(schema)!;

        var text = TypeScriptGenerator.Generate(schema, TestOptions).Single().Value;

        foreach (var entry in set["schemas"]!.AsArray())
        {
            Assert.Contains($"wireFingerprint: \"{(string)entry!["wire"]!}\"", text, StringComparison.Ordinal);
        }

        Assert.Contains("export function decodeOrder(bytes: Uint8Array", text, StringComparison.Ordinal);
        Assert.Contains("export function encodeCreateOrderRequest(value: CreateOrderRequest | null", text, StringComparison.Ordinal);
        Assert.Contains("Members: Member[] | null;", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_RecordedFingerprintDoesNotMatch_ThrowsFormatException()
    {
        var schema = File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Schemas", "sample-api.schema.json"));
        var set = JsonNode.Parse(schema)!;
        set["schemas"]![0]!["wire"] = "0000000000000000";

        var ex = Assert.Throws<FormatException>(() => TypeScriptGenerator.Generate(set.ToJsonString()));

        Assert.Contains("fingerprints", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_TwoRootsOfTheSameSchemaType_EmitsThePayloadOnce()
    {
        // string[] and List<string> have the same schema (list<string>); a set holding both once emitted the
        // payload functions twice (TS2393 under tsc), found by generating docs/vectors/schemas.json of issue 26.
        const string Schema = """{"format":"pack-schema/1","types":[{"element":1,"kind":"list","nullable":true},{"kind":"primitive","nullable":true,"primitive":"string"}]}""";
        var parsed = PackSchema.Parse(Schema);
        var wire = parsed.WireFingerprint;
        var contract = parsed.ContractFingerprint;
        var set = $$"""
            { "format": "pack-schema-set/1", "schemas": [
              { "type": "List<string>", "wire": "{{wire}}", "contract": "{{contract}}", "schema": {{Schema}} },
              { "type": "string[]", "wire": "{{wire}}", "contract": "{{contract}}", "schema": {{Schema}} } ] }
            """;

        var text = TypeScriptGenerator.Generate(set, TestOptions).Single().Value;

        Assert.Single(System.Text.RegularExpressions.Regex.Matches(text, "export function decodeListOfString\\("));
        Assert.Single(System.Text.RegularExpressions.Regex.Matches(text, "export const ListOfStringPayload"));
    }
}

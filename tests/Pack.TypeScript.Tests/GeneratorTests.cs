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
    public void Generate_NonNullableMembers_AreTypedAndDescribedWithoutNull()
    {
        var schema = File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Schemas", "sample-api.schema.json"));

        var text = TypeScriptGenerator.Generate(schema, TestOptions).Single().Value;

        Assert.Contains("  Customer: string;", text, StringComparison.Ordinal);
        Assert.Contains("  Lines: OrderLine[];", text, StringComparison.Ordinal);
        Assert.Contains("  Name: string | null;", text, StringComparison.Ordinal);
        Assert.Contains("  Tags: string[] | null;", text, StringComparison.Ordinal);
        Assert.Contains("  TrackingUrl: string | null;", text, StringComparison.Ordinal);
        Assert.Contains("{ name: \"Customer\", type: { kind: \"primitive\", primitive: \"string\" }, nonNull: true, default: \"\" }", text, StringComparison.Ordinal);
        Assert.Contains("{ name: \"Lines\", type: { kind: \"list\", element: () => descriptorOfOrderLine, nullable: true, elementNonNull: true }, nonNull: true, default: [] }", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_NonNullableMemberWithoutDefault_IsDescribedWithoutADefault()
    {
        // record Person(string Name, List<string?> Tags): the runtime rejects a payload without them (no non-null value to give).
        const string Schema = """{"format":"pack-schema/1","types":[{"kind":"object","members":[{"name":"Name","nullability":"!","type":1},{"name":"Tags","nullability":"!?","type":2}],"name":"Shop.Person","nullable":true},{"kind":"primitive","nullable":true,"primitive":"string"},{"element":1,"kind":"list","nullable":true}]}""";

        var text = TypeScriptGenerator.Generate(Schema, TestOptions).Single().Value;

        Assert.Contains("  Name: string;", text, StringComparison.Ordinal);
        Assert.Contains("  Tags: (string | null)[];", text, StringComparison.Ordinal);
        Assert.Contains("{ name: \"Name\", type: { kind: \"primitive\", primitive: \"string\" }, nonNull: true }", text, StringComparison.Ordinal);
        Assert.Contains("{ name: \"Tags\", type: { kind: \"list\", element: { kind: \"primitive\", primitive: \"string\" }, nullable: true }, nonNull: true }", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_MapWithNonNullableKeyBesideTheSameMapAsARoot_DescribesItOnce()
    {
        // Holder { Dictionary<string, int>? Tags } ("?!": the key's `!`) and the root Dictionary<string, int>
        // (oblivious) are one map: its key is never null either way. The annotated one was a variant with the plain
        // one's name, so both were emitted (esbuild: "… has already been declared"; found by RandomContracts/).
        const string Holder = """{"format":"pack-schema/1","types":[{"kind":"object","members":[{"name":"Tags","nullability":"?!","type":1}],"name":"Shop.Holder","nullable":true},{"key":2,"kind":"map","nullable":true,"value":3},{"kind":"primitive","nullable":true,"primitive":"string"},{"kind":"primitive","nullable":false,"primitive":"i32","signed":true,"width":4}]}""";
        const string Map = """{"format":"pack-schema/1","types":[{"key":1,"kind":"map","nullable":true,"value":2},{"kind":"primitive","nullable":true,"primitive":"string"},{"kind":"primitive","nullable":false,"primitive":"i32","signed":true,"width":4}]}""";
        var set = new PackSchemaSet([PackSchema.Parse(Holder), PackSchema.Parse(Map)]);

        var text = TypeScriptGenerator.Generate(set, TestOptions).Single().Value;

        Assert.Single(System.Text.RegularExpressions.Regex.Matches(text, "export const descriptorOfMapOfStringToI32\\b"));
        Assert.Single(System.Text.RegularExpressions.Regex.Matches(text, "export function decodeMapOfStringToI32\\("));
    }

    [Theory]
    [MemberData(nameof(Fixtures))]
    public void Generate_FixtureSchema_HoldsNoCodecRule(string schemaFile, string generatedFile)
    {
        // Issue 43: the module describes, the runtime decides. No read or write, budget charge, null check or error text.
        _ = generatedFile;
        var schema = File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Schemas", schemaFile));

        var text = TypeScriptGenerator.Generate(schema, TestOptions).Single().Value;

        foreach (var rule in new[] { "r.charge", "charge(", "PackReader", "PackWriter", "notNull(", "absent()", "decodeSegment", "encodeSegment", "beginObject", "beginCollection", "cannot be null", "keyOf" })
        {
            Assert.DoesNotContain(rule, text, StringComparison.Ordinal);
        }

        Assert.Contains("decodeDescribed(descriptorOf", text, StringComparison.Ordinal);
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

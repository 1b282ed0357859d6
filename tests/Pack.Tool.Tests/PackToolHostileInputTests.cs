using System.Text.Json.Nodes;

namespace Pack.Tool.Tests;

/// <summary>
/// <c>pack</c> on hostile input: schema files an attacker wrote and bytes that lie. Every command exits non-zero with
/// one line starting <c>pack:</c> and no stack trace, and generated TypeScript never runs text from the schema as code.
/// </summary>
public sealed class PackToolHostileInputTests : IDisposable
{
    private const string I32 = """{"kind":"primitive","nullable":false,"primitive":"i32","width":4,"signed":true}""";
    private const string I64 = """{"kind":"primitive","nullable":false,"primitive":"i64","width":8,"signed":true}""";
    private const string Str = """{"kind":"primitive","nullable":true,"primitive":"string"}""";

    private readonly SchemaFiles files = new();

    public void Dispose() => files.Dispose();

    public static TheoryData<string, string> HostileSchemas => new()
    {
        { "null member", Doc("""{"kind":"object","nullable":true,"name":"A","members":[null]}""") },
        { "i32 of width 1", Doc("""{"kind":"primitive","nullable":false,"primitive":"i32","width":1,"signed":true}""") },
        { "list of itself", Doc("""{"kind":"list","nullable":true,"element":0}""") },
        { "frozen struct of itself", Doc("""{"kind":"frozen-struct","nullable":false,"name":"F","width":4,"members":[{"name":"a","type":0}]}""") },
        { "union of itself", Doc("""{"kind":"union","nullable":true,"name":"U","cases":[{"tag":0,"type":0}]}""") },
        { "exponential label", Doc([.. Enumerable.Range(0, 16).Select(i => $$"""{"kind":"map","nullable":true,"key":{{i + 1}},"value":{{i + 1}}}"""), """{"kind":"object","nullable":true,"name":"N","members":[]}"""]) },
        { "json nested 10,000 deep", new string('[', 10_000) + new string(']', 10_000) },
        { "not a schema", """{"format":"pack-schema-set/1","schemas":[7]}""" },
        { "two members of one name", """{"format":"pack-schema/1","types":[{"kind":"primitive","nullable":false,"primitive":"i32","width":4,"signed":true}],"types":[]}""" },
        { "two members of one name, one escaped", Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"a","n\u0061me":"b","type":0}]}""") },
        { "endpoint parameter not an object", """{"format":"pack-schema-set/1","schemas":[],"endpoints":[{"group":"g","name":"n","method":"GET","route":"/","parameters":[null]}]}""" },
    };

    [Theory]
    [MemberData(nameof(HostileSchemas))]
    public async Task EveryCommand_HostileSchemaFile_ExitsWithOneLineAndNoStackTrace(string name, string document)
    {
        string schema = files.PathOf("hostile.json");
        await File.WriteAllTextAsync(schema, document);

        foreach (string[] args in (string[][])[["inspect", "00000000", "--schema", schema], ["schema", "diff", schema, schema], ["ts", "--schema", schema, "--out", files.PathOf("ts")]])
        {
            var run = ToolRunner.RunAsync(args);
            var finished = await Task.WhenAny(run, Task.Delay(TimeSpan.FromSeconds(10)));

            Assert.True(finished == run, $"{name}: pack {args[0]} did not finish");
            var (exit, _, error) = await run;
            Assert.Equal(2, exit);
            Assert.StartsWith($"pack: {schema} is not a Pack schema: ", error, StringComparison.Ordinal);
            Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData("fe ff ff ff 00 00 00 00")]
    [InlineData("f9 ff ff ff 00 00 00 00")]
    public async Task Inspect_StringHeaderLongerThanTheInput_IsMalformedNotACrash(string hex)
    {
        string schema = files.Write("string.json", typeof(string));

        var (exit, output, error) = await ToolRunner.RunAsync("inspect", hex, "--schema", schema);

        Assert.Equal(1, exit);
        Assert.Empty(error);
        Assert.Contains("✗ malformed at @0: truncated: a string needs", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Ts_NamesThatCloseCommentsOrLines_StayInsideTheirComments()
    {
        string evil = "Evil */ globalThis.pwned = 1; /*\nglobalThis.pwned = 2; //\u2028globalThis.pwned = 3;";
        var document = Doc($$"""{"kind":"object","nullable":true,"name":{{Json(evil)}},"members":[{"name":"a","type":1}]}""", I32);

        string generated = await GenerateAsync(document);

        // The name appears in doc comments (now one line, with no "*/" of its own) and in string literals only.
        foreach (string line in generated.Split('\n').Where(l => l.Contains("pwned", StringComparison.Ordinal)))
        {
            bool comment = line.StartsWith("/** ", StringComparison.Ordinal) && line.IndexOf("*/", StringComparison.Ordinal) == line.Length - 2;
            bool literal = line.StartsWith("  label: \"", StringComparison.Ordinal) || line.StartsWith("  schema: '", StringComparison.Ordinal)
                || (line.StartsWith("export const descriptorOf", StringComparison.Ordinal) && line.Contains($"name: {System.Text.Json.JsonSerializer.Serialize(evil)}, ", StringComparison.Ordinal)
                    && line.Replace(System.Text.Json.JsonSerializer.Serialize(evil), "", StringComparison.Ordinal).IndexOf("pwned", StringComparison.Ordinal) < 0);
            Assert.True(comment || literal, line);
        }

        Assert.Contains("/** `Evil * / globalThis.pwned = 1; /* globalThis.pwned = 2; // globalThis.pwned = 3;` (class, 1 members). */", generated, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Ts_RouteWithTemplateSyntax_IsTextOfTheUrlNotCode()
    {
        const string route = "/x/${globalThis.pwned=1}/`+(globalThis.pwned=2)+`/\\`/{id}";
        var set = new JsonObject
        {
            ["format"] = "pack-schema-set/1",
            ["schemas"] = new JsonArray(new JsonObject { ["schema"] = JsonNode.Parse(Doc("""{"kind":"object","nullable":true,"name":"A","members":[]}""")) }),
            ["endpoints"] = new JsonArray(new JsonObject
            {
                ["group"] = "g", ["name"] = "n */ globalThis.pwned = 3; /*", ["method"] = "GET", ["route"] = route,
                ["parameters"] = new JsonArray(new JsonObject { ["name"] = "id", ["in"] = "route", ["type"] = "i32", ["optional"] = false }),
                ["response"] = new JsonObject { ["type"] = "A", ["stream"] = false },
            }),
        };

        string generated = await GenerateAsync(set.ToJsonString());

        Assert.Contains("`x/\\${globalThis.pwned=1}/\\`+(globalThis.pwned=2)+\\`/\\\\\\`/${routeValue(id)}`", generated, StringComparison.Ordinal);
        Assert.Contains("/** `GET /x/${globalThis.pwned=1}/`+(globalThis.pwned=2)+`/\\`/{id}` (g.n * / globalThis.pwned = 3; /*). */", generated, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(I64, "\"5n; globalThis.pwned = 1; //\"", "is not an integer")]
    [InlineData(I32, "\"1; globalThis.pwned = 1\"", "is not an integer from")]
    [InlineData(I32, "{\"__proto__\":{}}", "is not an integer from")]
    [InlineData("""{"kind":"primitive","nullable":false,"primitive":"f64","width":8}""", "\"ffffffffffffffffff\"", "is not 16 hex digits")]
    [InlineData("""{"kind":"primitive","nullable":false,"primitive":"datetime","width":8}""", "{\"ticks\":\"0n, kind: globalThis.pwned = 1 }; //\",\"kind\":\"Utc\"}", "is not an integer")]
    [InlineData("""{"kind":"primitive","nullable":false,"primitive":"bool","width":1}""", "\"globalThis.pwned\"", "is not true or false")]
    public async Task Ts_DefaultThatIsNotAValueOfItsType_IsRefused(string memberType, string defaultJson, string expected)
    {
        string schema = files.PathOf("default.json");
        await File.WriteAllTextAsync(schema, Doc($$"""{"kind":"object","nullable":true,"name":"A","members":[{"name":"a","type":1,"default":{{defaultJson}}}]}""", memberType));

        var (exit, _, error) = await ToolRunner.RunAsync("ts", "--schema", schema, "--out", files.PathOf("ts"));

        Assert.Equal(2, exit);
        Assert.StartsWith("pack: The default of type ", error, StringComparison.Ordinal);
        Assert.Contains(expected, error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Ts_StringDefaultWithQuotes_IsAStringLiteral()
    {
        string generated = await GenerateAsync(Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"a","type":1,"default":"\"; globalThis.pwned = 1; \""}]}""", Str));

        Assert.Contains("{ name: \"a\", type: { kind: \"primitive\", primitive: \"string\" }, default: \"\\u0022; globalThis.pwned = 1; \\u0022\" }", generated, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Ts_MemberNamedProto_IsAnOwnMemberNotThePrototype()
    {
        string generated = await GenerateAsync(Doc(
            """{"kind":"object","nullable":true,"name":"A","members":[{"name":"__proto__","type":1},{"name":"s","type":2}]}""",
            I32,
            """{"kind":"object","nullable":false,"name":"S","members":[{"name":"__proto__","type":1}]}"""));

        // The name is a string in the descriptors, never a key of an object literal; the runtime defines it as an own
        // member (clients/typescript/test/node/codec-for.test.mjs).
        Assert.Contains("members: [{ name: \"__proto__\", type: { kind: \"primitive\", primitive: \"i32\" } }, { name: \"s\", type: () => descriptorOfS }]", generated, StringComparison.Ordinal);
        Assert.Contains("members: [{ name: \"__proto__\", type: { kind: \"primitive\", primitive: \"i32\" } }] }", generated, StringComparison.Ordinal);
        Assert.DoesNotContain("{ __proto__:", generated, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Ts_TypeNamesThatAreGlobalsEmptyOrTaken_GetIdentifiersOfTheirOwn()
    {
        string generated = await GenerateAsync(Doc(
            """{"kind":"object","nullable":true,"name":"Root","members":[{"name":"a","type":1},{"name":"b","type":2},{"name":"c","type":3},{"name":"d","type":4},{"name":"e","type":5}]}""",
            """{"kind":"object","nullable":true,"name":"Shop.Map","members":[]}""",
            """{"kind":"object","nullable":true,"name":"!!!","members":[]}""",
            """{"kind":"object","nullable":true,"name":"A.Foo","members":[]}""",
            """{"kind":"object","nullable":true,"name":"B.Foo","members":[]}""",
            """{"kind":"object","nullable":true,"name":"BFoo","members":[]}"""));

        Assert.DoesNotContain("export interface Map ", generated, StringComparison.Ordinal);
        Assert.Contains("export interface ShopMap {", generated, StringComparison.Ordinal);
        Assert.Contains("export interface Type {", generated, StringComparison.Ordinal);
        Assert.Contains("export interface Foo {", generated, StringComparison.Ordinal);
        Assert.Contains("export interface BFoo {", generated, StringComparison.Ordinal);
        Assert.Contains("export interface BFoo2 {", generated, StringComparison.Ordinal);
        var interfaces = generated.Split('\n').Where(l => l.StartsWith("export interface ", StringComparison.Ordinal)).ToList();
        Assert.Equal(interfaces.Count, interfaces.Distinct(StringComparer.Ordinal).Count());
    }

    private static string Doc(params string[] types) => $$"""{"format":"pack-schema/1","types":[{{string.Join(",", types)}}]}""";

    private static string Json(string text) => JsonValue.Create(text).ToJsonString();

    private async Task<string> GenerateAsync(string document)
    {
        string schema = files.PathOf("schema.json");
        string directory = files.PathOf("ts-" + Guid.NewGuid().ToString("N"));
        await File.WriteAllTextAsync(schema, document);

        var (exit, _, error) = await ToolRunner.RunAsync("ts", "--schema", schema, "--out", directory);

        Assert.True(exit == 0, error);
        return await File.ReadAllTextAsync(Path.Combine(directory, "contracts.ts"));
    }
}

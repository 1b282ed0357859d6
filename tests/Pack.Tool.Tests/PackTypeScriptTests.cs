using Pack.Schema;

namespace Pack.Tool.Tests;

/// <summary><c>pack ts</c>: the command writes what the generator's committed output (clients/typescript/test/generated) holds.</summary>
public sealed class PackTypeScriptTests : IDisposable
{
    private readonly SchemaFiles files = new();

    public void Dispose() => files.Dispose();

    [Fact]
    public async Task Ts_SampleSchemaFixture_WritesTheCommittedGeneratedFile()
    {
        string schema = Path.Combine(Repository.Root, "tests", "Pack.TypeScript.Tests", "Schemas", "sample-api.schema.json");
        string directory = files.PathOf("ts-out");

        var (exit, text, error) = await ToolRunner.RunAsync("ts", "--schema", schema, "--out", directory, "--runtime", "../../src/codegen.js");

        Assert.True(exit == 0, error);
        Assert.Contains("contracts.ts", text, StringComparison.Ordinal);
        string expected = await File.ReadAllTextAsync(Path.Combine(Repository.Root, "clients", "typescript", "test", "generated", "sample-api.ts"));
        Assert.Equal(expected, await File.ReadAllTextAsync(Path.Combine(directory, "contracts.ts")));
    }

    [Fact]
    public async Task Ts_ServedSchemaWithEndpoints_WritesATypedFunctionPerEndpoint()
    {
        // The set the sample API serves (docs/schema.md §5.3), as `pack ts --schema http://…/pack/schema` reads it.
        string schema = Path.Combine(Repository.Root, "tests", "Pack.TypeScript.Tests", "Schemas", "sample-api.served.schema.json");
        string directory = files.PathOf("ts-served");

        var (exit, _, error) = await ToolRunner.RunAsync("ts", "--schema", schema, "--out", directory, "--runtime", "../../src/codegen.js");

        Assert.True(exit == 0, error);
        string written = await File.ReadAllTextAsync(Path.Combine(directory, "contracts.ts"));
        Assert.Equal(await File.ReadAllTextAsync(Path.Combine(Repository.Root, "clients", "typescript", "test", "generated", "sample-api-served.ts")), written);
        Assert.Contains("export function ordersGet(client: PackClient, id: number, options?: EndpointOptions<Order | null>): Promise<Order | null> {", written, StringComparison.Ordinal);
        Assert.Contains("return client.stream(\"GET\", withQuery(`api/members/stream`, { count: query?.count, delayMs: query?.delayMs }), null, endpointReader(MemberPayload, options), options);", written, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Ts_CatchAllRouteParameter_EncodesEachSegmentAndKeepsTheSlashes()
    {
        var schema = PackSchema.For(typeof(int));
        string path = files.PathOf("catch-all.schema.json");
        await File.WriteAllTextAsync(path, new PackSchemaSet([schema],
        [
            new PackSchemaEndpoint("Files", "Read", "GET", "/files/{path}",
                [new PackSchemaEndpointParameter("path", PackSchemaParameterSource.Route, "string", optional: false, catchAll: true)],
                request: null, new PackSchemaEndpointBody(schema.Label, stream: false)),
            new PackSchemaEndpoint("Files", "Find", "GET", "/find/{name}",
                [new PackSchemaEndpointParameter("name", PackSchemaParameterSource.Route, "string", optional: false)],
                request: null, new PackSchemaEndpointBody(schema.Label, stream: false)),
        ]).ToJsonString());
        string directory = files.PathOf("ts-catch-all");

        var (exit, _, error) = await ToolRunner.RunAsync("ts", "--schema", path, "--out", directory);

        Assert.True(exit == 0, error);
        string written = await File.ReadAllTextAsync(Path.Combine(directory, "contracts.ts"));
        Assert.Contains("`files/${routePathValue(path)}`", written, StringComparison.Ordinal);
        Assert.Contains("`find/${routeValue(name)}`", written, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Ts_ExportedSchemaWithoutEndpoints_WritesNoEndpointFunctions()
    {
        string schema = Path.Combine(Repository.Root, "tests", "Pack.TypeScript.Tests", "Schemas", "sample-api.schema.json");
        string directory = files.PathOf("ts-types-only");

        var (exit, _, error) = await ToolRunner.RunAsync("ts", "--schema", schema, "--out", directory);

        Assert.True(exit == 0, error);
        string written = await File.ReadAllTextAsync(Path.Combine(directory, "contracts.ts"));
        Assert.DoesNotContain("---- endpoints", written, StringComparison.Ordinal);
        Assert.DoesNotContain("PackClient", written, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Ts_WithoutOut_IsAUsageError()
    {
        string schema = Path.Combine(Repository.Root, "tests", "Pack.TypeScript.Tests", "Schemas", "sample-api.schema.json");

        var (exit, _, error) = await ToolRunner.RunAsync("ts", "--schema", schema);

        Assert.Equal(2, exit);
        Assert.Contains("--out", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Ts_WireFormSchema_FailsWithAMessage()
    {
        string schema = files.PathOf("wire.json");
        await File.WriteAllTextAsync(schema, """{"format":"pack-schema/1","types":[{"kind":"object","members":[{"type":1}],"nullable":true},{"kind":"primitive","nullable":false,"primitive":"f32","width":4}]}""");

        var (exit, _, error) = await ToolRunner.RunAsync("ts", "--schema", schema, "--out", files.PathOf("wire-out"));

        Assert.Equal(2, exit);
        Assert.Contains("wire form", error, StringComparison.Ordinal);
    }
}

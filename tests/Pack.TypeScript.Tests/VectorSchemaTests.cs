extern alias tool;

using System.Text.Json.Nodes;
using Pack.Schema;
using tool::Pack.Tool.TypeScript;

namespace Pack.TypeScript.Tests;

/// <summary>
/// <c>pack ts</c> on every root of docs/vectors/schemas.json (each Vector* type of the golden vectors and the built-in
/// roots): the generated module type-checks under the package's strict compiler options, with each root's fingerprints
/// as the vectors record them.
/// </summary>
public sealed class VectorSchemaTests(TypeScriptToolchain toolchain) : IClassFixture<TypeScriptToolchain>
{
    [Fact]
    public void Generate_EveryRootOfSchemaVectors_TypeChecksUnderTscStrict()
    {
        var vectors = JsonNode.Parse(File.ReadAllText(Path.Combine(RepositoryPaths.Root, "docs", "vectors", "schemas.json")), documentOptions: new System.Text.Json.JsonDocumentOptions { MaxDepth = 256 })!;
        var entries = vectors["schemas"]!.AsArray();
        var schemas = entries.Select(e => PackSchema.FromJson(e!["schema"])).ToList();
        var directory = Path.Combine(RepositoryPaths.Package, "build", "vector-schemas");
        Directory.CreateDirectory(directory);

        var text = TypeScriptGenerator.Generate(new PackSchemaSet(schemas), new TypeScriptGeneratorOptions { RuntimeModule = "../../src/codegen.js" }).Single().Value;
        File.WriteAllText(Path.Combine(directory, "contracts.ts"), text);
        File.WriteAllText(Path.Combine(directory, "tsconfig.json"), """
            { "extends": "../../tsconfig.json", "compilerOptions": { "noEmit": true, "rootDir": "../.." }, "include": ["contracts.ts"] }
            """);

        Assert.True(entries.Count >= 40, $"docs/vectors/schemas.json holds only {entries.Count} schemas");
        foreach (var entry in entries)
        {
            Assert.Contains($"wireFingerprint: \"{(string)entry!["wire"]!}\"", text, StringComparison.Ordinal);
        }

        toolchain.RequireDependencies();
        var tsc = TypeScriptToolchain.Tsc("build/vector-schemas/tsconfig.json");
        Assert.True(tsc.ExitCode == 0, $"tsc --strict rejected the TypeScript generated for docs/vectors/schemas.json:\n{tsc.Describe()}");
    }
}

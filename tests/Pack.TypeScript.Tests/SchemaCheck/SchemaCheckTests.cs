using Pack.Schema;

namespace Pack.TypeScript.Tests.SchemaCheck;

/// <summary>
/// The TypeScript client's schema check (docs/schema.md §5.1 and §5.2) against a real Kestrel server:
/// clients/typescript/test/e2e/schema-check.test.mjs, with code generated from <see cref="SchemaCheckContracts"/>.
/// </summary>
public sealed partial class SchemaCheckTests(TypeScriptToolchain toolchain) : IClassFixture<TypeScriptToolchain>
{
    [Fact]
    public void SchemaCheckFixture_IsWhatTheContractsBuild()
    {
        var text = new PackSchemaSet(SchemaCheckContracts.ClientRoots.Select(PackSchema.For)).ToJsonString();
        var path = Path.Combine(RepositoryPaths.Root, "tests", "Pack.TypeScript.Tests", "Schemas", "schema-check.schema.json");

        if (Environment.GetEnvironmentVariable("PACK_UPDATE_GENERATED") == "1")
        {
            File.WriteAllText(path, text);
        }

        Assert.Equal(text, File.ReadAllText(path));
    }

    [Fact]
    public async Task NodeTest_SchemaCheckAgainstKestrel_Passes()
    {
        toolchain.RequireBuild();
        await using var server = await SchemaCheckServer.StartAsync();

        var run = await Task.Run(() => TypeScriptToolchain.Node(
            "--test --test-reporter=tap test/e2e/",
            TimeSpan.FromMinutes(3),
            new Dictionary<string, string> { ["PACK_SCHEMA_SERVER"] = server.BaseAddress }));

        Assert.True(run.ExitCode == 0, run.Describe());
        Assert.Matches(FailZero(), run.Output);
        var pass = PassCount().Match(run.Output);
        Assert.True(pass.Success && int.Parse(pass.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) >= 7, run.Output);
    }

    [System.Text.RegularExpressions.GeneratedRegex(@"^# fail 0$", System.Text.RegularExpressions.RegexOptions.Multiline)]
    private static partial System.Text.RegularExpressions.Regex FailZero();

    [System.Text.RegularExpressions.GeneratedRegex(@"^# pass (\d+)$", System.Text.RegularExpressions.RegexOptions.Multiline)]
    private static partial System.Text.RegularExpressions.Regex PassCount();
}

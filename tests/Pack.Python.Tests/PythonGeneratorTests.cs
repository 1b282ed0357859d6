using Pack.Schema;
using Pack.Tool.Python;

namespace Pack.Python.Tests;

/// <summary>
/// <c>pack py</c> (<see cref="PythonEmitter"/>): the schema fixtures generate exactly the modules committed under
/// clients/python/tests/generated (which the Python suites import), and those modules, with the package, pass
/// <c>mypy --strict</c>. <c>PACK_UPDATE_GENERATED=1</c> rewrites them after a deliberate change.
/// </summary>
public sealed class PythonGeneratorTests(PythonToolchain toolchain) : IClassFixture<PythonToolchain>
{
    public static TheoryData<string, string> Fixtures => new()
    {
        { "sample-api.served.schema.json", "sample_api.py" },
        { "vectors.schema.json", "vectors.py" },
    };

    [Theory]
    [MemberData(nameof(Fixtures))]
    public void Generate_FixtureSchema_EqualsCommittedModule(string schemaFile, string module)
    {
        var set = PackSchemaSet.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Schemas", schemaFile)));
        string text = PythonEmitter.Generate(set, schemaFile);
        string path = Path.Combine(PythonToolchain.Package, "tests", "generated", module);
        if (Environment.GetEnvironmentVariable("PACK_UPDATE_GENERATED") == "1")
        {
            File.WriteAllText(path, text);
        }

        Assert.True(File.Exists(path), $"{path} is missing: run with PACK_UPDATE_GENERATED=1 to write it.");
        Assert.Equal(File.ReadAllText(path), text);
    }

    [Fact]
    public void Mypy_StrictOnPackageAndGeneratedModules_Passes()
    {
        toolchain.RequireMypy();

        var run = PythonToolchain.Run("-m mypy --strict --python-version 3.11 --no-incremental src/pack_client tests/generated", TimeSpan.FromMinutes(5),
            new Dictionary<string, string> { ["MYPYPATH"] = "src" });

        Assert.True(run.ExitCode == 0, run.Describe());
        Assert.Contains("Success: no issues found", run.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task PackPy_Command_WritesTheModule()
    {
        string directory = Path.Combine(Path.GetTempPath(), "pack-py-" + Guid.NewGuid().ToString("n"));
        try
        {
            using var output = new StringWriter();
            using var error = new StringWriter();
            int code = await Pack.Tool.PackTool.RunAsync(
                ["py", "--schema", Path.Combine(AppContext.BaseDirectory, "Schemas", "vectors.schema.json"), "--out", directory, "--module", "vectors"], output, error);

            Assert.True(code == 0, error.ToString());
            Assert.Equal(File.ReadAllText(Path.Combine(PythonToolchain.Package, "tests", "generated", "vectors.py")), File.ReadAllText(Path.Combine(directory, "vectors.py")));
        }
        finally
        {
            if (Directory.Exists(directory))
            {
                Directory.Delete(directory, recursive: true);
            }
        }
    }
}

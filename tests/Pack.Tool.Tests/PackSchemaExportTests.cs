using Pack.Schema;
using Pack.Tests.Schema.Fixtures;

namespace Pack.Tool.Tests;

/// <summary><c>pack schema export</c> loads an assembly in its own load context and writes the schemas the codec builds.</summary>
public sealed class PackSchemaExportTests : IDisposable
{
    private readonly SchemaFiles files = new();

    public void Dispose() => files.Dispose();

    [Fact]
    public async Task Export_NamedTypes_WritesTheSchemasTheCodecBuilds()
    {
        string assembly = typeof(PackSchemaExportTests).Assembly.Location;
        string output = files.PathOf("exported.json");

        var (exit, text, error) = await ToolRunner.RunAsync("schema", "export", assembly, "--type", "Pack.Tests.Schema.Fixtures.SchemaV1.Order", "--type", "Pack.Tests.Schema.Fixtures.SchemaV2+Shape", "--out", output);

        Assert.True(exit == 0, error);
        Assert.Contains("wrote 2 schemas", text, StringComparison.Ordinal);
        var set = PackSchemaSet.Parse(await File.ReadAllTextAsync(output));
        Assert.Equal(
            new[] { PackSchema.For(typeof(SchemaV1.Order)), PackSchema.For(typeof(SchemaV2.Shape)) }.Select(s => s.ContractFingerprint).Order(StringComparer.Ordinal),
            set.Schemas.Select(s => s.ContractFingerprint).Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task Export_WholeAssembly_IncludesEveryContract()
    {
        var (exit, text, _) = await ToolRunner.RunAsync("schema", "export", typeof(PackSchemaExportTests).Assembly.Location);

        Assert.Equal(0, exit);
        var set = PackSchemaSet.Parse(text);
        Assert.NotNull(set.Find("Pack.Tests.Schema.Fixtures.SchemaV1.Shape"));
        Assert.NotNull(set.Find("Pack.Tests.Schema.Fixtures.SchemaV2.Coord"));
    }

    [Fact]
    public async Task Export_UnknownType_IsAUsageError()
    {
        var (exit, _, error) = await ToolRunner.RunAsync("schema", "export", typeof(PackSchemaExportTests).Assembly.Location, "--type", "NoSuchType");

        Assert.Equal(2, exit);
        Assert.Contains("has no public type 'NoSuchType'", error, StringComparison.Ordinal);
    }
}

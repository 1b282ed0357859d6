using System.Reflection;
using Pack.Schema;
using Pack.Tool.Loading;
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

    [Fact]
    public async Task Export_ClassLibraryWithPackageDependencies_LoadsThemFromTheNuGetCache()
    {
        // samples/Contracts is a class library referencing Refit, whose generated module initializer runs on first use
        // of any of its types; its build output holds no Refit.dll, so the package must come from the NuGet cache.
        string assembly = typeof(PackSchemaExportTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "SampleContractsAssembly").Value!;
        Assert.False(File.Exists(Path.Combine(Path.GetDirectoryName(assembly)!, "Refit.dll")));

        var (exit, text, error) = await ToolRunner.RunAsync("schema", "export", assembly);

        Assert.True(exit == 0, error);
        var set = PackSchemaSet.Parse(text);
        Assert.NotNull(set.Find("Pack.Samples.Contracts.Shipment"));
        Assert.NotNull(set.Find("Pack.Samples.Contracts.Order"));
    }

    [Fact]
    public void PackageAssemblyProbe_DepsJsonPackage_ResolvesToTheRuntimeAssetInThePackagesFolder()
    {
        string assembly = files.PathOf("Shop.Contracts.dll");
        string packages = files.PathOf("packages");
        string asset = Path.Combine(packages, "acme.http", "2.1.0", "lib", "net10.0", "Acme.Http.dll");
        Directory.CreateDirectory(Path.GetDirectoryName(asset)!);
        File.WriteAllText(asset, "");
        File.WriteAllText(Path.ChangeExtension(assembly, ".deps.json"), """
            {
              "targets": { ".NETCoreApp,Version=v10.0": {
                "Shop.Contracts/1.0.0": { "dependencies": { "Acme.Http": "2.1.0" }, "runtime": { "Shop.Contracts.dll": {} } },
                "Acme.Http/2.1.0": { "runtime": { "lib/net10.0/Acme.Http.dll": { "assemblyVersion": "2.0.0.0" } } },
                "Acme.Missing/1.0.0": { "runtime": { "lib/net10.0/Acme.Missing.dll": {} } }
              } },
              "libraries": {
                "Shop.Contracts/1.0.0": { "type": "project" },
                "Acme.Http/2.1.0": { "type": "package", "path": "acme.http/2.1.0" },
                "Acme.Missing/1.0.0": { "type": "package", "path": "acme.missing/1.0.0" }
              }
            }
            """);

        var probe = PackageAssemblyProbe.For(assembly, packages);

        Assert.Equal(asset, probe.Resolve(new AssemblyName("Acme.Http, Version=2.0.0.0")));
        Assert.Null(probe.Resolve(new AssemblyName("Acme.Missing")));
        Assert.Null(probe.Resolve(new AssemblyName("Shop.Contracts")));
    }
}

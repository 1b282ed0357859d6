using System.Reflection;
using Pack.Schema;

namespace Pack.Generator.Tests;

/// <summary>
/// The PackSchemaFile build option (docs/schema.md §4.2): this project sets it, so its build wrote the schema set of
/// every context's roots, computed by the generator at compile time; it is exactly the set PackSchema.For builds at
/// run time from the same roots.
/// </summary>
public class PackSchemaFileTests
{
    private static readonly string SchemaFile = typeof(PackSchemaFileTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "PackSchemaFile").Value!;

    [Fact]
    public void Build_PackSchemaFile_WritesTheRunTimeSchemaSetOfEveryContextRoot()
    {
        var roots = typeof(PackSchemaFileTests).Assembly.GetTypes()
            .Where(t => t.IsSubclassOf(typeof(PackSerializerContext)) && !t.IsAbstract)
            .Select(t => (PackSerializerContext)t.GetProperty("Default", BindingFlags.Public | BindingFlags.Static)!.GetValue(null)!)
            .SelectMany(c => c.GeneratedSchemas)
            .Select(s => s.Type)
            .ToList();
        var runTime = new PackSchemaSet(roots.Select(PackSchema.For));

        string written = File.ReadAllText(SchemaFile);

        Assert.True(roots.Count > 100, $"only {roots.Count} roots?");
        Assert.Equal(runTime.ToJsonString(), written);
        // One entry per label (int[] and List<int> are both list<i32>), each with its recorded fingerprints checked.
        Assert.Equal(runTime.Schemas.Select(s => s.Label), PackSchemaSet.Parse(written).Schemas.Select(s => s.Label));
    }
}

using Pack.Schema;

namespace Pack.Tool.Tests;

/// <summary>Writes schema files of CLR types into a temporary folder, deleted on dispose.</summary>
public sealed class SchemaFiles : IDisposable
{
    private readonly string directory = Directory.CreateTempSubdirectory("pack-tool-tests-").FullName;

    public string Write(string name, params Type[] types)
    {
        string path = Path.Combine(directory, name);
        File.WriteAllText(path, new PackSchemaSet(types.Select(PackSchema.For)).ToJsonString());
        return path;
    }

    public string PathOf(string name) => Path.Combine(directory, name);

    public void Dispose() => Directory.Delete(directory, recursive: true);
}

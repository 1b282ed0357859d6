namespace Pack.TypeScript.Tests;

/// <summary>Finds the repository root (the folder holding Web.sln) by walking up from the test binaries.</summary>
public static class RepositoryPaths
{
    public static string Root { get; } = FindRoot();

    public static string Package { get; } = Path.Combine(Root, "clients", "typescript");

    private static string FindRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Web.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"No Web.sln above {AppContext.BaseDirectory}.");
    }
}

namespace Pack.Samples.Tests;

/// <summary>The repository root (the folder holding Web.sln), found by walking up from the test binaries.</summary>
internal static class RepositoryRoot
{
    public static string Path { get; } = Find();

    private static string Find()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(System.IO.Path.Combine(directory.FullName, "Web.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"No Web.sln above {AppContext.BaseDirectory}.");
    }
}

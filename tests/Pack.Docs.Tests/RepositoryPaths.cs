namespace Pack.Docs.Tests;

/// <summary>Finds the repository root (the folder holding Web.sln) by walking up from the test binaries, and the markdown published with the packages.</summary>
public static class RepositoryPaths
{
    /// <summary>The repository root.</summary>
    public static string Root { get; } = FindRoot();

    /// <summary>
    /// The address of this repository's default branch on GitHub (<c>RepositoryUrl</c> in Directory.Build.props, then
    /// <c>blob/main/</c>). A page shown away from the repository (nuget.org, npmjs.com) links here instead of relatively.
    /// </summary>
    public const string GitHubBlob = "https://github.com/pack-dotnet/pack/blob/main/";

    /// <summary>As <see cref="GitHubBlob"/>, for folders.</summary>
    public const string GitHubTree = "https://github.com/pack-dotnet/pack/tree/main/";

    /// <summary>The npm package's README, shown on npmjs.com.</summary>
    public const string NpmReadme = "clients/typescript/README.md";

    /// <summary>
    /// Every NuGet package's gallery page: each <c>PACKAGE.md</c> under <c>src/</c>, <c>tools/</c> and <c>clients/</c>
    /// (build output left out), repository-relative with <c>/</c>, in ordinal order.
    /// </summary>
    public static IReadOnlyList<string> PackagePages { get; } = FindPackagePages();

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

    private static List<string> FindPackagePages()
    {
        var pages = new List<string>();
        foreach (var folder in new[] { "src", "tools", "clients" })
        {
            var full = Path.Combine(Root, folder);
            if (!Directory.Exists(full))
            {
                continue;
            }

            foreach (var page in Directory.GetFiles(full, "PACKAGE.md", SearchOption.AllDirectories))
            {
                var relative = Path.GetRelativePath(Root, page).Replace('\\', '/');
                if (!IsBuildOutput(relative))
                {
                    pages.Add(relative);
                }
            }
        }

        pages.Sort(StringComparer.Ordinal);
        return pages;
    }

    private static bool IsBuildOutput(string relative)
    {
        foreach (var segment in relative.Split('/'))
        {
            if (segment is "bin" or "obj" or "node_modules")
            {
                return true;
            }
        }

        return false;
    }
}

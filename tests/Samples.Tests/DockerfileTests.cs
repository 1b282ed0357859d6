using System.Xml.Linq;

namespace Pack.Samples.Tests;

/// <summary>
/// The sample Dockerfiles restore from hand-listed project files (so a code change keeps the package layer) and then
/// publish from copied folders. A project added to the reference graph (the source generator, a new library) breaks
/// the image build unless both lists follow. These tests replay each Dockerfile's COPY lines over the repository
/// (honouring .dockerignore) and check that the restore step sees every project file and Directory.* file of the
/// published project's reference closure, and the publish step every source file of it. They run without Docker.
/// </summary>
public sealed class DockerfileTests
{
    private static readonly string Root = RepositoryRoot.Path;

    public static TheoryData<string> Dockerfiles()
    {
        var data = new TheoryData<string>();
        foreach (var file in Directory.GetFiles(Path.Combine(Root, "samples"), "Dockerfile", SearchOption.AllDirectories))
        {
            data.Add(Relative(file));
        }

        return data;
    }

    [Fact]
    public void Every_compose_service_is_built_from_a_checked_Dockerfile()
    {
        var compose = File.ReadAllText(Path.Combine(Root, "docker-compose.yml"));
        var listed = Dockerfiles().Select(static (object[] row) => (string)row[0]).ToHashSet(StringComparer.Ordinal);
        var referenced = compose.Split('\n')
            .Select(line => line.Trim())
            .Where(line => line.StartsWith("dockerfile:", StringComparison.Ordinal))
            .Select(line => line["dockerfile:".Length..].Trim())
            .ToList();

        Assert.NotEmpty(referenced);
        Assert.All(referenced, path => Assert.Contains(path, listed));
    }

    [Theory]
    [MemberData(nameof(Dockerfiles))]
    public void Restore_and_publish_see_the_whole_project_closure(string dockerfile)
    {
        var image = new HashSet<string>(StringComparer.Ordinal);
        string? restored = null;
        string? published = null;
        var atRestore = new HashSet<string>(StringComparer.Ordinal);
        var stage = 0;

        foreach (var instruction in Instructions(Path.Combine(Root, dockerfile)))
        {
            var parts = instruction.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            switch (parts[0].ToUpperInvariant())
            {
                case "FROM":
                    stage++;
                    break;
                case "WORKDIR" when stage == 1:
                    Assert.Equal("/repo", parts[1]);
                    break;
                case "COPY" when stage == 1:
                    Assert.DoesNotContain(parts, part => part.StartsWith("--from", StringComparison.Ordinal));
                    Copy(parts[1..^1], parts[^1], image);
                    break;
                case "RUN" when stage == 1 && parts.Length > 2 && parts[1] == "dotnet" && parts[2] == "restore":
                    restored = parts[3];
                    atRestore.UnionWith(image);
                    break;
                case "RUN" when stage == 1 && parts.Length > 2 && parts[1] == "dotnet" && parts[2] == "publish":
                    published = parts[3];
                    break;
            }
        }

        Assert.NotNull(restored);
        Assert.NotNull(published);
        Assert.Equal(restored, published);

        var closure = ProjectClosure(published!);
        Assert.Contains(published!, closure);

        var missingAtRestore = new List<string>();
        var missingAtPublish = new List<string>();
        foreach (var project in closure)
        {
            foreach (var needed in RestoreInputs(project))
            {
                if (!atRestore.Contains(needed))
                {
                    missingAtRestore.Add(needed);
                }
            }

            foreach (var file in ContextFiles(Path.GetDirectoryName(project)!))
            {
                if (!image.Contains(file))
                {
                    missingAtPublish.Add(file);
                }
            }
        }

        Assert.True(missingAtRestore.Count == 0, $"{dockerfile}: not copied before `dotnet restore`: {string.Join(", ", missingAtRestore.Distinct())}");
        Assert.True(missingAtPublish.Count == 0, $"{dockerfile}: not copied before `dotnet publish`: {string.Join(", ", missingAtPublish.Distinct().Take(10))}");
    }

    /// <summary>The project and every project it references, transitively (analyzer references included).</summary>
    private static SortedSet<string> ProjectClosure(string project)
    {
        var closure = new SortedSet<string>(StringComparer.Ordinal);
        var pending = new Stack<string>();
        pending.Push(project);
        while (pending.Count > 0)
        {
            var current = pending.Pop();
            if (!closure.Add(current))
            {
                continue;
            }

            var full = Path.Combine(Root, current);
            Assert.True(File.Exists(full), $"referenced project {current} does not exist");
            foreach (var reference in XDocument.Load(full).Descendants("ProjectReference"))
            {
                var include = reference.Attribute("Include")!.Value.Replace('\\', '/');
                pending.Push(Relative(Path.GetFullPath(Path.Combine(Path.GetDirectoryName(full)!, include))));
            }
        }

        return closure;
    }

    /// <summary>What `dotnet restore` of a project reads: the project file and the Directory.* files above it.</summary>
    private static IEnumerable<string> RestoreInputs(string project)
    {
        yield return project;
        for (var directory = Path.GetDirectoryName(Path.Combine(Root, project)); directory is not null && directory.Length >= Root.Length; directory = Path.GetDirectoryName(directory))
        {
            foreach (var name in new[] { "Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props", "global.json", "NuGet.config", "nuget.config" })
            {
                var candidate = Path.Combine(directory, name);
                if (File.Exists(candidate))
                {
                    yield return Relative(candidate);
                }
            }
        }
    }

    /// <summary>Applies one COPY instruction (sources relative to the build context, destination relative to /repo).</summary>
    private static void Copy(string[] sources, string destination, HashSet<string> image)
    {
        destination = destination is "." or "./" ? "" : destination.TrimStart('.', '/');
        foreach (var source in sources)
        {
            var full = Path.Combine(Root, source);
            if (Directory.Exists(full))
            {
                foreach (var file in ContextFiles(source.TrimEnd('/')))
                {
                    var relative = file[source.TrimEnd('/').Length..].TrimStart('/');
                    image.Add(Join(destination, relative));
                }
            }
            else
            {
                Assert.True(File.Exists(full), $"COPY source {source} does not exist");
                Assert.False(Ignored(source), $"COPY source {source} is excluded by .dockerignore");
                image.Add(destination.Length == 0 || destination.EndsWith('/') ? Join(destination, Path.GetFileName(source)) : destination);
            }
        }
    }

    /// <summary>The files of a folder that the build context holds (what .dockerignore does not exclude).</summary>
    private static IEnumerable<string> ContextFiles(string folder)
    {
        foreach (var file in Directory.EnumerateFiles(Path.Combine(Root, folder), "*", SearchOption.AllDirectories))
        {
            var relative = Relative(file);
            if (!Ignored(relative))
            {
                yield return relative;
            }
        }
    }

    private static bool Ignored(string relative)
    {
        foreach (var raw in File.ReadAllLines(Path.Combine(Root, ".dockerignore")))
        {
            var pattern = raw.Trim();
            if (pattern.Length == 0 || pattern.StartsWith('#'))
            {
                continue;
            }

            if (pattern.StartsWith("**/", StringComparison.Ordinal))
            {
                var segment = "/" + pattern[3..].TrimEnd('/') + "/";
                if (("/" + relative).Contains(segment, StringComparison.Ordinal))
                {
                    return true;
                }
            }
            else if (relative.StartsWith(pattern.TrimEnd('/') + "/", StringComparison.Ordinal) || relative == pattern.TrimEnd('/'))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The Dockerfile's instructions with comments dropped and continuation lines joined.</summary>
    private static IEnumerable<string> Instructions(string path)
    {
        var current = "";
        foreach (var raw in File.ReadAllLines(path))
        {
            var line = raw.Trim();
            if (line.StartsWith('#') || (line.Length == 0 && current.Length == 0))
            {
                continue;
            }

            if (line.EndsWith('\\'))
            {
                current += line[..^1] + " ";
                continue;
            }

            current += line;
            if (current.Length > 0)
            {
                yield return current;
            }

            current = "";
        }
    }

    private static string Join(string destination, string relative) =>
        destination.Length == 0 ? relative : destination.TrimEnd('/') + "/" + relative;

    private static string Relative(string full) => Path.GetRelativePath(Root, full).Replace('\\', '/');
}

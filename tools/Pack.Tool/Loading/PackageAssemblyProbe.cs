using System.Reflection;
using System.Text.Json;

namespace Pack.Tool.Loading;

/// <summary>
/// Finds a contract assembly's package dependencies in the NuGet global packages folder, from the assembly's
/// <c>.deps.json</c>. A class library's build output holds only its own assembly (and its project references'): its
/// packages stay in the NuGet cache, where the app that references it would find them at its own build, and a library
/// has no <c>.runtimeconfig.json</c> naming probe paths, so <see cref="System.Runtime.Loader.AssemblyDependencyResolver"/>
/// cannot find them.
/// </summary>
internal sealed class PackageAssemblyProbe
{
    private readonly Dictionary<string, string> paths = new(StringComparer.OrdinalIgnoreCase);

    private PackageAssemblyProbe()
    {
    }

    /// <summary>The probe for the assembly at <paramref name="assemblyPath"/>: empty without a .deps.json or a packages folder.</summary>
    public static PackageAssemblyProbe For(string assemblyPath, string? packagesFolder = null)
    {
        var probe = new PackageAssemblyProbe();
        string depsFile = Path.ChangeExtension(assemblyPath, ".deps.json");
        packagesFolder ??= DefaultPackagesFolder();
        if (!File.Exists(depsFile) || packagesFolder is null || !Directory.Exists(packagesFolder))
        {
            return probe;
        }

        try
        {
            using var deps = JsonDocument.Parse(File.ReadAllText(depsFile));
            JsonElement root = deps.RootElement;
            if (!root.TryGetProperty("libraries", out JsonElement libraries) || !root.TryGetProperty("targets", out JsonElement targets))
            {
                return probe;
            }

            foreach (JsonProperty target in targets.EnumerateObject())
            {
                foreach (JsonProperty library in target.Value.EnumerateObject())
                {
                    if (!library.Value.TryGetProperty("runtime", out JsonElement runtime)
                        || !libraries.TryGetProperty(library.Name, out JsonElement description)
                        || !description.TryGetProperty("type", out JsonElement type) || type.GetString() != "package"
                        || !description.TryGetProperty("path", out JsonElement packagePath) || packagePath.GetString() is not { } package)
                    {
                        continue;
                    }

                    foreach (JsonProperty asset in runtime.EnumerateObject())
                    {
                        string file = Path.Combine(packagesFolder, package, asset.Name);
                        if (File.Exists(file))
                        {
                            probe.paths.TryAdd(Path.GetFileNameWithoutExtension(asset.Name), file);
                        }
                    }
                }
            }
        }
        catch (JsonException)
        {
            // An unreadable .deps.json resolves nothing; the load then fails with the runtime's own message.
        }

        return probe;
    }

    /// <summary>The path of the package assembly named <paramref name="name"/>, or <see langword="null"/>.</summary>
    public string? Resolve(AssemblyName name) => name.Name is { } simple && paths.TryGetValue(simple, out string? path) ? path : null;

    /// <summary>Where NuGet restores packages: <c>NUGET_PACKAGES</c>, else <c>~/.nuget/packages</c>.</summary>
    private static string? DefaultPackagesFolder()
    {
        string? configured = Environment.GetEnvironmentVariable("NUGET_PACKAGES");
        if (!string.IsNullOrEmpty(configured))
        {
            return configured;
        }

        string home = Environment.GetFolderPath(Environment.SpecialFolder.UserProfile);
        return home.Length == 0 ? null : Path.Combine(home, ".nuget", "packages");
    }
}

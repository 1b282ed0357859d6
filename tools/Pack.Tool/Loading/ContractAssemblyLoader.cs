using System.Reflection;
using System.Runtime.Loader;

namespace Pack.Tool.Loading;

/// <summary>
/// Loads a user's assembly into the tool's own load context, resolving its dependencies from its folder (its
/// .deps.json first) and then, for a class library, its packages from the NuGet cache. One context, so the codec's
/// run-time formatters bind to its types as in the user's app, and <c>[PackUnion]</c> and the other attributes are the
/// types the codec looks for (Pack itself is the tool's copy).
/// </summary>
internal static class ContractAssemblyLoader
{
    public static Assembly Load(string assemblyPath)
    {
        var resolver = new AssemblyDependencyResolver(assemblyPath);
        var packages = PackageAssemblyProbe.For(assemblyPath);
        string folder = Path.GetDirectoryName(assemblyPath)!;
        AssemblyLoadContext.Default.Resolving += (context, name) =>
        {
            string? path = resolver.ResolveAssemblyToPath(name);
            string candidate = Path.Combine(folder, name.Name + ".dll");
            path ??= File.Exists(candidate) ? candidate : null;
            path ??= packages.Resolve(name);
            return path is null ? null : context.LoadFromAssemblyPath(path);
        };

        var name = AssemblyName.GetAssemblyName(assemblyPath);
        foreach (var loaded in AssemblyLoadContext.Default.Assemblies)
        {
            if (AssemblyName.ReferenceMatchesDefinition(name, loaded.GetName()))
            {
                return loaded; // Already loaded (the tool's tests export their own assembly).
            }
        }

        return AssemblyLoadContext.Default.LoadFromAssemblyPath(assemblyPath);
    }
}

using System.Diagnostics;
using System.Reflection;
using Pack.Schema;

namespace Pack.Tool.Loading;

/// <summary>Where schemas come from: a schema file, a URL serving one, or an assembly or project whose contracts are exported.</summary>
internal static class SchemaSources
{
    public static bool IsUrl(string source) => source.StartsWith("http://", StringComparison.OrdinalIgnoreCase) || source.StartsWith("https://", StringComparison.OrdinalIgnoreCase);

    /// <summary>Reads a schema set from a .json file, a URL, an assembly (.dll) or a project (.csproj).</summary>
    public static async Task<PackSchemaSet> LoadAsync(string source, IReadOnlyList<string> types, HttpMessageHandler? http)
    {
        if (IsUrl(source))
        {
            using var client = http is null ? new HttpClient() : new HttpClient(http, disposeHandler: false);
            client.Timeout = TimeSpan.FromSeconds(30);
            string text = await client.GetStringAsync(new Uri(source)).ConfigureAwait(false);
            return Parse(text, source);
        }

        if (source.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) || source.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase))
        {
            return Export(source, types);
        }

        if (!File.Exists(source))
        {
            throw new UsageException($"no such file: {source}");
        }

        return Parse(await File.ReadAllTextAsync(source).ConfigureAwait(false), source);
    }

    /// <summary>The schemas of an assembly's (or project's) contracts: the named types, or every public type Pack supports.</summary>
    public static PackSchemaSet Export(string source, IReadOnlyList<string> types)
    {
        string assemblyPath = source.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase) ? BuildProject(source) : Path.GetFullPath(source);
        if (!File.Exists(assemblyPath))
        {
            throw new UsageException($"no such assembly: {assemblyPath}");
        }

        var assembly = ContractAssemblyLoader.Load(assemblyPath);
        Type[] exported;
        try
        {
            exported = assembly.GetExportedTypes();
        }
        catch (ReflectionTypeLoadException exception)
        {
            throw new UsageException($"cannot load the types of {assemblyPath}: {exception.LoaderExceptions.FirstOrDefault()?.Message}");
        }

        var schemas = new List<PackSchema>();
        if (types.Count > 0)
        {
            foreach (string name in types)
            {
                var matches = exported.Where(t => t.FullName == name || t.FullName?.Replace('+', '.') == name || t.Name == name).ToArray();
                var type = matches.Length switch
                {
                    1 => matches[0],
                    0 => throw new UsageException($"{Path.GetFileName(assemblyPath)} has no public type '{name}'"),
                    _ => throw new UsageException($"'{name}' is ambiguous in {Path.GetFileName(assemblyPath)}: {string.Join(", ", matches.Select(m => m.FullName))}; give the full name"),
                };
                schemas.Add(PackSchema.For(type));
            }

            return new PackSchemaSet(schemas);
        }

        foreach (var type in exported)
        {
            if (IsContractCandidate(type) && TryFor(type) is { } schema)
            {
                schemas.Add(schema);
            }
        }

        return new PackSchemaSet(schemas);
    }

    private static PackSchemaSet Parse(string text, string source)
    {
        try
        {
            return PackSchemaSet.Parse(text);
        }
        catch (FormatException exception)
        {
            throw new UsageException($"{source} is not a Pack schema: {exception.Message}");
        }
    }

    private static bool IsContractCandidate(Type type)
        => !type.IsGenericTypeDefinition && !(type.IsAbstract && type.IsSealed) && !typeof(Attribute).IsAssignableFrom(type)
           && !typeof(Exception).IsAssignableFrom(type) && !typeof(Delegate).IsAssignableFrom(type)
           && (!type.IsAbstract && !type.IsInterface || type.IsDefined(typeof(PackUnionAttribute), inherit: false));

    private static PackSchema? TryFor(Type type)
    {
        try
        {
            return PackSchema.For(type);
        }
        catch (Exception exception) when (exception is NotSupportedException or InvalidOperationException or MissingMethodException or TargetInvocationException or PackException)
        {
            return null;
        }
    }

    private static string BuildProject(string project)
    {
        if (!File.Exists(project))
        {
            throw new UsageException($"no such project: {project}");
        }

        Run("dotnet", ["build", project, "-v", "q", "--nologo"], out _);
        Run("dotnet", ["msbuild", project, "-getProperty:TargetPath"], out string path);
        return path.Trim();
    }

    private static void Run(string file, string[] arguments, out string output)
    {
        var start = new ProcessStartInfo(file) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start) ?? throw new UsageException($"cannot start {file}");
        var stderr = process.StandardError.ReadToEndAsync();
        output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        if (process.ExitCode != 0)
        {
            throw new UsageException($"{file} {string.Join(' ', arguments)} failed:\n{output}{stderr.Result}");
        }
    }
}

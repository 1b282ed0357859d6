using Pack.Tool.Loading;

namespace Pack.Tool.Commands;

/// <summary><c>pack schema export &lt;assembly.dll | project.csproj&gt; [--type T ...] [--out file]</c>.</summary>
internal static class SchemaExportCommand
{
    public static async Task<int> RunAsync(CommandLine line, TextWriter output)
    {
        line.Only("--type", "--out");
        if (line.Positional.Count != 1)
        {
            throw new UsageException("schema export takes one assembly (.dll) or project (.csproj)");
        }

        string source = line.Positional[0];
        if (!source.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) && !source.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase))
        {
            throw new UsageException($"schema export reads an assembly (.dll) or a project (.csproj), not '{source}'");
        }

        var set = SchemaSources.Export(source, line.All("--type"));
        if (set.Schemas.Count == 0)
        {
            throw new UsageException($"{source} has no public type Pack can write; name one with --type");
        }

        string json = set.ToJsonString();
        if (line.One("--out") is { } path)
        {
            await File.WriteAllTextAsync(path, json).ConfigureAwait(false);
            await output.WriteLineAsync($"wrote {set.Schemas.Count} schema{(set.Schemas.Count == 1 ? string.Empty : "s")} to {path}").ConfigureAwait(false);
        }
        else
        {
            await output.WriteAsync(json).ConfigureAwait(false);
        }

        return ExitCodes.Success;
    }
}

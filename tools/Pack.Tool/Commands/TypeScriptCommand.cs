using System.Text;
using Pack.Tool.Loading;
using Pack.Tool.TypeScript;

namespace Pack.Tool.Commands;

/// <summary>
/// <c>pack ts --schema &lt;file | URL&gt; --out &lt;dir&gt; [--runtime module]</c>: TypeScript for the <c>@pack/client</c>
/// runtime (clients/typescript) from a schema or schema set, through <see cref="TypeScriptGenerator"/>.
/// </summary>
internal static class TypeScriptCommand
{
    public static async Task<int> RunAsync(CommandLine line, TextWriter output, HttpMessageHandler? http)
    {
        line.Only("--schema", "--out", "--runtime");
        if (line.Positional.Count != 0)
        {
            throw new UsageException($"ts takes its inputs as options, not '{line.Positional[0]}'");
        }

        string source = line.One("--schema") ?? throw new UsageException("ts needs --schema <file | URL> (a schema or schema set, as schema export writes or MapPackSchema serves)");
        string directory = line.One("--out") ?? throw new UsageException("ts needs --out <dir>");
        var set = await SchemaSources.LoadAsync(source, [], http).ConfigureAwait(false);
        var options = line.One("--runtime") is { } runtime ? new TypeScriptGeneratorOptions { RuntimeModule = runtime } : new TypeScriptGeneratorOptions();

        Directory.CreateDirectory(directory);
        foreach (var (name, text) in TypeScriptGenerator.Generate(set, options))
        {
            string path = Path.Combine(directory, name);
            await File.WriteAllTextAsync(path, text, new UTF8Encoding(false)).ConfigureAwait(false);
            await output.WriteLineAsync($"wrote {path} ({set.Schemas.Count} root{(set.Schemas.Count == 1 ? string.Empty : "s")})").ConfigureAwait(false);
        }

        return ExitCodes.Success;
    }
}

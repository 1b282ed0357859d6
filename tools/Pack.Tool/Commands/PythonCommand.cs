using System.Text;
using Pack.Tool.Loading;
using Pack.Tool.Python;

namespace Pack.Tool.Commands;

/// <summary>
/// <c>pack py --schema &lt;file | URL&gt; --out &lt;dir&gt; [--module name]</c>: a Python module for the
/// <c>pack_client</c> runtime (clients/python) from a schema or schema set, through <see cref="PythonEmitter"/>.
/// </summary>
internal static class PythonCommand
{
    public static async Task<int> RunAsync(CommandLine line, TextWriter output, HttpMessageHandler? http)
    {
        line.Only("--schema", "--out", "--module");
        if (line.Positional.Count != 0)
        {
            throw new UsageException($"py takes its inputs as options, not '{line.Positional[0]}'");
        }

        string source = line.One("--schema") ?? throw new UsageException("py needs --schema <file | URL> (a schema or schema set, as schema export writes or MapPackSchema serves)");
        string directory = line.One("--out") ?? throw new UsageException("py needs --out <dir>");
        string module = line.One("--module") ?? "contracts";
        if (!PythonNames.Identifier(module, pascal: false).Equals(module, StringComparison.Ordinal))
        {
            throw new UsageException($"--module must be a Python identifier, not '{module}'");
        }

        var set = await SchemaSources.LoadAsync(source, [], http).ConfigureAwait(false);
        Directory.CreateDirectory(directory);
        string path = Path.Combine(directory, module + ".py");
        await File.WriteAllTextAsync(path, PythonEmitter.Generate(set, SourceName(source)), new UTF8Encoding(false)).ConfigureAwait(false);
        await output.WriteLineAsync($"wrote {path} ({set.Schemas.Count} root{(set.Schemas.Count == 1 ? string.Empty : "s")}, {set.Endpoints.Count} endpoint{(set.Endpoints.Count == 1 ? string.Empty : "s")})").ConfigureAwait(false);
        return ExitCodes.Success;
    }

    // The file name or the URL, not a machine's absolute path, so that generated files are the same everywhere.
    private static string SourceName(string source) => SchemaSources.IsUrl(source) ? source : Path.GetFileName(source);
}

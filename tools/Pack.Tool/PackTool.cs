using System.Reflection;
using Pack.Tool.Commands;

namespace Pack.Tool;

/// <summary>
/// The <c>pack</c> command line: dispatches to the commands and turns every failure into a message and an exit code,
/// never a stack trace. Public so that a program can run a command in-process and print exactly what the tool prints
/// (the sample demo shows <c>pack inspect</c> on a live response this way); the commands themselves stay internal.
/// </summary>
public static class PackTool
{
    /// <summary>The usage text printed by <c>pack help</c> and after a usage error.</summary>
    public const string Usage = """
        usage:
          pack schema export <assembly.dll | project.csproj> [--type T ...] [--out file]
          pack schema diff <old> <new> [--type T ...] [--format text|json|github]
          pack inspect <file | hex | URL> --schema <file | URL> [--type T] [--stream] [--json]   (--har file.har: a HAR's exchanges)
          pack ts --schema <file | URL> --out <dir> [--runtime module]
          pack py --schema <file | URL> --out <dir> [--module name]
          pack --version

        exit codes: 0 compatible / decoded, 1 violations / malformed input, 2 usage or I/O error.
        docs: docs/schema.md (the schema), docs/wire-format.md (the bytes), docs/tools.md (this tool).
        """;

    /// <summary>The tool's version as <c>pack --version</c> prints it: the assembly's informational version (from git, <c>+</c> the commit).</summary>
    public static string Version { get; } =
        typeof(PackTool).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
        ?? typeof(PackTool).Assembly.GetName().Version?.ToString()
        ?? "unknown";

    /// <summary>Runs one <c>pack</c> command line, as the tool's <c>Main</c> does.</summary>
    /// <param name="args">The arguments after <c>pack</c>, for example <c>["inspect", url, "--schema", schemaUrl]</c>.</param>
    /// <param name="output">Where the command's output goes.</param>
    /// <param name="error">Where errors and the usage text go.</param>
    /// <param name="http">The handler for URLs (a schema endpoint, a response to inspect), or <see langword="null"/> for a new <see cref="HttpClient"/>'s.</param>
    /// <returns>The exit code: 0 compatible / decoded, 1 violations / malformed input, 2 usage or I/O error.</returns>
    public static async Task<int> RunAsync(string[] args, TextWriter output, TextWriter error, HttpMessageHandler? http = null)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        if (args is ["--version"])
        {
            await output.WriteLineAsync(Version).ConfigureAwait(false);
            return ExitCodes.Success;
        }

        if (Array.Exists(args, a => a is "--help" or "-h") || args is ["help", _, ..])
        {
            return Help(output, [.. args.Where(a => a is not ("--help" or "-h" or "help"))]);
        }

        try
        {
            return args switch
            {
                ["schema", "export", .. var rest] => await SchemaExportCommand.RunAsync(CommandLine.Parse(rest), output).ConfigureAwait(false),
                ["schema", "diff", .. var rest] => await SchemaDiffCommand.RunAsync(CommandLine.Parse(rest), output).ConfigureAwait(false),
                ["inspect", .. var rest] => await InspectCommand.RunAsync(CommandLine.Parse(rest), output, http).ConfigureAwait(false),
                ["ts", .. var rest] => await TypeScriptCommand.RunAsync(CommandLine.Parse(rest), output, http).ConfigureAwait(false),
                ["py", .. var rest] => await PythonCommand.RunAsync(CommandLine.Parse(rest), output, http).ConfigureAwait(false),
                [] or ["help"] => Help(output, []),
                _ => throw new UsageException($"unknown command '{string.Join(' ', args.Take(2))}'"),
            };
        }
        catch (UsageException exception)
        {
            await error.WriteLineAsync($"pack: {exception.Message}").ConfigureAwait(false);
            await error.WriteLineAsync(Usage).ConfigureAwait(false);
            return ExitCodes.Usage;
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or HttpRequestException or FormatException
            or NotSupportedException or BadImageFormatException or InvalidOperationException or TaskCanceledException)
        {
            await error.WriteLineAsync($"pack: {exception.Message}").ConfigureAwait(false);
            return ExitCodes.Usage;
        }
        catch (Exception exception) when (exception is TypeInitializationException or TargetInvocationException)
        {
            // A contract assembly's initializer (a module initializer, a static constructor) failed, most often on a
            // dependency that cannot be found: the cause is the message, not the wrapper's "type initializer threw".
            await error.WriteLineAsync($"pack: cannot load the contracts: {exception.GetBaseException().Message}").ConfigureAwait(false);
            return ExitCodes.Usage;
        }
        catch (Exception exception) when (exception is not OperationCanceledException)
        {
            // A bug, not the input's fault: still one line and an exit code (a script reads them), never a stack trace.
            await error.WriteLineAsync($"pack: internal error ({exception.GetType().Name}): {exception.Message.ReplaceLineEndings(" ")}").ConfigureAwait(false);
            return ExitCodes.Usage;
        }
    }

    /// <summary>
    /// <c>pack --help</c>, <c>pack help</c>: the whole usage; <c>pack inspect --help</c>, <c>pack help schema diff</c>:
    /// the lines of that command (or of every <c>schema</c> command), then the exit codes and docs.
    /// </summary>
    private static int Help(TextWriter output, string[] command)
    {
        string[] lines = Usage.ReplaceLineEndings("\n").Split('\n');
        string[] words = [.. command.TakeWhile(a => !a.StartsWith('-')).Take(2)];
        string[] commandLines = [];
        for (int count = words.Length; count > 0 && commandLines.Length == 0; count--)
        {
            // The longest known command the words start with: "schema diff", "schema", or "inspect" of "inspect file.bin".
            string prefix = "  pack " + string.Join(' ', words.Take(count)) + " ";
            commandLines = [.. lines.Where(l => l.StartsWith(prefix, StringComparison.Ordinal))];
        }

        if (commandLines.Length == 0)
        {
            output.WriteLine(Usage);
            return ExitCodes.Success;
        }

        output.WriteLine("usage:");
        foreach (string line in commandLines)
        {
            output.WriteLine(line);
        }

        output.WriteLine();
        foreach (string line in lines.SkipWhile(l => !l.StartsWith("exit codes:", StringComparison.Ordinal)))
        {
            output.WriteLine(line);
        }

        return ExitCodes.Success;
    }
}

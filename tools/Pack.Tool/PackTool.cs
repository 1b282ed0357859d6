using Pack.Tool.Commands;

namespace Pack.Tool;

/// <summary>The <c>pack</c> command line: dispatches to the commands and turns every failure into a message and an exit code, never a stack trace.</summary>
internal static class PackTool
{
    public const string Usage = """
        usage:
          pack schema export <assembly.dll | project.csproj> [--type T ...] [--out file]
          pack schema diff <old> <new> [--type T ...] [--format text|json|github]
          pack inspect <file | hex | URL> --schema <file | URL> [--type T] [--stream] [--json]
          pack ts --schema <file | URL> --out <dir> [--runtime module]

        exit codes: 0 compatible / decoded, 1 violations / malformed input, 2 usage or I/O error.
        docs: docs/schema.md (the schema), docs/wire-format.md (the bytes), docs/tools.md (this tool).
        """;

    public static async Task<int> RunAsync(string[] args, TextWriter output, TextWriter error, HttpMessageHandler? http = null)
    {
        try
        {
            return args switch
            {
                ["schema", "export", .. var rest] => await SchemaExportCommand.RunAsync(CommandLine.Parse(rest), output).ConfigureAwait(false),
                ["schema", "diff", .. var rest] => await SchemaDiffCommand.RunAsync(CommandLine.Parse(rest), output).ConfigureAwait(false),
                ["inspect", .. var rest] => await InspectCommand.RunAsync(CommandLine.Parse(rest), output, http).ConfigureAwait(false),
                ["ts", .. var rest] => await TypeScriptCommand.RunAsync(CommandLine.Parse(rest), output, http).ConfigureAwait(false),
                [] or ["help"] or ["--help"] or ["-h"] => Help(output),
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
    }

    private static int Help(TextWriter output)
    {
        output.WriteLine(Usage);
        return ExitCodes.Success;
    }
}

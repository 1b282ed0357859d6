namespace Pack.Tool.Tests;

/// <summary>Runs the pack tool in-process, as the command line would, and captures its output.</summary>
public static class ToolRunner
{
    public static async Task<(int Exit, string Output, string Error)> RunAsync(params string[] args)
    {
        using var output = new StringWriter { NewLine = "\n" };
        using var error = new StringWriter { NewLine = "\n" };
        int exit = await PackTool.RunAsync(args, output, error);
        return (exit, output.ToString(), error.ToString());
    }
}

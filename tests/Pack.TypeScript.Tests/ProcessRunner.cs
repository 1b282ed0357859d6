using System.Diagnostics;
using System.Text;

namespace Pack.TypeScript.Tests;

/// <summary>The outcome of a child process.</summary>
public sealed record ProcessResult(string Command, int ExitCode, string Output)
{
    public string Describe() => $"`{Command}` exited with {ExitCode}:\n{Output}";
}

/// <summary>Runs a command to completion with a timeout, capturing stdout and stderr together.</summary>
public static class ProcessRunner
{
    public static ProcessResult Run(string fileName, string arguments, string workingDirectory, TimeSpan timeout, IReadOnlyDictionary<string, string>? environment = null)
    {
        var start = new ProcessStartInfo(fileName, arguments)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.Environment["NO_COLOR"] = "1";
        start.Environment["npm_config_update_notifier"] = "false";
        if (environment is not null)
        {
            foreach (var (key, value) in environment)
            {
                start.Environment[key] = value;
            }
        }

        var output = new StringBuilder();
        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) => Append(output, e.Data);
        process.ErrorDataReceived += (_, e) => Append(output, e.Data);
        try
        {
            process.Start();
        }
        catch (System.ComponentModel.Win32Exception ex)
        {
            return new ProcessResult($"{fileName} {arguments}", -1, $"could not start {fileName}: {ex.Message}");
        }

        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        if (!process.WaitForExit(timeout))
        {
            process.Kill(entireProcessTree: true);
            process.WaitForExit();
            Append(output, $"(killed after {timeout.TotalSeconds:0} s)");
            return new ProcessResult($"{fileName} {arguments}", -1, output.ToString());
        }

        process.WaitForExit();
        return new ProcessResult($"{fileName} {arguments}", process.ExitCode, output.ToString());
    }

    private static void Append(StringBuilder output, string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (output)
        {
            output.AppendLine(line);
        }
    }
}
